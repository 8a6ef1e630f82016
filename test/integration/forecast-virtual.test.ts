/**
 * Forecasts against stores of known cost (docs/forecast.md, "Coverage, measured"): the memory store
 * on the virtual clock with the ground-truth cost models (constant, linear x1.5 over 20,000 objects,
 * a tree gaining levels, a 1.3x step inside the fitted quarter), three seeds each. For each, a run of
 * 5,000 objects is forecast to 20,000 with `check --forecast 20000`, and a full run of 20,000 objects
 * of the same workload measures what a batch there costs (the median of its last four batches). The
 * 90% intervals must cover the measured value in at least 80% of the cases; the runs are sums of
 * seeded draws on a virtual clock, so the answer is the same on every host.
 *
 * Also end to end: a forecast beyond 100x the run's fill is refused (exit 2) naming the largest fill,
 * and --slo-at FAILs (exit 1) a run whose predicted time there is surely above the objective.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { lastFourMedian } from '../helpers/forecast-case.js';
import type { ForecastJsonFields } from '../../src/report/forecast-text.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

const COSTS = ['constant', 'linear:1.5', 'log:1.5', 'step:1250:1.3'];
const SEEDS = ['1', '2', '3'];

function runArgs(db: string, objects: number, cost: string, seed: string): string[] {
  return [
    'run',
    '--backend',
    'memory',
    '--virtual-clock',
    '--latency',
    'lognormal:2ms:0.2',
    '--cost',
    cost,
    '--fill',
    '20000',
    '-n',
    String(objects),
    '--batch-size',
    '100',
    '--concurrency',
    '4',
    '--datastream',
    'D:1KiB',
    '--seed',
    seed,
    '--no-stop-early',
    '--no-chart',
    '--db',
    db,
  ];
}

test('the 90% interval at 4x the fill covers a full run of known cost in >= 80% of 12 cases', async (t) => {
  const lines: string[] = [];
  let covered = 0;
  for (const cost of COSTS) {
    for (const seed of SEEDS) {
      const small = join(tmp.dir, `small-${cost.replaceAll(':', '_')}-${seed}.db`);
      const full = join(tmp.dir, `full-${cost.replaceAll(':', '_')}-${seed}.db`);
      const a = await runCli(runArgs(small, 5000, cost, seed));
      assert.ok([0, 1].includes(a.code ?? -1), a.stderr);
      const b = await runCli(runArgs(full, 20_000, cost, seed));
      assert.ok([0, 1].includes(b.code ?? -1), b.stderr);
      const c = await runCli(['check', 'last', '--db', small, '--forecast', '20000', '--json']);
      assert.ok([0, 1].includes(c.code ?? -1), c.stderr);
      const f = (JSON.parse(c.stdout) as ForecastJsonFields).forecast.find((p) => p.metric === 'batch');
      assert.ok(f, 'a batch forecast');
      assert.equal(f.far, false);
      const measured = await lastFourMedian(full);
      const hit = measured >= f.pi[0] && measured <= f.pi[1];
      if (hit) covered++;
      lines.push(
        `${cost} seed ${seed}: ${f.estimateMs.toFixed(1)} ms [${f.pi[0].toFixed(1)}, ${f.pi[1].toFixed(1)}] (${f.model}), measured ${measured.toFixed(1)} ms ${hit ? 'covered' : 'MISSED'}`,
      );
    }
  }
  for (const line of lines) t.diagnostic(line);
  assert.ok(covered / lines.length >= 0.8, `covered ${covered} of ${lines.length}`);
});

test('a forecast beyond 100x the fill is refused with the largest fill; --slo-at gates', async () => {
  const db = join(tmp.dir, 'gate.db');
  assert.ok([0, 1].includes((await runCli(runArgs(db, 5000, 'linear:3', '1'))).code ?? -1));
  const far = await runCli(['check', 'last', '--db', db, '--forecast', '10M']);
  assert.equal(far.code, 2, far.stderr);
  assert.match(far.stderr, /--forecast 10,000,000 is 2000x the 5,000 objects this run stored/);
  assert.match(far.stderr, /largest fill this run supports is 500,000/);
  assert.doesNotMatch(far.stderr, /\n\s+at /, 'no stack trace');
  // linear x3 over 20,000: a batch of 100 at 40,000 objects costs ~5x the first; 1 ms is surely below
  const gated = await runCli(['check', 'last', '--db', db, '--slo', '1ms', '--slo-at', '40k', '--json']);
  assert.equal(gated.code, 1, gated.stderr);
  const j = JSON.parse(gated.stdout) as { sloGate: { verdict: string }; sloCrossing: { objects: number } | null };
  assert.equal(j.sloGate.verdict, 'FAIL');
  assert.ok(j.sloCrossing !== null);
  const loose = await runCli(['check', 'last', '--db', db, '--slo', '1h', '--slo-at', '40k', '--json']);
  const k = JSON.parse(loose.stdout) as { sloGate: { verdict: string }; sloCrossing: unknown };
  assert.equal(k.sloGate.verdict, 'PASS');
  assert.equal(k.sloCrossing, null);
  const bad = await runCli(['check', 'last', '--db', db, '--slo-at', '40k']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--slo-at needs --slo/);
});
