/**
 * What the host was doing during each batch (schema v5, columns of `batches`; the engine's
 * host-pressure.ts takes the samples). Written right after the batch's own row, read by the
 * contention guard (engine/contention-check.ts). A database older than v5 has no such columns:
 * reading it gives no samples.
 */
import type { SqliteDb } from './sqlite.js';

export interface HostSample {
  /** Share of the batch's wall time some task waited for CPU (/proc/pressure/cpu `some`); null without PSI. */
  cpuPressure: number | null;
  /** The same for I/O (/proc/pressure/io). */
  ioPressure: number | null;
  /** Share of CPU time stolen by the hypervisor (/proc/stat). */
  cpuSteal: number | null;
  /** CPU the rest of the host used, as a share of all cores' time. */
  othersCpu: number | null;
  /** 1-minute load average at the batch's end. */
  load1: number | null;
  /** This process's CPU time per operation of the batch, ms. */
  toolCpuMsPerOp: number | null;
  /** Share of the batch's wall time the tool's main thread was runnable but waiting for a CPU (/proc/self/schedstat). */
  toolCpuWait: number | null;
}

/** Columns in the order of HostSample's fields. */
export const HOST_COLUMNS = [
  'cpu_pressure',
  'io_pressure',
  'cpu_steal',
  'others_cpu',
  'load1',
  'tool_cpu_ms_per_op',
  'tool_cpu_wait',
] as const;

const FIELDS = [
  'cpuPressure',
  'ioPressure',
  'cpuSteal',
  'othersCpu',
  'load1',
  'toolCpuMsPerOp',
  'toolCpuWait',
] as const satisfies readonly (keyof HostSample)[];

/**
 * Whether the batches table has the columns. Asked of the table, not of user_version: a database
 * made while migration 6 existed and 5 did not yet (the numbers were reserved, not landed in order)
 * is at v6 without them, and stays readable and writable (no samples).
 */
const known = new WeakMap<SqliteDb, Promise<boolean>>();
function hasHostColumns(db: SqliteDb): Promise<boolean> {
  let p = known.get(db);
  if (!p) {
    p = db
      .all<{ name: string }>('PRAGMA table_info(batches)')
      .then((cols) => cols.some((c) => c.name === HOST_COLUMNS[0]));
    known.set(db, p);
  }
  return p;
}

function valueOf(s: HostSample, k: (typeof FIELDS)[number]): number | null {
  const v = s[k];
  return v === null || !Number.isFinite(v) ? null : v;
}

/** Stores a batch's sample (an UPDATE of its row; one bound row per batch costs nothing worth avoiding). */
export async function recordHostSample(db: SqliteDb, runId: string, batchIndex: number, s: HostSample): Promise<void> {
  if (!(await hasHostColumns(db))) return;
  await db.run(`UPDATE batches SET ${HOST_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE run_id = ? AND idx = ?`, [
    ...FIELDS.map((k) => valueOf(s, k)),
    runId,
    batchIndex,
  ]);
}

/** The samples of a run's batches in index order (batch i+1 at i); empty for a database without the columns. */
export async function readHostSamples(db: SqliteDb, runId: string): Promise<HostSample[]> {
  if (!(await hasHostColumns(db))) return [];
  const rows = await db.all<Record<(typeof HOST_COLUMNS)[number], number | null> & { idx: number }>(
    `SELECT idx, ${HOST_COLUMNS.join(', ')} FROM batches WHERE run_id = ? ORDER BY idx`,
    [runId],
  );
  return rows.map((r) => {
    const out = {} as HostSample;
    FIELDS.forEach((k, i) => {
      const v = r[HOST_COLUMNS[i] as (typeof HOST_COLUMNS)[number]];
      out[k] = v === null || v === undefined ? null : Number(v);
    });
    return out;
  });
}
