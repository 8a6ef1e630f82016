/**
 * Schema of the results database and its migrations. The version lives in PRAGMA user_version;
 * each migration runs in one transaction. Records are facts (warp's habit): statistics are derived
 * later, so any report can be regenerated from these tables.
 */
import { IngestScaleError } from '../errors.js';
import type { SqliteDb } from './sqlite.js';

/** "INGS" (PRAGMA application_id): marks every ingest-scale results database (db-kind.ts). */
export const APPLICATION_ID = 0x494e4753;

/**
 * Numbered migrations. Reserved next numbers (so work in parallel never reuses one):
 * 5 host contention per batch, 6 compare links, 7 shards and merged runs, 8 a batch's open transaction,
 * 9 the target's own CPU per batch.
 * 10 run tags.
 */
const MIGRATIONS: Record<number, string> = {
  1: `
    CREATE TABLE runs (
      id             TEXT PRIMARY KEY,
      label          TEXT,
      source         TEXT NOT NULL,              -- 'run' or 'import'
      status         TEXT NOT NULL,              -- running | completed | stopped-early | aborted | failed
      backend        TEXT NOT NULL,
      target         TEXT,                        -- address with credentials removed
      target_info    TEXT,                        -- JSON TargetInfo
      workload       TEXT NOT NULL,               -- JSON Workload (or import description)
      batch_size     INTEGER NOT NULL,
      planned_batches INTEGER NOT NULL,
      tool_version   TEXT NOT NULL,
      node_version   TEXT NOT NULL,
      host           TEXT NOT NULL,               -- JSON host facts
      started_at     TEXT NOT NULL,
      finished_at    TEXT,
      error          TEXT
    );
    CREATE TABLE batches (
      run_id         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      idx            INTEGER NOT NULL,            -- 1-based
      objects        INTEGER NOT NULL,            -- objects in this batch
      objects_before INTEGER NOT NULL,            -- objects stored before the batch started
      bytes          INTEGER NOT NULL,
      wall_ms        REAL NOT NULL,
      ok_ops         INTEGER NOT NULL,
      failed_ops     INTEGER NOT NULL,
      retried_ops    INTEGER NOT NULL,
      p50_ms         REAL,
      p95_ms         REAL,
      p99_ms         REAL,
      started_at     TEXT,
      PRIMARY KEY (run_id, idx)
    );
    CREATE TABLE ops (
      run_id         TEXT NOT NULL,
      batch_idx      INTEGER NOT NULL,
      object_index   INTEGER NOT NULL,
      object_id      TEXT NOT NULL,
      datastream_id  TEXT,
      kind           TEXT NOT NULL,
      status         TEXT NOT NULL,
      bytes          INTEGER NOT NULL,
      start_ms       REAL NOT NULL,               -- relative to the batch start
      ttfb_ms        REAL,
      duration_ms    REAL NOT NULL,
      attempt        INTEGER NOT NULL,
      error_code     TEXT,
      http_status    INTEGER,
      FOREIGN KEY (run_id, batch_idx) REFERENCES batches(run_id, idx) ON DELETE CASCADE
    );
    CREATE INDEX ops_by_batch ON ops(run_id, batch_idx);
  `,
  // 2: early FAIL — the batch a run stopped at and the look that stopped it
  2: `
    ALTER TABLE runs ADD COLUMN stopped_at_batch INTEGER;
    ALTER TABLE runs ADD COLUMN stop_info TEXT;              -- JSON: projected growth, lower bound, share of planned time
  `,
  // 3: run lifecycle and settings (additive) — who runs it, its last sign of life, the gates it was run with
  3: `
    ALTER TABLE runs ADD COLUMN pid INTEGER;                 -- process id of the run
    ALTER TABLE runs ADD COLUMN run_host TEXT;               -- hostname the run's process ran on
    ALTER TABLE runs ADD COLUMN heartbeat_at TEXT;           -- updated after every recorded batch
    ALTER TABLE runs ADD COLUMN settings TEXT;               -- JSON RunSettings: error budget, gate limits
  `,
  // 4: intents — the objects a batch is about to write, recorded before it starts, so a run killed
  // inside a batch leaves a record of what may be half-written (resume removes them)
  4: `
    CREATE TABLE intents (
      run_id         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      batch_idx      INTEGER NOT NULL,            -- 1-based, as batches.idx
      first_index    INTEGER NOT NULL,            -- object index of the batch's first object
      objects        INTEGER NOT NULL,
      recorded_at    TEXT NOT NULL,
      PRIMARY KEY (run_id, batch_idx)
    );
  `,
  // 5: host contention per batch (host-samples.ts): what the host was doing while the batch ran
  5: `
    ALTER TABLE batches ADD COLUMN cpu_pressure REAL;        -- share of wall time some task waited for CPU (/proc/pressure/cpu)
    ALTER TABLE batches ADD COLUMN io_pressure REAL;         -- the same for I/O (/proc/pressure/io)
    ALTER TABLE batches ADD COLUMN cpu_steal REAL;           -- share of CPU time stolen (/proc/stat)
    ALTER TABLE batches ADD COLUMN others_cpu REAL;          -- CPU the rest of the host used, share of all cores
    ALTER TABLE batches ADD COLUMN load1 REAL;               -- 1-minute load average at the batch's end
    ALTER TABLE batches ADD COLUMN tool_cpu_ms_per_op REAL;  -- the tool's own CPU time per operation, ms
    ALTER TABLE batches ADD COLUMN tool_cpu_wait REAL;       -- share of wall time the tool's main thread waited for a CPU (/proc/self/schedstat)
  `,
  // 6: compare — targets filled side by side in interleaved batches (src/compare/); each target's
  // fill is a normal run linked here by the compare's id, its target name and its place in the file
  6: `
    ALTER TABLE runs ADD COLUMN compare_id TEXT;
    ALTER TABLE runs ADD COLUMN compare_target TEXT;
    ALTER TABLE runs ADD COLUMN compare_position INTEGER;
    CREATE TABLE compares (
      id             TEXT PRIMARY KEY,
      started_at     TEXT NOT NULL,
      finished_at    TEXT,
      status         TEXT NOT NULL,               -- running | completed | failed | aborted
      settings       TEXT,                        -- JSON: workload, phases, gate limits, target names (no secrets)
      result         TEXT                         -- JSON: the compare's answer, written when it ends
    );
  `,
  // 7: shards and merged runs (docs/scale-out.md) — a shard's file holds its run plus one shards row
  // (role 'shard') and each batch's start on its wall anchor; a merged run holds one shards row per
  // shard (role 'merged': its clock bracket and the shift applied), which shard did each operation,
  // and the operations outside the window in which every shard was active (not gated)
  7: `
    CREATE TABLE shards (
      run_id         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      shard_index    INTEGER NOT NULL,            -- i of i/n
      shard_count    INTEGER NOT NULL,            -- n
      role           TEXT NOT NULL,               -- shard | merged
      status         TEXT NOT NULL,               -- running | complete | failed | aborted (role shard); complete (merged)
      seed           INTEGER NOT NULL,
      workload_hash  TEXT NOT NULL,
      tool_version   TEXT NOT NULL,
      host_name      TEXT,
      pod_name       TEXT,
      wall_anchor_ms REAL NOT NULL,               -- Unix ms read once; wall = anchor + monotonic offset
      start_at       TEXT,                        -- --start-at as given
      late_ms        REAL,                        -- how late the first batch started after --start-at
      objects        INTEGER NOT NULL,            -- objects this shard owns (g mod n = i)
      clock_lo_ms    REAL,                        -- store clock minus shard clock lies in [lo, hi] (HTTP Date)
      clock_hi_ms    REAL,
      clock_samples  INTEGER NOT NULL DEFAULT 0,
      shift_ms       REAL,                        -- merged: the shift applied to this shard's times
      PRIMARY KEY (run_id, shard_index)
    );
    CREATE TABLE shard_batches (
      run_id         TEXT NOT NULL,
      idx            INTEGER NOT NULL,
      start_offset_ms REAL NOT NULL,              -- batch start, ms after the shard's wall anchor (monotonic)
      PRIMARY KEY (run_id, idx),
      FOREIGN KEY (run_id, idx) REFERENCES batches(run_id, idx) ON DELETE CASCADE
    );
    ALTER TABLE ops ADD COLUMN shard INTEGER;     -- merged runs: the shard that did the operation
    CREATE TABLE merged_edge_ops (
      run_id         TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
      shard          INTEGER NOT NULL,
      object_index   INTEGER NOT NULL,
      kind           TEXT NOT NULL,
      status         TEXT NOT NULL,
      wall_ms        REAL NOT NULL,               -- start, Unix ms (after the shard's shift)
      duration_ms    REAL NOT NULL,
      edge           TEXT NOT NULL                -- before | after the window in which every shard was active
    );
  `,
  // 8: a batch's open transaction on the target (LDP --tx per-batch), recorded once it is begun, so
  // `clean` and `run --resume` can roll back the transaction of a batch a kill left open
  8: `
    ALTER TABLE intents ADD COLUMN tx TEXT;                  -- the transaction's URI, NULL when the batch has none
  `,
  // 9: the target's own CPU per batch (host-samples.ts): a store on the loopback is not the host
  9: `
    ALTER TABLE batches ADD COLUMN target_cpu REAL;          -- CPU of the target's local processes, share of all cores
  `,
  // 10: tags of a run (run --tag KEY=VALUE), by which `history` groups runs
  10: `
    ALTER TABLE runs ADD COLUMN tags TEXT;                   -- JSON object of tag key -> value, NULL when untagged
  `,
};

/** The schema this tool writes: the highest migration it knows. */
export const SCHEMA_VERSION = Math.max(...Object.keys(MIGRATIONS).map(Number));

export async function migrate(db: SqliteDb): Promise<void> {
  const row = await db.get<{ user_version: number }>('PRAGMA user_version');
  const current = row?.user_version ?? 0;
  if (current > SCHEMA_VERSION) {
    throw new IngestScaleError(
      'E_DB',
      `results database ${db.path} has schema version ${current}, newer than this tool's ${SCHEMA_VERSION}`,
      {
        hint: 'upgrade ingest-scale, or use another --db',
      },
    );
  }
  const pending = Object.keys(MIGRATIONS)
    .map(Number)
    .filter((v) => v > current)
    .sort((a, b) => a - b);
  for (const v of pending) {
    const sql = MIGRATIONS[v] as string;
    await db.transaction(async () => {
      await db.exec(sql);
      await db.exec(`PRAGMA user_version = ${v}`);
    });
  }
  const id = (await db.get<{ application_id: number }>('PRAGMA application_id'))?.application_id ?? 0;
  if (id !== APPLICATION_ID) await db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
}

/** A read-only reader can read any schema up to its own (older ones lack columns, read as null), never a newer one. */
export async function checkReadable(db: SqliteDb): Promise<void> {
  const current = (await db.get<{ user_version: number }>('PRAGMA user_version'))?.user_version ?? 0;
  if (current > SCHEMA_VERSION) {
    throw new IngestScaleError(
      'E_DB',
      `results database ${db.path} has schema version ${current}, newer than this tool's ${SCHEMA_VERSION}`,
      {
        hint: 'upgrade ingest-scale, or use another --db',
      },
    );
  }
}
