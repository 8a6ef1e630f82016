/**
 * Seeded simulations of the cliff rule (docs/growth-gate.md, "Cliffs": measured rates). Runs shaped like
 * the ground-truth end-to-end runs: 40 batches (20,000 objects in batches of 500), a step at half-fill
 * (from batch 21 on), log-normal noise. Rates are printed with t.diagnostic and written into the doc.
 *
 * - detection: a cliff reported (Pettitt p < 0.001 after the within-segment trend is removed) for a
 *   2x step in at least 95% of runs and a 1.3x step in at least 80%, at 10% noise;
 * - a 2x step on a host that drifts (3% noise, AR(1) phi 0.7, as a host whose load eases during the
 *   first half): a cliff in at least 99% of runs, where Pettitt's ranks alone, under their
 *   autocorrelation allowance, miss some (the size test, src/analysis/cliff-size-test.ts);
 * - false FAIL on flat series (iid, AR(1) phi = 0.5, and phi = 0.95, near a random walk): the rule
 *   with cliffs FAILs no more than 0.5 points more often than the trend rule alone.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CLIFF_P } from '../../src/analysis/cliff.js';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { gauss, mulberry32 } from '../helpers/series.js';

/** Per-batch ms: 100 ms, x step from batch `at`, AR(1) noise of marginal sd s (log scale). */
function series(n: number, at: number, step: number, s: number, phi: number, u: () => number): number[] {
  let e = s * gauss(u);
  const out: number[] = [];
  for (let i = 1; i <= n; i++) {
    if (i > 1) e = phi * e + Math.sqrt(1 - phi * phi) * s * gauss(u);
    out.push(100 * Math.exp((i >= at ? Math.log(step) : 0) + e));
  }
  return out;
}

interface Rates {
  cliff: number;
  /** Cliffs Pettitt's test alone reports (p below 0.001 after the autocorrelation allowance). */
  byRanks: number;
  cliffAtHalf: number;
  fail: number;
  trendFail: number;
}

function simulate(runs: number, n: number, step: number, s: number, phi: number, seed: number): Rates {
  const u = mulberry32(seed);
  const at = n / 2 + 1;
  let cliff = 0;
  let byRanks = 0;
  let near = 0;
  let fail = 0;
  let trendFail = 0;
  for (let r = 0; r < runs; r++) {
    const g = growthGate(series(n, at, step, s, phi, u), { batchSize: 500 });
    if (g.cliff !== null) cliff++;
    if (g.cliff !== null && g.cliff.p < CLIFF_P) byRanks++;
    if (g.cliff !== null && Math.abs(g.cliff.batch - at) <= 2) near++;
    if (g.verdict === 'FAIL') fail++;
    if (g.ci[0] > g.limit) trendFail++;
  }
  return {
    cliff: cliff / runs,
    byRanks: byRanks / runs,
    cliffAtHalf: near / runs,
    fail: fail / runs,
    trendFail: trendFail / runs,
  };
}

const pct = (v: number): string => `${(100 * v).toFixed(1)}%`;

test('a 2x step at half-fill is reported as a cliff in >= 95% of runs (10% noise), at batch 21 +- 2', (t) => {
  const r = simulate(1000, 40, 2, 0.1, 0, 101);
  t.diagnostic(
    `2x step, 10% noise, 40 batches: cliff ${pct(r.cliff)} (at batch 21 +- 2: ${pct(r.cliffAtHalf)}), FAIL ${pct(r.fail)}`,
  );
  assert.ok(r.cliff >= 0.95, pct(r.cliff));
  assert.ok(r.cliffAtHalf >= 0.95, pct(r.cliffAtHalf));
  assert.equal(r.fail, 1);
});

test('a 1.3x step at half-fill is reported as a cliff in >= 80% of runs (10% noise)', (t) => {
  const r = simulate(1000, 40, 1.3, 0.1, 0, 202);
  t.diagnostic(
    `1.3x step, 10% noise, 40 batches: cliff ${pct(r.cliff)} (at batch 21 +- 2: ${pct(r.cliffAtHalf)}), FAIL ${pct(r.fail)}`,
  );
  assert.ok(r.cliff >= 0.8, pct(r.cliff));
});

test('a 2x step on a drifting host (3% noise, AR(1) 0.7) is a cliff in >= 99% of runs, the ranks alone find fewer', (t) => {
  const r = simulate(1000, 40, 2, 0.03, 0.7, 404);
  t.diagnostic(
    `2x step, 3% noise, AR(1) 0.7, 40 batches: cliff ${pct(r.cliff)} (Pettitt alone ${pct(r.byRanks)}; at batch 21 +- 2: ${pct(r.cliffAtHalf)}), FAIL ${pct(r.fail)}`,
  );
  assert.ok(r.cliff >= 0.99, pct(r.cliff));
  assert.ok(r.cliffAtHalf >= 0.99, pct(r.cliffAtHalf));
  assert.ok(r.byRanks < r.cliff, `${pct(r.byRanks)} vs ${pct(r.cliff)}`);
});

for (const [n, s, phi] of [
  [40, 0.1, 0.95],
  [40, 0.1, 0],
  [40, 0.1, 0.5],
  [40, 0.3, 0.5],
  [25, 0.1, 0.5],
  [100, 0.1, 0.5],
] as const) {
  test(`flat series, ${n} batches, ${pct(s)} noise, AR(1) ${phi}: false FAIL at most 0.5 points above the trend rule`, (t) => {
    const r = simulate(2000, n, 1, s, phi, 303 + n);
    t.diagnostic(
      `flat, n ${n}, noise ${pct(s)}, phi ${phi}: FAIL ${pct(r.fail)} (trend rule alone ${pct(r.trendFail)}), cliff reported ${pct(r.cliff)}`,
    );
    assert.ok(r.fail - r.trendFail <= 0.005, `${pct(r.fail)} vs ${pct(r.trendFail)}`);
  });
}
