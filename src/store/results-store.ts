/**
 * The results store: runs, batches and operations in one SQLite file (WAL). Each batch and its
 * operations are written in one transaction, so a crash never leaves a half-written batch.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { IngestScaleError, UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import type { BatchRecord, ObjectRef, OpRecord, RunRecord, RunStatus, RunSummary, StopInfo } from '../model/records.js';
import {
  batchParams,
  BATCH_COLUMNS,
  OP_COLUMNS,
  opParams,
  rowToRun,
  RUN_COLUMNS,
  runParams,
  type RunRow,
} from './rows.js';
import { readOpDurations, type OpDurationSink } from './op-durations.js';
import { withLiveness } from './run-liveness.js';
import { BUSY_TIMEOUT_MS } from './db-errors.js';
import { classifyResultsDb } from './db-kind.js';
import { checkReadable, migrate } from './schema.js';
import { settled, SqliteDb, type Params } from './sqlite.js';
import { batchInsertSql } from './batch-insert-sql.js';
import { readBatches } from './batch-reader.js';
import { opInsertSql, OPS_PER_LITERAL_INSERT } from './op-insert-sql.js';

const OPS_PER_INSERT = 500;

type Param = string | number | null;
const PLAIN_TEXT = /^[\x20-\x7e]*$/;

/**
 * One `(…)` row of a multi-row INSERT. Binding a parameter costs the sqlite3 driver about half a
 * microsecond on the main thread, 14 per operation record, which made recording a batch cost more
 * than SQLite's own work; so the values that SQLite reads back exactly as bound are written into
 * the statement instead: NULL, 32-bit integers (which the driver binds as INTEGER) and printable
 * ASCII text (quoted). Everything else — every non-integral number, so every time in ms — is still
 * bound, so no value takes a round trip through SQL's decimal parsing. Stored rows are identical.
 */
function valuesRow(row: readonly Param[], bound: Param[]): string {
  let out = '(';
  for (let k = 0; k < row.length; k++) {
    const v = row[k];
    if (k > 0) out += ', ';
    if (v === null) out += 'NULL';
    else if (typeof v === 'number' && v === (v | 0)) out += String(v | 0);
    else if (typeof v === 'string' && PLAIN_TEXT.test(v)) out += `'${v.replace(/'/g, "''")}'`;
    else {
      bound.push(v as Param);
      out += '?';
    }
  }
  return `${out})`;
}

/** Operations per driver call when a batch goes as literal text (16 statements: about 300 KB of SQL). */
const OPS_PER_CALL = 16 * OPS_PER_LITERAL_INSERT;

/** The batch row and its operations as literal INSERTs, or null if any value lacks an exact literal. */
function literalBatch(runId: string, batch: BatchRecord, ops: readonly OpRecord[]): string[] | null {
  const head = batchInsertSql(runId, batch);
  if (head === null) return null;
  const out = [head];
  for (let i = 0; i < ops.length; i += OPS_PER_LITERAL_INSERT) {
    const sql = opInsertSql(runId, batch.index, ops, i, Math.min(i + OPS_PER_LITERAL_INSERT, ops.length));
    if (sql === null) return null;
    out.push(sql);
  }
  return out;
}

export class ResultsStore {
  private constructor(readonly db: SqliteDb) {}

  /**
   * Opens (and creates, for writing) the database at path. Writing first makes sure an existing file
   * is one of ours (db-kind.ts) before a byte is written; reading opens the file read-only and never
   * migrates, so a database on read-only storage can be read. Reading a missing file is a usage error.
   */
  static async open(path: string, mode: 'write' | 'read' = 'write'): Promise<ResultsStore> {
    if (mode === 'read' && !existsSync(path)) {
      throw new UsageError(
        'E_DB',
        `no results database at ${path}`,
        'pass --db PATH of an existing database, or create one with `ingest-scale run` or `ingest-scale import`',
      );
    }
    if (mode === 'write') mkdirSync(dirname(path), { recursive: true });
    if ((await classifyResultsDb(path)) === 'new' && mode === 'read') {
      throw new UsageError(
        'E_DB',
        `${path} is an empty file, not a results database`,
        'pass --db PATH of a database made by `ingest-scale run` or `ingest-scale import`',
      );
    }
    const db = await SqliteDb.open(path, mode === 'read' ? 'readonly' : 'readwrite');
    try {
      if (mode === 'read') {
        await db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};`);
        await checkReadable(db);
      } else {
        await db.exec(
          `PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};`,
        );
        await migrate(db);
      }
    } catch (e) {
      await db.close().catch(() => undefined);
      if (e instanceof IngestScaleError) throw e;
      throw new IngestScaleError('E_DB', `${path} is not a usable results database: ${(e as Error).message}`, {
        hint: 'pass --db a file made by ingest-scale, or a new path',
        exitCode: ExitCode.Usage,
      });
    }
    return new ResultsStore(db);
  }

  async createRun(run: RunRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO runs (${RUN_COLUMNS.join(', ')}) VALUES (${RUN_COLUMNS.map(() => '?').join(', ')})`,
      runParams(run),
    );
  }

  /**
   * Writes a batch and all its operations in one transaction. Usually every value has an exact
   * literal: the batch row (batchInsertSql) and chunks of operations (opInsertSql) then go with BEGIN
   * and COMMIT as one text, in one call to the driver (several for a batch above OPS_PER_CALL
   * operations). Otherwise the batch row is bound and the chunks are queued one behind the other, a
   * chunk that needs bound values waiting for the queue. Any failure rolls the whole batch back.
   */
  async recordBatch(runId: string, batch: BatchRecord, ops: readonly OpRecord[]): Promise<void> {
    const statements = literalBatch(runId, batch, ops);
    if (statements !== null) return this.db.transactionSql(statements, OPS_PER_CALL / OPS_PER_LITERAL_INSERT);
    await this.db.transaction(async () => {
      await this.db.run(
        `INSERT INTO batches (${BATCH_COLUMNS.join(', ')}) VALUES (${BATCH_COLUMNS.map(() => '?').join(', ')})`,
        batchParams(runId, batch),
      );
      let queued: Promise<void>[] = [];
      for (let i = 0; i < ops.length; i += OPS_PER_LITERAL_INSERT) {
        const end = Math.min(i + OPS_PER_LITERAL_INSERT, ops.length);
        const sql = opInsertSql(runId, batch.index, ops, i, end);
        if (sql !== null) {
          const done = this.db.exec(sql);
          done.catch(() => undefined); // handled in settled(); never an unhandled rejection meanwhile
          queued.push(done);
          continue;
        }
        await settled(queued);
        queued = [];
        for (let j = i; j < end; j += OPS_PER_INSERT) {
          const values: Param[] = [];
          const rows: string[] = [];
          for (let k = j; k < Math.min(j + OPS_PER_INSERT, end); k++)
            rows.push(valuesRow(opParams(runId, batch.index, ops[k] as OpRecord), values));
          await this.db.run(`INSERT INTO ops (${OP_COLUMNS.join(', ')}) VALUES ${rows.join(', ')}`, values);
        }
      }
      await settled(queued);
    });
  }

  /** Writes a run and all its batches at once (imports): everything or nothing. */
  async importRun(run: RunRecord, batches: readonly BatchRecord[]): Promise<void> {
    await this.db.transaction(async () => {
      await this.createRun(run);
      for (const b of batches) {
        await this.db.run(
          `INSERT INTO batches (${BATCH_COLUMNS.join(', ')}) VALUES (${BATCH_COLUMNS.map(() => '?').join(', ')})`,
          batchParams(run.id, b),
        );
      }
    });
  }

  async finishRun(
    runId: string,
    status: RunStatus,
    error: string | null = null,
    stop: StopInfo | null = null,
  ): Promise<void> {
    await this.db.run(
      'UPDATE runs SET status = ?, finished_at = ?, error = ?, stopped_at_batch = ?, stop_info = ? WHERE id = ?',
      [
        status,
        new Date().toISOString(),
        error,
        stop?.batch ?? null,
        stop === null ? null : JSON.stringify(stop),
        runId,
      ],
    );
  }

  /** The run's last sign of life (after every recorded batch): how `interrupted` runs are told apart. */
  async heartbeat(runId: string): Promise<void> {
    await this.db.run('UPDATE runs SET heartbeat_at = ? WHERE id = ?', [new Date().toISOString(), runId]);
  }

  /** The durations of the run's successful ingest operations, per batch in stored order, fed to a new sink (op-durations.ts). */
  opDurations<S extends OpDurationSink>(runId: string, newSink: () => S): Promise<S> {
    return readOpDurations(this.db, runId, newSink);
  }

  async listRuns(): Promise<RunSummary[]> {
    const rows = await this.db.all<
      RunRow & { n_batches: number; n_objects: number; n_bytes: number; n_failed: number }
    >(
      `SELECT r.*, COUNT(b.idx) AS n_batches, COALESCE(SUM(b.objects), 0) AS n_objects,
              COALESCE(SUM(b.bytes), 0) AS n_bytes, COALESCE(SUM(b.failed_ops), 0) AS n_failed
         FROM runs r LEFT JOIN batches b ON b.run_id = r.id
        GROUP BY r.id ORDER BY r.started_at, r.rowid`,
    );
    return rows.map((r) =>
      withLiveness({
        ...rowToRun(r),
        batches: r.n_batches,
        objects: r.n_objects,
        bytes: r.n_bytes,
        failedOps: r.n_failed,
      }),
    );
  }

  /** A run by id, by unique id prefix, or `last` (the most recently started). */
  async resolveRun(ref: string): Promise<RunRecord> {
    let rows: RunRow[];
    if (ref === 'last')
      rows = await this.db.all<RunRow>('SELECT * FROM runs ORDER BY started_at DESC, rowid DESC LIMIT 1');
    else {
      rows = await this.db.all<RunRow>('SELECT * FROM runs WHERE id = ?', [ref]);
      if (rows.length === 0)
        rows = await this.db.all<RunRow>("SELECT * FROM runs WHERE id LIKE ? || '%' ESCAPE '\\' LIMIT 2", [
          ref.replace(/[%_\\]/g, '\\$&'),
        ]);
    }
    if (rows.length > 1)
      throw new UsageError(
        'E_RUN_NOT_FOUND',
        `run "${ref}" is ambiguous in ${this.db.path}`,
        'give more characters of the run id (see `ingest-scale runs`)',
      );
    const row = rows[0];
    if (!row) {
      throw new UsageError(
        'E_RUN_NOT_FOUND',
        ref === 'last' ? `no runs in ${this.db.path}` : `no run "${ref}" in ${this.db.path}`,
        'list runs with `ingest-scale runs --db PATH`',
      );
    }
    return withLiveness(rowToRun(row));
  }

  /** The run's batches in index order, read in pages (batch-reader.ts). */
  batches(runId: string): Promise<BatchRecord[]> {
    return readBatches(this.db, runId);
  }

  async ops(runId: string, batchIndex?: number): Promise<OpRecord[]> {
    const where = batchIndex === undefined ? 'run_id = ?' : 'run_id = ? AND batch_idx = ?';
    const params: Params = batchIndex === undefined ? [runId] : [runId, batchIndex];
    const rows = await this.db.all<Record<string, unknown>>(
      `SELECT * FROM ops WHERE ${where} ORDER BY batch_idx, start_ms`,
      params,
    );
    return rows.map((r) => ({
      kind: r.kind as OpRecord['kind'],
      objectId: r.object_id as string,
      objectIndex: r.object_index as number,
      datastreamId: (r.datastream_id as string | null) ?? null,
      status: r.status as OpRecord['status'],
      bytes: r.bytes as number,
      startMs: r.start_ms as number,
      ttfbMs: (r.ttfb_ms as number | null) ?? null,
      durationMs: r.duration_ms as number,
      attempt: r.attempt as number,
      errorCode: (r.error_code as string | null) ?? null,
      httpStatus: (r.http_status as number | null) ?? null,
    }));
  }

  /** Ids of the objects a run created successfully (what `clean` removes), in ingest order. */
  async createdObjects(runId: string): Promise<ObjectRef[]> {
    const rows = await this.db.all<{ object_id: string; object_index: number }>(
      "SELECT object_id, object_index FROM ops WHERE run_id = ? AND kind = 'create-object' AND status = 'ok' ORDER BY object_index",
      [runId],
    );
    return rows.map((r) => ({ id: r.object_id, index: r.object_index }));
  }

  /** Forgets a run: its operations, batches and row, in one transaction. */
  async deleteRun(runId: string): Promise<{ batches: number; ops: number }> {
    return this.db.transaction(async () => {
      await this.db.run('DELETE FROM intents WHERE run_id = ?', [runId]);
      const ops = (await this.db.run('DELETE FROM ops WHERE run_id = ?', [runId])).changes;
      const batches = (await this.db.run('DELETE FROM batches WHERE run_id = ?', [runId])).changes;
      await this.db.run('DELETE FROM runs WHERE id = ?', [runId]);
      return { batches, ops };
    });
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
