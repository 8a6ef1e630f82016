/**
 * One fill of the ground-truth store on the host's clock, for the benchmarks that watch what the
 * gate or the writer does while something else happens on the machine: `serve --protocol http-put
 * --cost COST` (its own process, stopped by PID), `run --backend http-put` in its own process, and
 * optionally a hook started once the run has recorded a given number of batches (busy loops, a
 * watcher, a scraper), stopped when the run ends. Then `check --json` of the run, its batches and
 * its host samples, and the host's load before and after.
 *
 * The run's progress is read from its results database (read-only, every 50 ms) only until the hook
 * starts: after that the bench process adds nothing to the host but the hook itself.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BatchRecord } from '../../src/model/records.js';
import { readHostSamples, type HostSample } from '../../src/store/host-samples.js';
import { ResultsStore } from '../../src/store/results-store.js';
import { batchesSoFar, groundTruthRunArgs, serveGroundTruth } from '../../test/helpers/ground-truth-run.js';
import { hostLoad, type HostLoad } from './host-load.js';
import { REPO_ROOT, runProcess } from './proc.js';

const BIN = join(REPO_ROOT, 'bin', 'ingest-scale.js');
/** No fill of these benchmarks takes a minute on a quiet host; a run past this is killed. */
const RUN_LIMIT_MS = 300_000;

export interface FillPlan {
  /** `--cost` of the store, e.g. `constant`, `linear:1.3`, `step:1408:1.3`. */
  cost: string;
  baseCost: string;
  batch: number;
  batches: number;
  concurrency: number;
  /** More flags of `run` (e.g. --metrics PORT). */
  extra?: string[];
}

/** Started once `afterBatches` batches are recorded; returns what stops it (awaited when the run has ended). */
export interface FillHook {
  afterBatches: number;
  start(url: string, db: string): () => Promise<void>;
}

export interface Fill {
  code: number | null;
  stderr: string;
  /** `check last --json` of the run, parsed. */
  check: Record<string, unknown>;
  batches: BatchRecord[];
  samples: HostSample[];
  /** The batch the hook started before (0: it never started). */
  hookedAt: number;
  loadBefore: HostLoad;
  loadAfter: HostLoad;
}

async function recorded(db: string): Promise<{ batches: BatchRecord[]; samples: HostSample[] }> {
  const store = await ResultsStore.open(db, 'read');
  try {
    const id = (await store.resolveRun('last')).id;
    return { batches: await store.batches(id), samples: await readHostSamples(store.db, id) };
  } finally {
    await store.close();
  }
}

/** Runs `run` to its end (bounded), starting the hook on the way; returns its exit code and the hook's start batch. */
async function runWithHook(args: string[], db: string, url: string, hook: FillHook | undefined) {
  const run = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  run.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let done = false;
  const exited = new Promise<number | null>((resolve) => run.on('exit', (code) => resolve(code)));
  void exited.then(() => (done = true));
  const deadline = Date.now() + RUN_LIMIT_MS;
  const killer = setTimeout(() => run.kill('SIGKILL'), RUN_LIMIT_MS);
  let stop: (() => Promise<void>) | null = null;
  let hookedAt = 0;
  try {
    // bounded: until the hook's batch is in, the run ended, or the limit
    while (hook && !done && Date.now() < deadline) {
      const n = await batchesSoFar(db);
      if (n >= hook.afterBatches) {
        hookedAt = n + 1;
        stop = hook.start(url, db);
        break;
      }
      await sleep(50);
    }
    const code = await exited;
    return { code, stderr, hookedAt };
  } finally {
    clearTimeout(killer);
    if (run.exitCode === null && run.pid !== undefined) process.kill(run.pid, 'SIGKILL');
    if (stop) await stop();
  }
}

export async function fillGroundTruth(plan: FillPlan, dir: string, name: string, hook?: FillHook): Promise<Fill> {
  const objects = plan.batch * plan.batches;
  const server = await serveGroundTruth(plan.cost, plan.baseCost, objects);
  const db = join(dir, `${name}.db`);
  const loadBefore = hostLoad();
  try {
    const args = groundTruthRunArgs({
      url: server.url,
      objects,
      batchSize: plan.batch,
      concurrency: plan.concurrency,
      db,
      label: name,
      extra: ['--no-stop-early', ...(plan.extra ?? [])],
    });
    const r = await runWithHook(args, db, server.url, hook);
    const loadAfter = hostLoad();
    if (r.code === null || r.code > 3) throw new Error(`run ${name} exited ${r.code}: ${r.stderr.slice(-1500)}`);
    const check = await runProcess(process.execPath, [BIN, 'check', 'last', '--db', db, '--json']);
    return {
      code: r.code,
      stderr: r.stderr,
      check: JSON.parse(check.stdout) as Record<string, unknown>,
      ...(await recorded(db)),
      hookedAt: r.hookedAt,
      loadBefore,
      loadAfter,
    };
  } finally {
    await server.stop();
  }
}
