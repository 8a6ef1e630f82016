import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { growthGate } from '../../src/analysis/growth-gate.js';
import {
  batchesNeeded,
  detectableGrowth,
  effectiveAutocorrelation,
  optimismReasons,
  r80,
  senSpanFactor,
  totalBatchesFor,
  varianceInflation,
} from '../../src/analysis/detectable-growth.js';
import { gateJson } from '../../src/report/gate-json.js';
import { FEDORA3, FEDORA4, mulberry32 as rng } from '../helpers/series.js';

/** The doc's formulas written out once more, independently of the module. */
function docR80(m: number, s: number, r1: number, limit: number): number {
  const g = (6 * Math.sqrt(Math.PI) * Math.sqrt((m * (m - 1) * (2 * m + 5)) / 18)) / (m * (m + 1));
  const sigma = s * (1 + 2.6 / m);
  const phi = Math.min(0.8, Math.max(0, (r1 + 2 / m) / (1 - 5 / m)));
  const v = Math.max(1, (1 + phi) / (1 - phi) - (6 * phi) / ((1 - phi) ** 2 * m));
  return Math.exp(Math.log(limit) + g * sigma * (1.96 * (1 + 1.5 / m) + 0.84 * Math.sqrt(v)));
}

// docs/growth-gate.md, "Detectable growth": "Fedora 3 gives about x1.14." (observed 1.1401)
test('golden (docs/growth-gate.md): Fedora 3 detectable growth is about x1.14', () => {
  const r = growthGate(FEDORA3, { batchSize: 1000 });
  assert.ok(r.detectableGrowth >= 1.13 && r.detectableGrowth <= 1.15, `R80 = ${r.detectableGrowth}`);
  assert.equal(r.detectableGrowth.toFixed(2), '1.14');
  assert.equal(r.detectableGrowth, detectableGrowth(r));
  // Inputs as the doc defines them: kept batches, 1.4826 MAD and lag-1 of the gate's residuals.
  assert.equal(r.keptBatches, 22);
  assert.ok(Math.abs(r.detectableGrowth - docR80(22, r.residualScatter, r.lag1Autocorrelation, 1.1)) < 1e-3);
});

test('formula pieces follow docs/growth-gate.md', () => {
  // g(m') is "about 2 sqrt(pi/m')".
  for (const m of [10, 25, 100, 1000]) {
    const g = senSpanFactor(m);
    assert.ok(Math.abs(g / (2 * Math.sqrt(Math.PI / m)) - 1) < 0.2, `g(${m}) = ${g}`);
  }
  assert.ok(Math.abs(senSpanFactor(10000) / (2 * Math.sqrt(Math.PI / 10000)) - 1) < 0.001);
  // phi is clipped to [0, 0.8]; V is at least 1.
  assert.equal(effectiveAutocorrelation(0.95, 25), 0.8);
  assert.equal(effectiveAutocorrelation(-0.9, 25), 0);
  assert.equal(effectiveAutocorrelation(Number.NaN, 25), effectiveAutocorrelation(0, 25));
  assert.ok(Math.abs(effectiveAutocorrelation(0.3, 25) - (0.3 + 0.08) / 0.8) < 1e-12);
  assert.equal(varianceInflation(0, 25), 1);
  assert.ok(Math.abs(varianceInflation(0.5, 20) - (3 - 3 / (0.25 * 20))) < 1e-12);
  // Worked numbers (the doc's formula with the doc's constant 1.96 vs Z_95 = 1.959964).
  for (const [m, s, r1] of [
    [24, 0.1, 0],
    [40, 0.05, 0.3],
    [10, 0.2, -0.2],
    [200, 0.02, 0.9],
  ] as const) {
    assert.ok(Math.abs(r80(m, s, r1, 1.1) / docR80(m, s, r1, 1.1) - 1) < 1e-4);
  }
  // No noise: the gate FAILs anything above the limit.
  assert.equal(r80(25, 0, 0.2, 1.1), 1.1);
  // Fewer than 10 kept batches: the gate cannot FAIL at all.
  assert.equal(r80(9, 0.05, 0, 1.1), Number.POSITIVE_INFINITY);
  assert.ok(Number.isNaN(r80(25, Number.NaN, 0, 1.1)));
  // A larger z widens the CI and raises R80.
  assert.ok(r80(25, 0.05, 0, 1.1, 2.24) > r80(25, 0.05, 0, 1.1));
});

test('property: R80 shrinks when the residuals of a series are scaled down', () => {
  let compared = 0;
  fc.assert(
    fc.property(
      fc.integer({ min: 15, max: 60 }),
      fc.double({ min: -0.02, max: 0.05, noNaN: true }),
      fc.double({ min: 0.02, max: 0.3, noNaN: true }),
      fc.double({ min: 0.05, max: 0.95, noNaN: true }),
      fc.integer(),
      (m, slope, noise, c, seed) => {
        const u = rng(seed);
        const ys = Array.from({ length: m }, (_, k) => 1000 * Math.exp(slope * (k + 1) + noise * (2 * u() - 1)));
        const a = growthGate(ys, { batchSize: 1000 });
        // Shrink every batch's distance from the gate's line by c: same line, residuals * c.
        const shrunk = ys.map((y, k) => {
          const line = a.intercept + a.slope * (k + 1);
          return Math.exp(line + c * (Math.log(y) - line));
        });
        const b = growthGate(shrunk, { batchSize: 1000 });
        if (b.warmupDropped !== a.warmupDropped || !(a.residualScatter > 0)) return; // a different trim changes m'
        compared++;
        assert.ok(Math.abs(b.residualScatter - c * a.residualScatter) < 1e-6 * a.residualScatter + 1e-12);
        assert.ok(b.detectableGrowth < a.detectableGrowth, `${b.detectableGrowth} !< ${a.detectableGrowth}`);
      },
    ),
    { numRuns: 200 },
  );
  assert.ok(compared >= 150, `only ${compared} of 200 runs kept the same trim`);
});

test('property: R80 shrinks when batches are added at the same noise', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 10, max: 400 }),
      fc.integer({ min: 1, max: 200 }),
      fc.double({ min: 1e-4, max: 0.5, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: 1.01, max: 2, noNaN: true }),
      (m, extra, s, r1, limit) => {
        assert.ok(r80(m + extra, s, r1, limit) < r80(m, s, r1, limit));
        assert.ok(r80(m, s, r1, limit) > limit);
      },
    ),
  );
});

test('planning inverse: Fedora 3 needs the minimum (10 kept, 14 total) for x1.25 and x1.5', () => {
  const r = growthGate(FEDORA3, { batchSize: 1000 });
  assert.deepEqual(r.batchesNeeded['x1.25'], { keptBatches: 10, totalBatches: 14 });
  assert.deepEqual(r.batchesNeeded['x1.5'], { keptBatches: 10, totalBatches: 14 });
  // Fedora 4's noise (9.1%, drifted) needs far more for x1.25 than for x1.5.
  const f4 = growthGate(FEDORA4, { batchSize: 1000 });
  assert.ok(f4.batchesNeeded['x1.25'].keptBatches > f4.batchesNeeded['x1.5'].keptBatches);
  assert.equal(totalBatchesFor(20), 26);
  assert.equal(totalBatchesFor(22), 29);
});

test("property: batchesNeeded is the smallest m' >= 10 with R80 at or below the target", () => {
  fc.assert(
    fc.property(
      fc.double({ min: 0.005, max: 0.4, noNaN: true }),
      fc.double({ min: -0.5, max: 0.95, noNaN: true }),
      fc.constantFrom(1.25, 1.5, 2),
      (s, r1, target) => {
        const b = batchesNeeded(target, s, r1, 1.1);
        if (!Number.isFinite(b.keptBatches)) {
          assert.ok(r80(100_000, s, r1, 1.1) > target);
          return;
        }
        assert.ok(b.keptBatches >= 10);
        assert.ok(r80(b.keptBatches, s, r1, 1.1) <= target);
        if (b.keptBatches > 10) assert.ok(r80(b.keptBatches - 1, s, r1, 1.1) > target);
        assert.equal(b.totalBatches, Math.ceil(b.keptBatches / 0.8 + 1));
        // A run of that many batches keeps at least m' after the largest trim floor(0.2 total).
        assert.ok(b.totalBatches - Math.floor(0.2 * b.totalBatches) >= b.keptBatches);
      },
    ),
  );
  // A target at or below the limit is never reached with noise; no noise estimate, no answer.
  assert.equal(batchesNeeded(1.1, 0.05, 0, 1.1).keptBatches, Number.POSITIVE_INFINITY);
  assert.ok(Number.isNaN(batchesNeeded(1.25, Number.NaN, 0, 1.1).totalBatches));
});

test('optimism flags: drift (Fedora 3, r1 0.57) and a warm-up trim at its cap', () => {
  const f3 = growthGate(FEDORA3, { batchSize: 1000 });
  assert.equal(f3.detectableOptimistic.length, 1);
  assert.match(f3.detectableOptimistic[0] ?? '', /drifted \(lag-1 autocorrelation 0\.57 > 0\.50\)/);

  const u = rng(3);
  const slowStart = [9000, 7000, 5000, 3500, 2500, 2000];
  const ys = Array.from({ length: 25 }, (_, k) => slowStart[k] ?? 1000 * Math.exp(0.03 * (2 * u() - 1)));
  const capped = growthGate(ys, { batchSize: 1000 });
  assert.equal(capped.warmupDropped, 5); // floor(0.2 * 25)
  assert.ok(capped.detectableOptimistic.some((s) => /stopped at its cap \(5 batches\)/.test(s)));

  assert.deepEqual(
    optimismReasons({ batches: 25, warmupDropped: 2, residualScatter: 0.05, lag1Autocorrelation: 0.1 }),
    [],
  );
  assert.equal(
    optimismReasons({ batches: 25, warmupDropped: 1, residualScatter: 0, lag1Autocorrelation: 0.1 }).length,
    1,
  );
  // Too short to decide: no R80, no flags.
  const short = growthGate(FEDORA3.slice(0, 9), { batchSize: 1000 });
  assert.equal(short.detectableGrowth, Number.POSITIVE_INFINITY);
  assert.deepEqual(short.detectableOptimistic, []);
});

test('gateJson carries detectableGrowth, batchesNeeded and the optimism reasons', () => {
  const j = gateJson(growthGate(FEDORA3, { batchSize: 1000 }));
  assert.equal((j['detectableGrowth'] as number).toFixed(2), '1.14');
  assert.deepEqual(j['batchesNeeded'], {
    'x1.25': { keptBatches: 10, totalBatches: 14 },
    'x1.5': { keptBatches: 10, totalBatches: 14 },
  });
  assert.equal((j['detectableOptimistic'] as string[]).length, 1);
  assert.equal(j['ciZ'], 1.959964);
  assert.equal('perOperation' in j, false);
  const empty = gateJson(growthGate([], { batchSize: 1000 }));
  assert.equal(empty['detectableGrowth'], null);
  assert.deepEqual(empty['batchesNeeded'], {
    'x1.25': { keptBatches: null, totalBatches: null },
    'x1.5': { keptBatches: null, totalBatches: null },
  });
  assert.doesNotThrow(() => JSON.stringify(empty));
});
