/**
 * The compare ratio's CIs widen for autocorrelated batches (src/analysis/drift-spread.ts widenLevelCi,
 * src/compare/paired-ratios.ts levelDrift): on seeded paired log ratios with AR(0.7) noise and no
 * difference, the widened level CI covers 1.0 more often than the Wilcoxon CI; on independent pairs it
 * is the same CI in most runs. Rates printed with t.diagnostic.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { widenLevelCi } from '../../src/analysis/drift-spread.js';
import { compareToReference } from '../../src/compare/paired-ratios.js';
import { gauss, mulberry32 } from '../helpers/series.js';

function ar(seed: number, m: number, phi: number, sd: number): number[] {
  const u = mulberry32(seed);
  let e = 0;
  return Array.from({ length: m }, () => (e = phi * e + sd * Math.sqrt(1 - phi * phi) * gauss(u)));
}

test('widenLevelCi by hand: block means +-1 of blocks of 5 at s = 1 give lambda = 20/(4 - 1)', () => {
  // m = 20: L = 5, K = 4; blocks +1, -1, +1, -1 around estimate 0: sum n_k mu_k^2 = 20, lambda = 20/3
  const d = Array.from({ length: 20 }, (_, i) => (Math.floor(i / 5) % 2 === 0 ? 1 : -1));
  const w = widenLevelCi(d, 0, [-0.1, 0.2], 1);
  assert.ok(Math.abs(w.varianceRatio - 20 / 3) < 1e-12);
  assert.ok(Math.abs(w.widening - Math.sqrt(20 / 3)) < 1e-12);
  assert.ok(Math.abs(w.ci[0] + 0.1 * Math.sqrt(20 / 3)) < 1e-12 && Math.abs(w.ci[1] - 0.2 * Math.sqrt(20 / 3)) < 1e-12);
});

test('AR(0.7) pairs with no difference: the widened level CI covers 1.0 more often', (t) => {
  const runs = 200;
  for (const phi of [0, 0.7]) {
    let plain = 0;
    let wide = 0;
    let same = 0;
    for (let s = 0; s < runs; s++) {
      const d = ar(3000 + s + 1000 * phi, 40, phi, 0.05);
      const r = compareToReference(
        { batches: d.map((_, i) => i + 1), logRatios: d },
        { batchSize: 500, maxGrowth: 1.1 },
      );
      if (r.level.ci[0] <= 1 && r.level.ci[1] >= 1) plain++;
      if (r.levelDrift.ci[0] <= 1 && r.levelDrift.ci[1] >= 1) wide++;
      if (r.levelDrift.widening === 1) same++;
      assert.ok(r.levelDrift.ci[0] <= r.level.ci[0] + 1e-12 && r.levelDrift.ci[1] >= r.level.ci[1] - 1e-12);
    }
    t.diagnostic(
      `phi ${phi}: level CI covers 1.0 in ${plain}/${runs}, widened in ${wide}/${runs}; not widened in ${same}/${runs}`,
    );
    assert.ok(wide >= plain);
    if (phi === 0.7) assert.ok(wide > plain);
  }
});
