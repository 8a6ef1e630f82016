/**
 * A request log opened for import: its compression read from the first bytes, its format told from
 * the first non-blank line (log-format.ts) and the reader for it made, all before the results
 * database is opened, so a missing file or a file of another format writes nothing at all.
 */
import { badLine, linesOf, withHead, type LineChunk } from './log-lines.js';
import { openLogInput, type Compression } from './log-input.js';
import { resolveFormat, type LogFormat } from './log-format.js';
import type { LogFacts, RequestChunk } from './log-request.js';
import { K6Reader } from './k6-reader.js';
import { JmeterCsvReader } from './jmeter-csv-reader.js';
import { JmeterXmlReader } from './jmeter-xml-reader.js';
import { WarpReader } from './warp-reader.js';

export interface OpenedLog {
  file: string;
  compression: Compression;
  /** Filled in by the reader as it reads (a version can come at the end). */
  facts: LogFacts;
  requests: AsyncGenerator<RequestChunk>;
  close(): Promise<void>;
}

/** The first chunks up to the one holding the first non-blank line, and that line's place. */
async function head(
  lines: AsyncGenerator<LineChunk>,
): Promise<{ before: LineChunk[]; at: LineChunk; index: number } | null> {
  const before: LineChunk[] = [];
  for (let got = await lines.next(); !got.done; got = await lines.next()) {
    const c = got.value;
    const index = c.lines.findIndex((l) => l.trim() !== '');
    if (index >= 0) return { before, at: c, index };
    before.push(c);
  }
  return null;
}

async function* chained(chunks: readonly LineChunk[], rest: AsyncGenerator<LineChunk>): AsyncGenerator<LineChunk> {
  for (const c of chunks) yield c;
  yield* rest;
}

export async function openLog(file: string, asked: Exclude<LogFormat, 'csv'> | undefined): Promise<OpenedLog> {
  const input = await openLogInput(file);
  try {
    const lines = linesOf(input);
    const h = await head(lines);
    if (h === null) throw badLine(file, 1, 'the file is empty', 'give the log the tool wrote');
    const { at, index } = h;
    const line = at.lines[index] as string;
    const d = resolveFormat(file, at.first + index, line, asked);
    let reader: K6Reader | JmeterCsvReader | JmeterXmlReader | WarpReader;
    let all: AsyncGenerator<LineChunk>;
    if (d.format === 'k6' || (d.format === 'jmeter' && d.variant === 'xml')) {
      reader = d.format === 'k6' ? new K6Reader(file) : new JmeterXmlReader(file);
      all = chained([...h.before, at], lines);
    } else {
      const after: LineChunk = {
        ...at,
        lines: at.lines.slice(index + 1),
        first: at.first + index + 1,
        unterminated: at.unterminated && index + 1 < at.lines.length,
      };
      if (at.unterminated && index === at.lines.length - 1)
        throw badLine(file, at.first + index, 'the file ends in its header (cut off?)', 'give the whole file');
      if (d.format === 'warp') reader = new WarpReader(file, d.columns);
      else if (d.format === 'jmeter') reader = new JmeterCsvReader(file, d.delimiter, d.columns);
      else throw new Error('unreachable');
      all = withHead(after, lines);
    }
    return {
      file,
      compression: input.compression,
      facts: reader.facts,
      requests: reader.read(all),
      close: () => input.close(),
    };
  } catch (e) {
    await input.close().catch(() => undefined);
    throw e;
  }
}
