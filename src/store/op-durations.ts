/**
 * The durations of a run's successful ingest operations (object and datastream creation), batch by
 * batch, each batch's in the order its rows are stored (row id order), handed to a sink that the
 * caller makes (the ln-latency statistics of src/analysis/ln-latency.ts).
 *
 * The sqlite3 driver costs about 3 µs per row it hands to JS (an object per row, a property per
 * column), so a million operations took two seconds before any statistics. SQLite instead hands
 * over one row per batch: the batch's durations as text, in row order, each printed with 20
 * significant digits (`%!.20g`). SQLite's float-to-text is accurate far past 20 digits, and JS
 * parses decimals correctly rounded, so every double comes back bit for bit (with 17 digits SQLite
 * sometimes shortens to 16 and loses the last bit; 20 leaves room).
 *
 * The batches are read in pages of OP_STATS_BATCHES consecutive batch indices. The pages are
 * independent (a batch lies in one page, its statistics need only its own rows), so a second,
 * read-only connection to the same file reads every other page: SQLite's work, most of the time,
 * runs on two threads while this one parses. Each connection asks for its next page before parsing
 * the current one, so at most four pages (of 32 batches) are held at once. Where the SQLite build lacks ordered
 * aggregates (before 3.44) the rows are read in pages instead, on one connection.
 */
import { SqliteDb } from './sqlite.js';

/** Takes the durations: per batch in stored order (batches may come in any order). */
export interface OpDurationSink {
  add(batch: number, durationMs: number): void;
}

/** Consecutive batch indices per page (per row, in the fallback: OP_STATS_ROWS). */
const OP_STATS_BATCHES = 32;
const OP_STATS_ROWS = 50_000;
const OK_INGEST = "run_id = ? AND status = 'ok' AND kind IN ('create-object', 'add-datastream')";

/** A second connection for reading, or null (an in-memory database, or one that will not open). */
async function secondReader(db: SqliteDb): Promise<SqliteDb | null> {
  if (db.path === '' || db.path === ':memory:' || db.path.startsWith('file:')) return null;
  return SqliteDb.open(db.path, 'readonly').catch(() => null);
}

/** One text row per batch, pages of batch ranges shared out over the connections. */
async function latenciesByBatch(dbs: readonly SqliteDb[], runId: string, sink: OpDurationSink): Promise<void> {
  // two index look-ups (min and max over the whole run's rows), not a scan
  const span = await dbs[0]?.get<{ lo: number | null; hi: number | null }>(
    'SELECT (SELECT min(batch_idx) FROM ops WHERE run_id = ?) AS lo, (SELECT max(batch_idx) FROM ops WHERE run_id = ?) AS hi',
    [runId, runId],
  );
  if (!span || span.lo === null || span.hi === null) return;
  const sql = `SELECT batch_idx AS b, group_concat(printf('%!.20g', duration_ms), ',' ORDER BY rowid) AS ds FROM ops
    WHERE ${OK_INGEST} AND batch_idx BETWEEN ? AND ? GROUP BY batch_idx`;
  const hi = span.hi;
  let from = span.lo;
  const nextPage = (db: SqliteDb): Promise<{ b: number; ds: string }[]> | null => {
    if (from > hi) return null;
    const page = db.all<{ b: number; ds: string }>(sql, [runId, from, Math.min(hi, from + OP_STATS_BATCHES - 1)]);
    page.catch(() => undefined); // awaited by its reader; no unhandled rejection while another page is parsed
    from += OP_STATS_BATCHES;
    return page;
  };
  const reader = async (db: SqliteDb): Promise<void> => {
    let page = nextPage(db);
    while (page !== null) {
      const rows = await page;
      page = nextPage(db); // SQLite reads it on its thread while this one is parsed here
      for (const row of rows) {
        for (const d of row.ds.split(',')) sink.add(row.b, Number(d));
      }
    }
  };
  // every reader ends before this returns (a connection is closed only when idle)
  const failed = (await Promise.allSettled(dbs.map(reader))).find(
    (r): r is PromiseRejectedResult => r.status === 'rejected',
  );
  if (failed) throw failed.reason;
}

/** The rows themselves, in pages of OP_STATS_ROWS in (batch, row id) order. */
async function latenciesByRow(db: SqliteDb, runId: string, sink: OpDurationSink): Promise<void> {
  const base = `SELECT batch_idx AS b, duration_ms AS d, rowid AS r FROM ops WHERE ${OK_INGEST}`;
  let page = await db.all<{ b: number; d: number; r: number }>(
    `${base} ORDER BY batch_idx, rowid LIMIT ${OP_STATS_ROWS}`,
    [runId],
  );
  for (;;) {
    for (const row of page) sink.add(row.b, row.d);
    const last = page[page.length - 1];
    if (page.length < OP_STATS_ROWS || last === undefined) return;
    page = await db.all(`${base} AND (batch_idx, rowid) > (?, ?) ORDER BY batch_idx, rowid LIMIT ${OP_STATS_ROWS}`, [
      runId,
      last.b,
      last.r,
    ]);
  }
}

/**
 * Feeds a fresh sink from `newSink` the run's durations and returns it. A read that fails part way
 * is tried again (with one connection, then row by row) on a new sink, so the sink returned has
 * every duration exactly once.
 */
export async function readOpDurations<S extends OpDurationSink>(
  db: SqliteDb,
  runId: string,
  newSink: () => S,
): Promise<S> {
  const second = await secondReader(db);
  if (second !== null) {
    try {
      const sink = newSink();
      await latenciesByBatch([db, second], runId, sink);
      return sink;
    } catch {
      // whatever failed, the single connection below fails the same way or succeeds alone
    } finally {
      await second.close().catch(() => undefined);
    }
  }
  try {
    const sink = newSink();
    await latenciesByBatch([db], runId, sink);
    return sink;
  } catch (e) {
    if (!/ORDER BY|syntax|no such function/i.test((e as Error).message)) throw e;
    const sink = newSink();
    await latenciesByRow(db, runId, sink);
    return sink;
  }
}
