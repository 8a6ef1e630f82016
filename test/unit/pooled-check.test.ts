/**
 * The verdict of repeats pooled (src/verdict/pooled-check.ts) on seeded synthetic runs: the gate's
 * rule on the pooled growth (FAIL above the limit, WARN above 1, PASS), INCONCLUSIVE for a run that
 * did not complete (unless allowPartial), for a run too short to measure and for --min-detectable
 * out of reach; operation percentiles pooled only when every run recorded them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalSource } from '../../src/analysis/seeded-normal.js';
import type { BatchRecord, RunRecord } from '../../src/model/records.js';
import { poolRepeats, type PoolInput } from '../../src/verdict/pooled-check.js';

/** A run of m batches whose per-batch time grows by `growth` over the run, with 2% noise per batch and 1% per run. */
function synthetic(seed: number, growth: number, m = 40, ops = true): PoolInput {
  const z = normalSource(seed);
  const shift = 0.01 * z();
  const batches = Array.from({ length: m }, (_, i) => {
    const ms = 100 * growth ** (i / (m - 1)) * Math.exp(shift + 0.02 * z());
    return { index: i + 1, wallMs: ms, p50Ms: ops ? ms / 50 : null, p95Ms: ops ? ms / 30 : null };
  });
  return {
    run: { id: `run${seed}`, batchSize: 100 } as RunRecord,
    batches: batches as unknown as BatchRecord[],
    own: { verdict: 'PASS', growthRatio: growth, ci: [growth, growth] },
    incomplete: null,
  };
}

const opts = { maxGrowth: 1.1, allowPartial: false };

test('growth x1.5 in every run: FAIL, the pooled CI brackets 1.5, per-op levels pooled', () => {
  const p = poolRepeats(
    [1, 2, 3].map((s) => synthetic(s, 1.5)),
    opts,
  );
  assert.equal(p.verdict, 'FAIL');
  assert.ok(p.growth !== null && p.growth.ci[0] < 1.5 && p.growth.ci[1] > 1.5, JSON.stringify(p.growth));
  assert.ok(p.p50Ms !== null && p.p95Ms !== null);
  assert.deepEqual(p.fill, { batch: 20.5, objects: 2050, span: 39, batchSize: 100 });
});

test('growth x1.2 under a limit of 1.5: WARN; flat: PASS', () => {
  assert.equal(
    poolRepeats(
      [1, 2, 3].map((s) => synthetic(s, 1.2)),
      { ...opts, maxGrowth: 1.5 },
    ).verdict,
    'WARN',
  );
  const flat = poolRepeats(
    [4, 5, 6].map((s) => synthetic(s, 1)),
    opts,
  );
  assert.equal(flat.verdict, 'PASS');
  assert.ok(flat.growth !== null && flat.growth.ci[0] <= 1 && flat.growth.ci[1] >= 1);
});

test('a run that did not complete: INCONCLUSIVE naming it, judged with allowPartial', () => {
  const runs = [1, 2, 3].map((s) => synthetic(s, 1.5));
  (runs[1] as PoolInput).incomplete = 'run run2 stopped at batch 40 of 80: interrupted';
  const p = poolRepeats(runs, opts);
  assert.equal(p.verdict, 'INCONCLUSIVE');
  assert.match(p.reason, /run run2 stopped at batch 40 of 80.*--allow-partial/);
  assert.ok(p.growth !== null, 'the pool is still given');
  assert.equal(poolRepeats(runs, { ...opts, allowPartial: true }).verdict, 'FAIL');
});

test('a run too short to measure: INCONCLUSIVE; the common span is the shortest run', () => {
  const p = poolRepeats([synthetic(1, 1.5), synthetic(2, 1.5, 8)], opts);
  assert.equal(p.verdict, 'INCONCLUSIVE');
  assert.match(p.reason, /run1, run2 kept fewer than 10 batches of the common 8/);
  assert.equal(p.growth, null);
});

test('--min-detectable out of reach: INCONCLUSIVE; operations missing in one run: no per-op pool', () => {
  const runs = [synthetic(1, 1), synthetic(2, 1, 40, false)];
  const p = poolRepeats(runs, { ...opts, minDetectable: 1.001 });
  assert.equal(p.verdict, 'INCONCLUSIVE');
  assert.match(p.reason, /--min-detectable/);
  assert.ok(p.detectableGrowth !== null && p.detectableGrowth > 1.001);
  assert.equal(p.p50Ms, null);
  assert.equal(p.p95Ms, null);
});
