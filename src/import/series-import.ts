/**
 * One column of a CSV as the per-batch milliseconds of a new run, read whole (readSeries: tests and
 * small files), and the pieces `import`'s streaming path (stream-import.ts) shares with it.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import os from 'node:os';
import { UsageError } from '../errors.js';
import type { BatchRecord, RunRecord } from '../model/records.js';
import { hostFactsOf } from '../model/host-facts.js';
import type { RunTags } from '../model/run-tags.js';
import { newRunId } from '../store/index.js';
import { TOOL_VERSION } from '../version.js';
import { parseCsv } from './csv.js';
import type { CsvRecord } from './csv-stream.js';

export interface ImportOptions {
  file: string;
  column: string;
  batchSize: number;
  label?: string;
  /** import --tag KEY=VALUE. */
  tags?: RunTags;
}

export interface ImportedSeries {
  run: RunRecord;
  batches: BatchRecord[];
}

/** Parses "49847", "49,847" (a quoted thousands separator) or "49847.5" as milliseconds. */
export function parseMs(cell: string, file: string, line: number, column: string): number {
  const t = cell.trim().replace(/(\d),(?=\d{3}\b)/g, '$1');
  const v = Number(t);
  if (t === '' || !Number.isFinite(v) || v <= 0) {
    throw new UsageError(
      'E_BAD_CSV',
      `${file}: line ${line}: column "${column}" has "${cell}", not a positive number of milliseconds`,
      'every batch needs a time above 0; remove summary or blank rows',
    );
  }
  return v;
}

export function readSeries(o: ImportOptions): ImportedSeries {
  let text: string;
  try {
    text = readFileSync(o.file, 'utf8');
  } catch (e) {
    throw new UsageError(
      'E_FILE_UNREADABLE',
      `cannot read ${o.file} (${(e as NodeJS.ErrnoException).code ?? 'unreadable'})`,
      'check the FILE argument of import',
    );
  }
  const table = parseCsv(text, o.file);
  const col = columnIndex(table.header, o);
  if (table.rows.length === 0) throw noBatches(o.file);
  const times = table.rows.map((r) => batchMs(r, col, o));
  const batches: BatchRecord[] = times.map((ms, i) => ({
    index: i + 1,
    objects: o.batchSize,
    objectsBefore: i * o.batchSize,
    bytes: 0,
    wallMs: ms,
    okOps: 0,
    failedOps: 0,
    retriedOps: 0,
    p50Ms: null,
    p95Ms: null,
    p99Ms: null,
    startedAt: null,
  }));
  return { run: importedRun(o, times.length), batches };
}

/** The 0-based index of the --column in the header, or E_BAD_CSV listing the columns there are. */
export function columnIndex(header: readonly string[], o: ImportOptions): number {
  const col = header.indexOf(o.column);
  if (col < 0)
    throw new UsageError(
      'E_BAD_CSV',
      `${o.file} has no column "${o.column}"`,
      `--column must be one of: ${header.join(', ')}`,
    );
  return col;
}

export const noBatches = (file: string): UsageError =>
  new UsageError('E_BAD_CSV', `${file} has a header but no batches`, 'add one row per batch');

/** The batch time (ms) in column col of a data record, or E_BAD_CSV naming the file and line. */
export function batchMs(r: CsvRecord, col: number, o: ImportOptions): number {
  const cell = r.cells[col];
  if (cell === undefined)
    throw new UsageError(
      'E_BAD_CSV',
      `${o.file}: line ${r.line} has ${r.cells.length} fields, fewer than the header`,
      'give every row a value in each column',
    );
  return parseMs(cell, o.file, r.line, o.column);
}

/** The run record of an import of `count` batches. */
export function importedRun(o: ImportOptions, count: number): RunRecord {
  return newImportRun(
    o.label ?? `${basename(o.file)}:${o.column}`,
    o.file,
    {
      import: { file: basename(o.file), format: 'csv', column: o.column },
      batchSize: o.batchSize,
      objects: o.batchSize * count,
    },
    o.batchSize,
    count,
    o.tags ?? {},
  );
}

/** A completed run record of source `import` (a per-batch series or a request log). */
export function newImportRun(
  label: string,
  file: string,
  workload: unknown,
  batchSize: number,
  count: number,
  tags: RunTags = {},
): RunRecord {
  const now = new Date().toISOString();
  return {
    id: newRunId(),
    label,
    ...(Object.keys(tags).length > 0 ? { tags } : {}),
    source: 'import',
    status: 'completed',
    backend: 'import',
    target: basename(file),
    targetInfo: null,
    workload,
    batchSize,
    plannedBatches: count,
    toolVersion: TOOL_VERSION,
    nodeVersion: process.version,
    host: hostFactsOf(os),
    startedAt: now,
    finishedAt: now,
    error: null,
  };
}
