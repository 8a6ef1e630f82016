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
  /** CPU the rest of the host used (neither the tool nor the target's local processes), as a share of all cores' time. */
  othersCpu: number | null;
  /** CPU the target's local processes used, as a share of all cores' time; null when remote or not found (schema 9). */
  targetCpu: number | null;
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
  'target_cpu',
] as const;

const FIELDS = [
  'cpuPressure',
  'ioPressure',
  'cpuSteal',
  'othersCpu',
  'load1',
  'toolCpuMsPerOp',
  'toolCpuWait',
  'targetCpu',
] as const satisfies readonly (keyof HostSample)[];

/**
 * Whether the batches table has the columns. Asked of the table, not of user_version: a database
 * made while migration 6 existed and 5 did not yet (the numbers were reserved, not landed in order)
 * is at v6 without them, and stays readable and writable (no samples).
 */
const known = new WeakMap<SqliteDb, Promise<(typeof HOST_COLUMNS)[number][]>>();
/** The host columns the batches table has (none, the seven of v5, or all with v9's target_cpu). */
function hostColumns(db: SqliteDb): Promise<(typeof HOST_COLUMNS)[number][]> {
  let p = known.get(db);
  if (!p) {
    p = db
      .all<{ name: string }>('PRAGMA table_info(batches)')
      .then((cols) => HOST_COLUMNS.filter((h) => cols.some((c) => c.name === h)));
    known.set(db, p);
  }
  return p;
}
const fieldOf = (c: (typeof HOST_COLUMNS)[number]): (typeof FIELDS)[number] =>
  FIELDS[HOST_COLUMNS.indexOf(c)] as (typeof FIELDS)[number];

function valueOf(s: HostSample, k: (typeof FIELDS)[number]): number | null {
  const v = s[k];
  return v === null || !Number.isFinite(v) ? null : v;
}

/** Stores a batch's sample (an UPDATE of its row; one bound row per batch costs nothing worth avoiding). */
export async function recordHostSample(db: SqliteDb, runId: string, batchIndex: number, s: HostSample): Promise<void> {
  const cols = await hostColumns(db);
  if (cols.length === 0) return;
  await db.run(`UPDATE batches SET ${cols.map((c) => `${c} = ?`).join(', ')} WHERE run_id = ? AND idx = ?`, [
    ...cols.map((c) => valueOf(s, fieldOf(c))),
    runId,
    batchIndex,
  ]);
}

/** The samples of a run's batches in index order (batch i+1 at i); empty for a database without the columns. */
export async function readHostSamples(db: SqliteDb, runId: string): Promise<HostSample[]> {
  const cols = await hostColumns(db);
  if (cols.length === 0) return [];
  const rows = await db.all<Record<(typeof HOST_COLUMNS)[number], number | null> & { idx: number }>(
    `SELECT idx, ${cols.join(', ')} FROM batches WHERE run_id = ? ORDER BY idx`,
    [runId],
  );
  return rows.map((r) => {
    const out = {} as HostSample;
    HOST_COLUMNS.forEach((c) => {
      const v = r[c];
      out[fieldOf(c)] = v === null || v === undefined ? null : Number(v);
    });
    return out;
  });
}
