/**
 * `import` of a CSV of any length in flat memory: the file is read as a stream of chunks, parsed by
 * CsvStream (csv-stream.ts), and its rows are checked and written as they come, in chunks of
 * CHUNK_ROWS batches, all inside one transaction: the run and its batches are stored together or not
 * at all (a bad cell on the ten-millionth line rolls back everything before it). The header is read
 * before the results database is opened, so a missing file or column writes nothing at all. While
 * SQLite writes one chunk (on the driver's thread) the next is parsed.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { importedBatchesSql, setImportedPlan, type ResultsStore } from '../store/index.js';
import type { RunRecord } from '../model/records.js';
import { CsvStream, type CsvRecord } from './csv-stream.js';
import { batchMs, columnIndex, importedRun, noBatches, type ImportOptions } from './series-import.js';

/** Batches per chunk written while the next is parsed. */
export const CHUNK_ROWS = 20_000;
/**
 * Bytes read per chunk of the file, decoded into one string: V8 keeps a string of more than about
 * 128 KiB in its large-object space, which costs a separate allocation and collection each.
 */
const READ_BYTES = 64 * 1024;

const unreadable = (file: string, e: unknown): UsageError =>
  new UsageError(
    'E_FILE_UNREADABLE',
    `cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? 'unreadable'})`,
    'check the FILE argument of import',
  );

/** A CSV file opened for import, its header read: the data records follow as batches of records. */
export interface CsvSeries {
  options: ImportOptions;
  column: number;
  /** Records already parsed after the header. */
  first: CsvRecord[];
  rest: AsyncGenerator<CsvRecord[]>;
  close(): Promise<void>;
}

async function* recordsOf(handle: FileHandle, file: string): AsyncGenerator<CsvRecord[]> {
  let queue: CsvRecord[] = [];
  const parser = new CsvStream(file, (r) => queue.push(r));
  const stream = handle.createReadStream({ encoding: 'utf8', highWaterMark: READ_BYTES, autoClose: false });
  const chunks = stream[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<string>;
    try {
      next = (await chunks.next()) as IteratorResult<string>;
    } catch (e) {
      throw unreadable(file, e);
    }
    if (next.done) break;
    parser.push(next.value);
    if (queue.length > 0) {
      const ready = queue;
      queue = [];
      yield ready;
    }
  }
  parser.end();
  if (queue.length > 0) yield queue;
}

/** Opens the file and reads up to its header (E_FILE_UNREADABLE, E_BAD_CSV before anything is written). */
export async function openCsvSeries(o: ImportOptions): Promise<CsvSeries> {
  let handle: FileHandle;
  try {
    handle = await open(o.file, 'r');
  } catch (e) {
    throw unreadable(o.file, e);
  }
  try {
    const rest = recordsOf(handle, o.file);
    for (let got = await rest.next(); !got.done; got = await rest.next()) {
      const [head, ...first] = got.value;
      if (head === undefined) continue;
      const column = columnIndex(
        head.cells.map((h) => h.trim()),
        o,
      );
      return { options: o, column, first, rest, close: () => handle.close() };
    }
    throw new UsageError('E_BAD_CSV', `${o.file} is empty`, 'give a CSV with a header row and one row per batch');
  } catch (e) {
    await handle.close().catch(() => undefined);
    throw e;
  }
}

/** Writes the series as a new run in one transaction; returns the run as stored. */
export async function storeCsvSeries(store: ResultsStore, series: CsvSeries): Promise<RunRecord> {
  const o = series.options;
  const run = importedRun(o, 0);
  const times = new Float64Array(CHUNK_ROWS);
  let inChunk = 0;
  let count = 0;
  let writing: Promise<void> | null = null;
  const flush = async (): Promise<void> => {
    const sql = importedBatchesSql(run.id, o.batchSize, count - inChunk + 1, times.subarray(0, inChunk));
    inChunk = 0;
    if (writing !== null) await writing;
    writing = store.db.exec(sql);
    writing.catch(() => undefined); // awaited before the next chunk or the end; never unhandled meanwhile
  };
  const take = async (records: readonly CsvRecord[]): Promise<void> => {
    for (const r of records) {
      times[inChunk++] = batchMs(r, series.column, o);
      count++;
      if (inChunk === CHUNK_ROWS) await flush();
    }
  };
  let workload: unknown = run.workload;
  await store.db.transaction(async () => {
    try {
      await store.createRun(run);
      await take(series.first);
      for await (const records of series.rest) await take(records);
      if (inChunk > 0) await flush();
    } finally {
      await (writing as Promise<void> | null)?.catch(() => undefined); // ROLLBACK only after the last write settled
    }
    await writing;
    if (count === 0) throw noBatches(o.file);
    workload = { ...(run.workload as object), objects: o.batchSize * count };
    await setImportedPlan(store.db, run.id, count, workload);
  });
  return { ...run, plannedBatches: count, workload };
}
