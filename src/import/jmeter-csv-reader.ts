/**
 * JMeter's CSV results (a .jtl with `jmeter.save.saveservice.output_format=csv`, the default): a
 * header naming any subset of JMeter's columns in any order, then one sample a line. `timeStamp` is
 * the sample's start in Unix ms (JMeter's shipped `sampleresult.timestamp.start=true`), `elapsed` its
 * duration, `Latency` the time to first byte, `success` JMeter's verdict, `responseCode` the status
 * (or a "Non HTTP response code: …" text), `sentBytes` what was sent. JMeter's CSV has no method.
 *
 * A line without a quote is split on the delimiter (the fast path, nearly every line); a line with
 * one is read as RFC 4180 and joined with the lines after it while a quoted field is open.
 */
import { badLine, type LineChunk } from './log-lines.js';
import type { LogFacts, LogRequest, RequestChunk } from './log-request.js';

/** JMeter's sample columns (SampleSaveConfiguration's names). */
export const JMETER_COLUMNS = [
  'timeStamp', 'elapsed', 'label', 'responseCode', 'responseMessage', 'threadName', 'dataType', 'success',
  'failureMessage', 'bytes', 'sentBytes', 'grpThreads', 'allThreads', 'URL', 'Filename', 'Latency', 'Encoding',
  'SampleCount', 'ErrorCount', 'Hostname', 'IdleTime', 'Connect',
]; // prettier-ignore

const DELIMITERS = [',', '\t', ';', '|'];
const HINT = 'give a JMeter CSV results file with its header row (jmeter.save.saveservice.print_field_names=true)';

/** The delimiter and columns of a JMeter CSV header, or null when it is not one (no timeStamp and elapsed). */
export function jmeterHeader(line: string): { delimiter: string; columns: string[] } | null {
  for (const d of DELIMITERS) {
    const columns = line.split(d).map((c) => c.trim());
    if (columns.includes('timeStamp') && columns.includes('elapsed')) return { delimiter: d, columns };
  }
  return null;
}

/** The cells of a record with quotes (RFC 4180), or null while a quoted field is still open. */
function quotedCells(text: string, d: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === d) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells;
}

/** Whether a responseCode is three digits (an HTTP status; else a "Non HTTP response code" text). */
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isStatusCode = (code: string): boolean =>
  code.length === 3 && isDigit(code.charCodeAt(0)) && isDigit(code.charCodeAt(1)) && isDigit(code.charCodeAt(2));

interface Columns {
  ts: number;
  elapsed: number;
  label: number;
  code: number;
  success: number;
  sent: number;
  bytes: number;
  url: number;
  latency: number;
}

export class JmeterCsvReader {
  readonly facts: LogFacts = { tool: 'jmeter', variant: 'csv', hasMethod: false };
  private readonly col: Columns;
  private readonly width: number;
  /** By column: 1 where request() reads the cell. */
  private readonly wanted: Uint8Array;
  private readonly scratch: string[];

  constructor(
    private readonly file: string,
    private readonly delimiter: string,
    columns: readonly string[],
  ) {
    const at = (name: string): number => columns.indexOf(name);
    this.col = {
      ts: at('timeStamp'),
      elapsed: at('elapsed'),
      label: at('label'),
      code: at('responseCode'),
      success: at('success'),
      sent: at('sentBytes'),
      bytes: at('bytes'),
      url: at('URL'),
      latency: at('Latency'),
    };
    this.width = columns.length;
    this.wanted = new Uint8Array(this.width);
    for (const i of Object.values(this.col)) if (i >= 0) this.wanted[i] = 1;
    this.scratch = new Array<string>(this.width).fill('');
  }

  /**
   * The cells of a line without quotes, as line.split(delimiter) would give them, but only those
   * request() reads (into a reused array; the others stay stale): nearly every line of a large file
   * comes here, and a string for each of JMeter's other columns would only be garbage. Returns the
   * number of cells.
   */
  private unquoted(line: string): number {
    const d = this.delimiter;
    const cells = this.scratch;
    const wanted = this.wanted;
    let count = 0;
    for (let from = 0; ; count++) {
      const at = line.indexOf(d, from);
      if (count < this.width && wanted[count] === 1) cells[count] = line.slice(from, at < 0 ? line.length : at);
      if (at < 0) return count + 1;
      from = at + 1; // every delimiter is one character
    }
  }

  private request(cells: readonly string[], count: number, n: number): LogRequest {
    if (count < this.width)
      throw badLine(this.file, n, `${count} fields, fewer than the header's ${this.width} (cut off?)`, HINT);
    const c = this.col;
    const start = Number(cells[c.ts]);
    const elapsed = Number(cells[c.elapsed]);
    if (!Number.isFinite(start) || !Number.isFinite(elapsed) || elapsed < 0 || cells[c.ts] === '')
      throw badLine(this.file, n, 'timeStamp and elapsed must be numbers of ms', HINT);
    const code = c.code < 0 ? '' : (cells[c.code] as string);
    const status = isStatusCode(code) ? Number(code) : null;
    const success = c.success < 0 ? status !== null && status < 400 : cells[c.success] === 'true';
    const latency = c.latency < 0 ? NaN : Number(cells[c.latency]);
    const sent = c.sent < 0 ? NaN : Number(cells[c.sent]);
    const url = c.url < 0 ? null : (cells[c.url] as string) || null;
    return {
      startMs: start,
      endMs: start + elapsed,
      durationMs: elapsed,
      ttfbMs: Number.isFinite(latency) && latency > 0 ? latency : null,
      method: null,
      name: c.label < 0 ? (url ?? '') : (cells[c.label] as string),
      url,
      status,
      ok: success,
      bytes: Number.isFinite(sent) ? sent : 0,
      line: n,
    };
  }

  async *read(chunks: AsyncIterable<LineChunk>): AsyncGenerator<RequestChunk> {
    const d = this.delimiter;
    let open: { text: string; line: number } | null = null;
    for await (const ch of chunks) {
      const out: LogRequest[] = [];
      for (let i = 0; i < ch.lines.length; i++) {
        const line = ch.lines[i] as string;
        const n = ch.first + i;
        if (open === null && line === '') continue;
        if (open === null && !line.includes('"')) {
          out.push(this.request(this.scratch, this.unquoted(line), n));
          continue;
        }
        const text: string = open === null ? line : `${open.text}\n${line}`;
        const at: number = open === null ? n : open.line;
        const cells = quotedCells(text, d);
        if (cells === null) open = { text, line: at };
        else {
          open = null;
          out.push(this.request(cells, cells.length, at));
        }
      }
      if (ch.end && open !== null) throw badLine(this.file, open.line, 'a quoted field is not closed (cut off?)', HINT);
      if (ch.end && ch.unterminated && out.length > 0) {
        const last = out[out.length - 1] as LogRequest;
        if (last.line === ch.first + ch.lines.length - 1) this.checkLast(ch.lines[ch.lines.length - 1] as string, last);
      }
      yield { requests: out, otherLines: 0 };
    }
  }

  /** A last line without a line break is a whole sample only if its last column is whole too. */
  private checkLast(line: string, req: LogRequest): void {
    const cells = line.includes('"') ? quotedCells(line, this.delimiter) : line.split(this.delimiter);
    if (cells === null || cells.length > this.width) return;
    const lastCell = cells[this.width - 1] ?? '';
    const lastColumnIsNumber = this.width - 1 === this.col.latency || this.width - 1 === this.col.elapsed;
    if (lastCell === '' || (lastColumnIsNumber && !Number.isFinite(Number(lastCell))))
      throw badLine(this.file, req.line, 'the last line is cut off (no line break, last field empty)', HINT);
  }
}
