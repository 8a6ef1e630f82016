/**
 * A run's own slow drift (src/analysis/drift-spread.ts, docs/verdict-iv.md "A run's own slow drift"):
 * the block variance ratio and the variogram's walk variance on seeded series, the coverage of the
 * drift-widened CI (ciDrift) against the gate's own CI on flat series with a random-walk level, and
 * the power on real growth of a FAIL read from each. Every rate is printed with t.diagnostic.

 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blockVarianceRatio, walkVariance, widenCi } from '../../src/analysis/drift-spread.js';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { gauss, mulberry32 } from '../helpers/series.js';

test('blocks and variogram by hand', () => {
  // m = 25: L = 5, K = 5; residuals +1 in block 1, -1 in block 2, 0 elsewhere: grand mean 0,
  // sum n_k (mu_k - 0)^2 = 5 + 5 = 10, lambda = 10 / (5 - 2) / s^2 with s = 1 -> 3.333
  const r = Array.from({ length: 25 }, (_, i) => (i < 5 ? 1 : i < 10 ? -1 : 0));
  const b = blockVarianceRatio(r, 1);
  assert.equal(b.blocks, 5);
  assert.equal(b.blockLength, 5);
  assert.ok(Math.abs(b.ratio - 10 / 3) < 1e-12);
  // too few blocks: NaN
  assert.ok(Number.isNaN(blockVarianceRatio(r.slice(0, 12), 1).ratio));
  // a straight walk r_i = i: gamma(h) = h^2 / 2, its least-squares slope on h = 1..6 is 3.5, q = 7
  const line = Array.from({ length: 24 }, (_, i) => i);
  assert.ok(Math.abs(walkVariance(line) - 7) < 1e-9);
  assert.equal(walkVariance(Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? 1 : -1))), 0);
  // widening: half-widths 0.1 over span 10 -> 1.0; sqrt(1 + 1.96^2 * 6 * 0.01 * 10 / 5) = 1.2126
  const w = widenCi(0, [-0.1, 0.1], 0.01, 10, 1.96);
  assert.ok(Math.abs(w[1] * 10 - Math.sqrt(1 + (1.96 * 1.96 * 6 * 0.01 * 10) / 5)) < 1e-12);
  assert.deepEqual(widenCi(0, [-0.1, 0.1], 0, 10, 1.96), [-0.1, 0.1]);
});

function series(seed: number, m: number, noise: number, walk: number, growth = 1): number[] {
  const u = mulberry32(seed);
  let level = 0;
  return Array.from({ length: m }, (_, i) => {
    level += walk * gauss(u);
    return 100 * growth ** (i / (m - 1)) * Math.exp(level + noise * gauss(u));
  });
}

const covers = (ci: [number, number]): boolean => ci[0] <= 1 && ci[1] >= 1;

test('random-walk level, no growth: coverage of 1.0 by the gate CI and by ciDrift; power on x1.5', (t) => {
  const runs = 200;
  const lines: string[] = [];
  for (const m of [25, 40, 64]) {
    for (const walk of [0, 0.005, 0.01, 0.02]) {
      let gate = 0;
      let drift = 0;
      let falseFailGate = 0;
      let falseFailDrift = 0;
      for (let s = 0; s < runs; s++) {
        const g = growthGate(series(10_000 * m + 100 * walk * 1000 + s, m, 0.05, walk), { batchSize: 500 });
        if (covers(g.ci)) gate++;
        if (covers(g.ciDrift)) drift++;
        if (g.ci[0] > 1.1) falseFailGate++;
        if (g.ciDrift[0] > 1.1) falseFailDrift++;
        // the drift CI only ever widens
        assert.ok(g.ciDrift[0] <= g.ci[0] + 1e-12 && g.ciDrift[1] >= g.ci[1] - 1e-12);
      }
      lines.push(
        `m=${m} walk ${walk}: covers 1.0 gate ${(gate / runs).toFixed(3)} drift ${(drift / runs).toFixed(3)}; false FAIL gate ${falseFailGate} drift ${falseFailDrift} of ${runs}`,
      );
      if (walk === 0) assert.ok(drift >= gate);
    }
    let powGate = 0;
    let powDrift = 0;
    for (let s = 0; s < runs; s++) {
      const g = growthGate(series(77_000 + 1000 * m + s, m, 0.1, 0, 1.5), { batchSize: 500 });
      if (g.ci[0] > 1.1) powGate++;
      if (g.ciDrift[0] > 1.1) powDrift++;
    }
    lines.push(
      `m=${m} growth x1.5 at 10% noise: FAIL on the gate CI ${(powGate / runs).toFixed(2)}, on ciDrift ${(powDrift / runs).toFixed(2)}`,
    );
  }
  for (const l of lines) t.diagnostic(l);
});
