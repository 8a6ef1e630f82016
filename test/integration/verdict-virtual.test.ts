/**
 * The verdict end to end on the virtual clock: `ingest-scale run --backend memory --virtual-clock`
 * (the memory store's simulated costs, scaled by a ground-truth cost model with --cost, waited on a
 * discrete-event clock the run reads too; docs/backends.md, "memory: the virtual clock"), then
 * `check --json`, each as its own process. The batch times are sums of seeded draws, not host time,
 * so each case is run twice (side by side) and must give the same `check --json` both times (the
 * run id aside): the assertions below hold on any host, busy or quiet, every time.
 *
 * 8,000 objects (one 1 KiB datastream each) in 40 batches of 200, 4 in flight, every operation
 * drawn from lognormal:2ms:0.3 (a store's scatter), then scaled by the cost model at the fill:
 *
 * - a 1.3x step at half-fill: FAIL with the cliff at batch 21 (4,000 objects), x1.3
 * - a constant store: PASS with the CI holding 1.0, no cliff
 * - linear growth x1.3 over the fill: FAIL
 * - a scripted host busy from half-fill (--virtual-host busy-from:4000): a step coinciding with
 *   it is INCONCLUSIVE (exit 3), a constant store the busy host slows 1.3x is never FAIL, and
 *   linear growth x1.5 stays FAIL (it persists on the quiet batches)
 * - linear x3 with the default early stop: FAIL, stopped early
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir, type CliResult } from '../helpers/cli.js';

const OBJECTS = 8000;
const BATCH = 200;
const HALF = OBJECTS / 2;

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

interface Check {
  status: string;
  verdict: string;
  batches: number;
  growthRatio: number;
  ci: [number, number];
  cliff: { batch: number; objects: number; ratio: number; fails: boolean } | null;
  stoppedEarly: unknown;
  contention: { rose: boolean; fromBatch: number | null; effect: string } | null;
}

interface Outcome {
  run: CliResult;
  check: Check;
}

async function once(name: string, repeat: number, flags: string[]): Promise<{ run: CliResult; json: string }> {
  const db = join(tmp.dir, `${name}-${repeat}.db`);
  const run = await runCli([
    'run',
    '--backend',
    'memory',
    '--virtual-clock',
    '-n',
    String(OBJECTS),
    '--batch-size',
    String(BATCH),
    '--concurrency',
    '4',
    '--datastream',
    'D:1KiB',
    '--latency',
    'lognormal:2ms:0.3',
    '--db',
    db,
    '--no-chart',
    '--label',
    name,
    ...flags,
  ]);
  assert.ok(run.code !== null && run.code <= 3, `run exit ${run.code}: ${run.stderr}`);
  const check = await runCli(['check', 'last', '--db', db, '--json']);
  assert.equal(check.code, run.code, `check and run give the same exit code: ${check.stderr}`);
  return { run, json: check.stdout };
}

/** Runs a case twice side by side; the two `check --json` must be the same but for the run id. */
async function twice(name: string, flags: string[]): Promise<Outcome> {
  const [a, b] = await Promise.all([once(name, 1, flags), once(name, 2, flags)]);
  const parsed = [a.json, b.json].map((j) => JSON.parse(j) as Check & { runId?: string });
  for (const p of parsed) delete p.runId;
  assert.deepEqual(parsed[1], parsed[0], `${name}: the second run's check --json differs from the first's`);
  assert.equal(a.run.code, b.run.code);
  return { run: a.run, check: parsed[0] as Check };
}

test('a 1.3x step at half-fill: FAIL with the cliff at batch 21 (4,000 objects), the same every time', async () => {
  const { run, check } = await twice('step', ['--cost', `step:${HALF}:1.3`, '--no-stop-early']);
  assert.equal(run.code, 1, run.stdout);
  assert.equal(check.verdict, 'FAIL');
  assert.ok(check.cliff !== null, run.stdout);
  assert.equal(check.cliff.batch, HALF / BATCH + 1);
  assert.equal(check.cliff.objects, HALF);
  assert.ok(check.cliff.fails);
  assert.ok(Math.abs(check.cliff.ratio - 1.3) < 0.03, String(check.cliff.ratio));
  assert.match(run.stdout, /^FAIL {2}step: cliff at 4,000 objects: x1\.3\d \[1\.\d\d, 1\.\d\d\], 97\.5% CI/m);
});

test('a constant store: PASS with the CI holding 1.0 and no cliff, the same every time', async () => {
  const { run, check } = await twice('constant', ['--no-stop-early']);
  assert.equal(run.code, 0, run.stdout);
  assert.equal(check.verdict, 'PASS');
  assert.ok(check.ci[0] <= 1 && check.ci[1] >= 1, `CI [${check.ci.join(', ')}]`);
  assert.equal(check.cliff, null);
  assert.equal(check.contention?.rose, false);
});

test('linear growth x1.3 over the fill: FAIL, the same every time', async () => {
  const { run, check } = await twice('linear', ['--cost', 'linear:1.3', '--no-stop-early']);
  assert.equal(run.code, 1, run.stdout);
  assert.equal(check.verdict, 'FAIL');
  assert.ok(check.ci[0] > 1.1, `CI [${check.ci.join(', ')}]`);
});

test('contention from half-fill: a step coinciding with it is INCONCLUSIVE, with the guard’s words', async () => {
  const { run, check } = await twice('step-busy', [
    '--cost',
    `step:${HALF}:1.3`,
    '--virtual-host',
    `busy-from:${HALF}`,
    '--no-stop-early',
  ]);
  assert.equal(run.code, 3, run.stdout);
  assert.equal(check.verdict, 'INCONCLUSIVE');
  assert.equal(check.contention?.rose, true);
  assert.equal(check.contention?.fromBatch, HALF / BATCH + 1);
  assert.equal(check.contention?.effect, 'inconclusive');
  assert.match(
    run.stdout,
    /^INCONCLUSIVE {2}step-busy: host contention rose during the run \(the rest of the host's CPU \d+% → \d+% from batch 21\); on the quiet batches .*; rerun on a quiet machine$/m,
  );
});

test('contention from half-fill: a constant store the busy host slows 1.3x is never FAIL', async () => {
  const { run, check } = await twice('constant-busy', ['--virtual-host', `busy-from:${HALF}:1.3`, '--no-stop-early']);
  assert.notEqual(run.code, 1, run.stdout);
  assert.notEqual(check.verdict, 'FAIL');
  assert.equal(check.contention?.rose, true);
});

test('contention from half-fill: linear growth x1.5 stays FAIL (it persists on the quiet batches)', async () => {
  const { run, check } = await twice('linear-busy', [
    '--cost',
    'linear:1.5',
    '--virtual-host',
    `busy-from:${HALF}:1.3`,
    '--no-stop-early',
  ]);
  assert.equal(run.code, 1, run.stdout);
  assert.equal(check.verdict, 'FAIL');
});

test('linear x3 with the default early stop: FAIL, stopped before the planned batches, the same every time', async () => {
  const { run, check } = await twice('early', ['--cost', 'linear:3']);
  assert.equal(run.code, 1, run.stdout);
  assert.equal(check.verdict, 'FAIL');
  assert.equal(check.status, 'stopped-early');
  assert.ok(check.stoppedEarly !== null);
  assert.ok(check.batches < OBJECTS / BATCH, `stopped at batch ${check.batches}`);
  assert.match(run.stdout, /^FAIL {2}early: early stop at batch \d+ of 40/m);
});
