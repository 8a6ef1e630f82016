/**
 * The host contention guard end to end on the host's clock: `ingest-scale run --backend http-put`
 * on the ground-truth store (`serve --protocol http-put --cost ...`, its own process), and from
 * half-way through the run three CPU-bound child processes on the machine (each ends itself after
 * LOAD_MS, and is killed by PID in `finally`). The test watches the run's batches in its results
 * database (read-only, bounded polling) to start the load at half-fill.
 *
 * It proves the seam honest for the host's samples: the batches are timed by the host's clock and
 * the samples read from /proc, and a linear x3 store with the load stays FAIL (the growth persists
 * on the quiet batches). That holds on a busy host by construction: one PUT in flight, the store
 * waiting 50 ms (growing to 150 ms) before each answer, ten times what a crowded 2-core host adds to
 * a PUT's own work, so the store's growth shows on the quiet half as on the whole run. What the guard makes of a constant store under a
 * load depends on how quiet the host was before it; that case is asserted on the virtual clock
 * with a scripted host (test/integration/verdict-virtual.test.ts).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { readHostSamples } from '../../src/store/host-samples.js';
import { ResultsStore } from '../../src/store/results-store.js';
import { busyChild } from '../helpers/busy-child.js';
import { BIN, REPO_ROOT, tempDir } from '../helpers/cli.js';
import { batchesSoFar, groundTruthRunArgs, serveGroundTruth } from '../helpers/ground-truth-run.js';

const BATCH = 8;
const BATCHES = 32;
const OBJECTS = BATCH * BATCHES;
const LOAD_MS = 60_000;
const RUN_LIMIT_MS = 120_000;

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

interface Outcome {
  code: number | null;
  stdout: string;
  json: {
    verdict: string;
    growthRatio: number;
    ci: [number, number];
    contention: {
      rose: boolean;
      fromBatch: number | null;
      effect: string;
      quietGrowthRatio: number | null;
      quietCi: [number, number] | null;
    } | null;
  };
  pressureBefore: number;
  /** Median share of wall time the tool waited for a CPU before and after the load started. */
  waitBefore: number;
  waitAfter: number;
  loadFrom: number;
  /** Batches with a host sample. */
  sampled: number;
}

async function runUnderLoad(cost: string, name: string): Promise<Outcome> {
  const server = await serveGroundTruth(cost, '50ms', OBJECTS);
  const db = join(tmp.dir, `${name}.db`);
  const load: ChildProcess[] = [];
  const run = spawn(
    process.execPath,
    [
      BIN,
      ...groundTruthRunArgs({
        url: server.url,
        objects: OBJECTS,
        batchSize: BATCH,
        concurrency: 1,
        db,
        label: name,
        extra: ['--no-stop-early'],
      }),
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  run.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  run.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => run.on('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  try {
    const deadline = Date.now() + RUN_LIMIT_MS;
    let loadFrom = 0;
    // bounded: until half the batches are in (or the run ended), at most RUN_LIMIT_MS
    while (!done && Date.now() < deadline) {
      const n = await batchesSoFar(db);
      if (n >= BATCHES / 2) {
        loadFrom = n + 1;
        for (let i = 0; i < 3; i++) load.push(busyChild(LOAD_MS));
        break;
      }
      await sleep(50);
    }
    const timer = setTimeout(() => run.kill('SIGKILL'), Math.max(1, deadline - Date.now()));
    const code = await exited;
    clearTimeout(timer);
    assert.ok(code === 0 || code === 1 || code === 3, `run exit ${code}: ${stderr}`);
    assert.ok(loadFrom > 0, 'the load never started');
    const check = spawn(process.execPath, [BIN, 'check', 'last', '--db', db, '--json'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    check.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((resolve) => check.on('exit', resolve));
    const store = await ResultsStore.open(db, 'read');
    const samples = await readHostSamples(store.db, (await store.resolveRun('last')).id);
    await store.close();
    const med = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const waits = (from: number, to: number): number => med(samples.slice(from, to).map((s) => s.toolCpuWait ?? 0));
    return {
      code,
      stdout,
      json: JSON.parse(out) as Outcome['json'],
      loadFrom,
      pressureBefore: med(samples.slice(1, loadFrom - 1).map((s) => s.cpuPressure ?? 0)),
      waitBefore: waits(1, loadFrom - 1),
      waitAfter: waits(loadFrom, samples.length),
      sampled: samples.length,
    };
  } finally {
    for (const c of load) if (c.pid !== undefined && c.exitCode === null) process.kill(c.pid, 'SIGKILL');
    if (run.exitCode === null && run.pid !== undefined) process.kill(run.pid, 'SIGKILL');
    await server.stop();
  }
}

const describe = (o: Outcome): string =>
  `exit ${o.code}, ${o.json.verdict} x${o.json.growthRatio.toFixed(2)} [${o.json.ci.map((v) => v.toFixed(2)).join(', ')}]; load from batch ${o.loadFrom}; ` +
  `CPU pressure before it ${(100 * o.pressureBefore).toFixed(0)}%, the tool's CPU wait ${(100 * o.waitBefore).toFixed(1)}% -> ${(100 * o.waitAfter).toFixed(1)}%; contention ${JSON.stringify(o.json.contention)}`;

test('linear x3 store, host busy from half-way: FAIL', async (t) => {
  const o = await runUnderLoad('linear:3', 'linear-busy');
  t.diagnostic(describe(o));
  assert.equal(o.code, 1, o.stdout);
  assert.equal(o.json.verdict, 'FAIL');
  // every batch carries the host's sample, read from /proc on the host's clock
  assert.equal(o.sampled, BATCHES);
  assert.ok(o.json.contention !== null);
  if (o.json.contention.rose) assert.equal(o.json.contention.effect, 'fail-persists');
});
