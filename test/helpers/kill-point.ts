/**
 * SIGKILL at a chosen point of a run, robust to a loaded host: start `ingest-scale …` in a child,
 * wait (a bounded poll of its results database, read-only) until `afterBatches` batches are recorded
 * (counted in the db, so a resumed run counts its earlier ones too), then wait a further `fraction`
 * of the run's own mean batch time so far — measured, not assumed, so on a slow host the kill still
 * lands inside the next batch or two — and SIGKILL it by its PID. Also what a run recorded about
 * its workload, and the ids and bytes a backend holds for it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { all } from './kill-run.js';
import { BIN } from './cli.js';
import { backendModule } from '../../src/backends/registry.js';
import { canRead } from '../../src/backends/backend.js';
import { contentSha256 } from '../../src/generate/content.js';
import { planObject } from '../../src/generate/plan.js';
import type { Workload } from '../../src/workload/workload.js';

export interface KillPoint {
  /** Batches recorded in the db before the wait starts. */
  afterBatches: number;
  /** Then this share of the mean batch time so far (0 kills at once). */
  fraction: number;
}

export interface Killed {
  /** The run ended on its own before the kill (it must not, for the points a test chooses). */
  endedFirst: boolean;
  stderr: string;
  /** Batches in the db when the kill was sent. */
  batchesAtKill: number;
}

const count = async (db: string): Promise<{ n: number; meanMs: number }> => {
  const [row] = await all<{ n: number; mean: number | null }>(
    db,
    'SELECT COUNT(*) AS n, AVG(wall_ms) AS mean FROM batches',
  );
  return { n: row?.n ?? 0, meanMs: row?.mean ?? 0 };
};

export async function killAt(cwd: string, args: string[], point: KillPoint, limitMs = 120_000): Promise<Killed> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  const closed = new Promise<void>((resolve) => child.on('close', () => ((exited = true), resolve())));
  const db = args[args.indexOf('--db') + 1] as string;
  const deadline = Date.now() + limitMs;
  try {
    let seen = await count(db);
    while (seen.n < point.afterBatches) {
      if (exited) return { endedFirst: true, stderr, batchesAtKill: seen.n };
      if (Date.now() > deadline)
        throw new Error(`the run did not reach batch ${point.afterBatches} in ${limitMs} ms: ${stderr}`);
      await new Promise((r) => setTimeout(r, 10));
      seen = await count(db);
    }
    // the batch time includes neither recording nor readback: a little more is added for them
    const waitMs = point.fraction * (seen.meanMs * 1.5 + 5);
    if (waitMs > 0) await new Promise((r) => setTimeout(r, waitMs));
    if (exited) return { endedFirst: true, stderr, batchesAtKill: (await count(db)).n };
    child.kill('SIGKILL');
    await closed;
    return { endedFirst: false, stderr, batchesAtKill: (await count(db)).n };
  } finally {
    if (!exited) child.kill('SIGKILL');
    await closed;
  }
}

export interface RecordedRun {
  id: string;
  backend: string;
  target: string;
  targetInfo: Record<string, unknown> | null;
  workload: Workload;
}

export async function recordedRun(db: string): Promise<RecordedRun> {
  const [row] = await all<{
    id: string;
    backend: string;
    target: string;
    target_info: string | null;
    workload: string;
  }>(db, 'SELECT id, backend, target, target_info, workload FROM runs');
  if (!row) throw new Error(`no run in ${db}`);
  return {
    id: row.id,
    backend: row.backend,
    target: row.target,
    targetInfo: row.target_info ? JSON.parse(row.target_info) : null,
    workload: JSON.parse(row.workload) as Workload,
  };
}

/**
 * Reads every datastream of every object the run planned back from its target, through the run's
 * own backend reopened from the record, and compares its SHA-256 with the regenerated content.
 * Returns the objects whose bytes are missing or wrong (empty: the same bytes as an uninterrupted run).
 */
export async function readBackAll(run: RecordedRun): Promise<string[]> {
  const entry = backendModule(run.backend);
  const reopened = entry.fromRecorded(
    {
      id: run.id,
      backend: run.backend,
      target: run.target,
      targetInfo: run.targetInfo as never,
      workload: run.workload,
    },
    { flags: {}, concurrency: 1 },
  );
  if ('gone' in reopened) return [`target gone: ${reopened.gone}`];
  const backend = await entry.create(reopened.options);
  const bad: string[] = [];
  try {
    if (!canRead(backend)) throw new Error(`${run.backend} cannot read`);
    for (let i = 0; i < run.workload.objects; i++) {
      const plan = planObject(run.workload, i, { idPrefix: `${run.id.slice(0, 6)}-` });
      for (const ds of plan.datastreams) {
        const h = createHash('sha256');
        try {
          for await (const chunk of backend.read(plan.id, ds.id)) h.update(chunk);
          if (h.digest('hex') !== contentSha256(ds)) bad.push(`${plan.id}/${ds.id}: wrong bytes`);
        } catch (e) {
          bad.push(`${plan.id}/${ds.id}: ${(e as Error).message}`);
        }
      }
    }
  } finally {
    await backend.close();
  }
  return bad;
}
