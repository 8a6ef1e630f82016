/**
 * Cliff detection (src/analysis/pettitt.ts, mann-whitney.ts, two-sample-shift.ts, cliff.ts).
 * Reference values come from scripts/cliff_reference.py (pure Python, brute force: Pettitt's U_t
 * from its double sum, the Mann–Whitney null distribution by enumerating every rank assignment,
 * the Hodges–Lehmann shift from all m·n differences), and agree with the published two-sided 5%
 * critical values of the Mann–Whitney U (m = n = 5: 2, 8: 13, 10: 23; 6 and 9: 10; 12 and 7: 18;
 * k = critical value + 1).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { detectCliff, segmentResiduals, withinSegmentSlope } from '../../src/analysis/cliff.js';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { rankSumDistribution, shiftCiIndex } from '../../src/analysis/mann-whitney.js';
import { midRanks, pettitt } from '../../src/analysis/pettitt.js';
import { Z_95 } from '../../src/analysis/theil-sen.js';
import { kthDifference, kthDifferenceBisect, twoSampleShift } from '../../src/analysis/two-sample-shift.js';
import { FEDORA3, FEDORA4, gauss, mulberry32 } from '../helpers/series.js';

const close = (a: number, b: number, tol = 1e-12): void => assert.ok(Math.abs(a - b) <= tol, `${a} vs ${b}`);

test('Pettitt: K, split and p of the reference series (scripts/cliff_reference.py)', () => {
  const r = pettitt([1.0, 1.2, 0.9, 1.1, 1.0, 0.95, 1.05, 2.1, 1.9, 2.2, 2.0, 1.95, 2.05, 2.1]);
  assert.equal(r.statistic, 49);
  assert.equal(r.signedStatistic, -49, 'a rise makes U negative');
  assert.equal(r.split, 7);
  close(r.p, 0.014893166141848676);
  const ties = pettitt([3, 1, 3, 2, 5, 5, 4, 5]);
  assert.deepEqual([ties.statistic, ties.signedStatistic, ties.split], [16, -16, 4]);
  close(ties.p, 0.13896690244560309);
  assert.deepEqual(Array.from(midRanks([3, 1, 3, 2])), [3.5, 1, 3.5, 2]);
  assert.equal(pettitt([1]).p, 1);
});

test('property: Pettitt from ranks equals the double sum of its definition', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 2, maxLength: 30 }), (x) => {
      let best = -1;
      for (let t = 1; t < x.length; t++) {
        let u = 0;
        for (let i = 0; i < t; i++)
          for (let j = t; j < x.length; j++) u += Math.sign((x[i] as number) - (x[j] as number));
        best = Math.max(best, Math.abs(u));
      }
      assert.equal(pettitt(x).statistic, best);
    }),
  );
});

test('Mann–Whitney CI index: published critical values (k = U_crit + 1) and achieved confidence', () => {
  const ref: [number, number, number, number][] = [
    [5, 5, 3, 0.9682539682539683],
    [8, 8, 14, 0.9501165501165502],
    [10, 10, 24, 0.9567429474550218],
    [6, 9, 11, 0.9504495504495505],
    [12, 7, 19, 0.9550686671429706],
  ];
  for (const [m, n, k, conf] of ref) {
    const idx = shiftCiIndex(m, n, Z_95);
    assert.equal(idx.k, k, `${m}, ${n}`);
    assert.equal(idx.method, 'exact');
    close(idx.confidence, conf, 1e-9);
  }
  const p = rankSumDistribution(3, 2);
  assert.deepEqual(
    Array.from(p, (v) => v * 10),
    [1, 1, 2, 2, 2, 1, 1].map((c) => c),
  ); // C(5,3) = 10 arrangements
  const big = shiftCiIndex(60, 80, Z_95);
  assert.equal(big.method, 'normal');
  assert.equal(big.k, Math.ceil(2400 - 0.5 - Z_95 * Math.sqrt((4800 * 141) / 12)));
});

test('two-sample Hodges–Lehmann shift: reference estimate and CI (scripts/cliff_reference.py)', () => {
  const r = twoSampleShift([2.1, 1.9, 2.4, 2.0, 2.2, 1.8], [1.0, 1.3, 0.9, 1.1, 1.2, 0.8, 1.05], Z_95);
  close(r.estimate, 1.0);
  close(r.lower, 0.75);
  close(r.upper, 1.3);
  close(r.confidence, 0.965034965034965, 1e-9);
});

test('property: kthDifference equals sorting all m·n differences', () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 1, maxLength: 25 }),
      fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 1, maxLength: 25 }),
      fc.nat(),
      (a, b, seed) => {
        const all = Float64Array.from(a.flatMap((x) => b.map((y) => x - y))).sort();
        const k = 1 + (seed % all.length);
        const sa = Float64Array.from(a).sort();
        const sb = Float64Array.from(b).sort();
        assert.ok(Object.is(kthDifference(sa, sb, k) + 0, (all[k - 1] as number) + 0));
      },
    ),
  );
});

/** ln times: level 0, then ln(step) from batch `at` on (1-based), noise sd s, seeded. */
function stepSeries(n: number, at: number, step: number, s: number, seed: number): number[] {
  const u = mulberry32(seed);
  return Array.from({ length: n }, (_, i) => (i + 1 >= at ? Math.log(step) : 0) + s * gauss(u));
}

test('a 2x step at batch 21 of 40 is found at batch 21 and named by the objects stored then', () => {
  const z = stepSeries(40, 21, 2, 0.05, 11);
  const c = detectCliff(z, { firstKeptBatch: 1, batchSize: 500, limit: 1.1, z: Z_95, minBatches: 10 });
  assert.ok(c !== null);
  assert.equal(c.batch, 21);
  assert.equal(c.objects, 10_000);
  assert.ok(c.ci[0] < 2 && c.ci[1] > 2, `CI ${c.ci} holds 2`);
  assert.ok(c.fails);
  assert.ok(c.p < 1e-3);
  assert.deepEqual([c.before, c.after], [20, 20]);
});

test('a steady trend is not a cliff: the within-segment slope takes it out', () => {
  const z = Array.from({ length: 40 }, (_, i) => 0.03 * i + 0.02 * Math.sin(i * 7));
  assert.ok(pettitt(z).p < 1e-3, 'Pettitt alone sees the trend as a change');
  assert.equal(detectCliff(z, { firstKeptBatch: 2, batchSize: 500, limit: 1.1, z: Z_95, minBatches: 10 }), null);
  close(withinSegmentSlope(Float64Array.from(z), 20), 0.03, 0.005);
  assert.equal(growthGate(FEDORA4, { batchSize: 1000 }).cliff, null, 'Fedora 4 grows steadily');
  assert.equal(growthGate(FEDORA3, { batchSize: 1000 }).cliff, null);
});

test('with a cliff the planning noise is measured around each segment, so the step is not noise', () => {
  const z = stepSeries(40, 21, 2, 0.05, 3);
  const times = z.map((v) => 100 * Math.exp(v));
  const r = growthGate(times, { batchSize: 500 });
  assert.equal(r.verdict, 'FAIL');
  assert.ok(r.cliff !== null && r.cliff.batch === 21);
  const seg = segmentResiduals(z.slice(r.warmupDropped), r.firstKeptBatch, r.cliff.before);
  assert.equal(seg.length, r.keptBatches);
  // noise 5%: x1.25 needs few batches, not the hundreds a step counted as noise would ask for
  assert.ok(r.batchesNeeded['x1.25'].totalBatches < 40, `x1.25 needs ${r.batchesNeeded['x1.25'].totalBatches}`);
  assert.ok(r.residualScatter > 0.15, 'the straight line does see the step as scatter');
});

test('property: kthDifference (interpolation, listing) equals the bisection reference at sizes up to 3,000, ties included', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 3000 }),
      fc.integer({ min: 1, max: 3000 }),
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.constantFrom(0, 3, 1e9),
      fc.nat(),
      (m, n, seed, grid, pick) => {
        const u = mulberry32(seed);
        const draw = (): number => (grid === 0 ? gauss(u) : Math.round(gauss(u) * grid) / grid);
        const a = Float64Array.from({ length: m }, draw).sort();
        const b = Float64Array.from({ length: n }, () => draw() + 0.3).sort();
        for (const k of [1, 1 + (pick % (m * n)), Math.ceil((m * n) / 2), m * n]) {
          assert.ok(Object.is(kthDifference(a, b, k) + 0, kthDifferenceBisect(a, b, k) + 0), `m ${m}, n ${n}, k ${k}`);
        }
      },
    ),
    { numRuns: 60, seed: 16 },
  );
});

test('twoSampleShift with riseOnly: a fall comes without its CI, a rise with the same CI as without', () => {
  const u = mulberry32(23);
  const low = Array.from({ length: 40 }, () => gauss(u));
  const high = Array.from({ length: 30 }, () => 1 + gauss(u));
  const fall = twoSampleShift(low, high, Z_95, true);
  assert.deepEqual(fall, { ...twoSampleShift(low, high, Z_95), lower: Number.NaN, upper: Number.NaN });
  assert.ok(fall.estimate < 0);
  assert.deepEqual(twoSampleShift(high, low, Z_95, true), twoSampleShift(high, low, Z_95));
});
