/**
 * compareRuns (src/analysis/baseline.ts): reference values computed independently, and properties.
 *
 * Reference numbers for Fedora 4 (candidate) against Fedora 3 (baseline), both B = 1000, warm-up
 * 1 and 3 (docs/growth-gate.md golden numbers), paired over batches 4-25: computed with Python 3 /
 * numpy / scipy 1.17.1:
 *   i = 4..25; d = log(f4[i-1]) - log(f3[i-1])
 *   scipy.stats.theilslopes(d, i, alpha=0.95) -> slope 0.06459814787107465,
 *     low 0.05838969614025857, high 0.07260528907953301; span 21:
 *     ratio exp(21 slope) = 3.8828177150693723, CI [3.408197703740593, 4.593816089338026]
 *   Walsh averages w = sorted((d[a] + d[b]) / 2 for a <= b); median 1.2568121537470525
 *     (ratio 3.5142008799747595)
 *   95% CI by inverting scipy.stats.wilcoxon(d - mu, method="exact") (two-sided p >= 0.05):
 *     mu in [w_66, w_188] = [1.033495776345375, 1.4700122504545048] (p = 0.05007 just inside,
 *     0.04616 just outside), ratios [2.8108748694925243, 4.349288421496321]; achieved confidence
 *     1 - 2 P(T+ <= 65) = 0.9538397789001465.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { compareRuns, type RunSeries } from '../../src/analysis/baseline.js';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { pairwiseSlopes } from '../../src/analysis/theil-sen.js';
import { batchIndices } from '../../src/analysis/warmup-trim.js';
import { FEDORA3, FEDORA4 } from '../helpers/series.js';

const close = (a: number, b: number, rel = 1e-12): void => {
  assert.ok(Math.abs(a - b) <= rel * Math.max(1, Math.abs(b)), `${a} != ${b}`);
};

const series = (timesMs: readonly number[], warmupDropped = 1, batchSize = 1000): RunSeries => ({
  timesMs,
  batchSize,
  warmupDropped,
});

test('Fedora 4 against Fedora 3 matches scipy: scaling (Theil-Sen + Sen CI) and level (Hodges-Lehmann + Wilcoxon)', () => {
  const w4 = growthGate(FEDORA4, { batchSize: 1000 }).warmupDropped;
  const w3 = growthGate(FEDORA3, { batchSize: 1000 }).warmupDropped;
  assert.deepEqual([w4, w3], [1, 3]);
  const c = compareRuns(series(FEDORA4, w4), series(FEDORA3, w3), { maxLevelChange: 0.25 });
  assert.deepEqual([c.firstBatch, c.lastBatch, c.pairs, c.scaling.span], [4, 25, 22, 21]);
  close(c.scaling.slope, 0.06459814787107465);
  close(c.scaling.slopeCi[0], 0.05838969614025857);
  close(c.scaling.slopeCi[1], 0.07260528907953301);
  close(c.scaling.ratio, 3.8828177150693723);
  close(c.scaling.ci[0], 3.408197703740593);
  close(c.scaling.ci[1], 4.593816089338026);
  assert.equal(c.scaling.verdict, 'FAIL');
  close(c.level.estimate, 1.2568121537470525);
  close(c.level.ratio, 3.5142008799747595);
  close(c.level.estimateCi[0], 1.033495776345375);
  close(c.level.estimateCi[1], 1.4700122504545048);
  close(c.level.ci[0], 2.8108748694925243);
  close(c.level.ci[1], 4.349288421496321);
  close(c.level.confidence, 0.9538397789001465);
  assert.equal(c.level.method, 'exact');
  assert.equal(c.level.verdict, 'FAIL'); // 2.81 > 1.25
  assert.equal(c.verdict, 'FAIL');
});

test('the level is reported but not gated without maxLevelChange', () => {
  const c = compareRuns(series(FEDORA4, 1), series(FEDORA3, 3));
  assert.equal(c.level.verdict, null);
  assert.equal(c.level.maxLevelChange, null);
  assert.match(c.level.reason, /not gated/);
  assert.equal(c.verdict, c.scaling.verdict);
});

test('the hand-checked small example: candidate = baseline x (1.0, 1.1, 1.2, ...) gives the ratio of the steps', () => {
  // baseline flat 100 ms over 12 batches, candidate 100 * exp(0.01 i): d_i = 0.01 i exactly up to
  // rounding, every pairwise slope is 0.01, so slope = CI = 0.01; with w = 1 for both the window is
  // 2..12 (11 pairs, span 10): ratio exp(0.1) = 1.10517 (lower bound too): above 1.10 -> FAIL.
  // Level: Walsh averages of 0.02..0.12 have median 0.07 -> x1.0725.
  const base = Array.from({ length: 12 }, () => 100);
  const cand = base.map((t, k) => t * Math.exp(0.01 * (k + 1)));
  const c = compareRuns(series(cand), series(base));
  assert.deepEqual([c.firstBatch, c.lastBatch, c.pairs], [2, 12, 11]);
  close(c.scaling.slope, 0.01, 1e-9);
  close(c.scaling.ci[0], Math.exp(0.1), 1e-9);
  assert.equal(c.scaling.verdict, 'FAIL');
  close(c.level.estimate, 0.07, 1e-9);
  // limit 1.2: the lower bound 1.105 is above 1 but not above the limit -> WARN
  assert.equal(compareRuns(series(cand), series(base), { limit: 1.2 }).scaling.verdict, 'WARN');
});

test('the window starts after the longer warm-up and ends with the shorter run; fewer than 10 pairs is INCONCLUSIVE', () => {
  const a = Array.from({ length: 30 }, (_, k) => 100 + k);
  const b = Array.from({ length: 20 }, (_, k) => 90 + k);
  const c = compareRuns(series(a, 4), series(b, 2));
  assert.deepEqual([c.firstBatch, c.lastBatch, c.pairs], [5, 20, 16]);
  const short = compareRuns(series(a.slice(0, 12), 3), series(b.slice(0, 12), 1));
  assert.equal(short.pairs, 9);
  assert.equal(short.scaling.verdict, 'INCONCLUSIVE');
  assert.match(short.scaling.reason, /only 9 paired batches/);
  const none = compareRuns(series([100], 1), series([100], 1));
  assert.equal(none.pairs, 0);
  assert.equal(none.verdict, 'INCONCLUSIVE');
  assert.ok(Number.isNaN(none.level.ratio));
});

test('notes: differing batch sizes, and a level limit below 10%', () => {
  const t = Array.from({ length: 15 }, () => 100);
  const c = compareRuns(series(t, 1, 1000), series(t, 1, 500), { maxLevelChange: 0.05 });
  assert.equal(c.notes.length, 2);
  assert.match(c.notes[0] ?? '', /batch sizes differ \(candidate 1000, baseline 500\)/);
  assert.match(c.notes[1] ?? '', /below 10%/);
});

test('invalid input throws a TypeError', () => {
  assert.throws(() => compareRuns(series([100, 0]), series([100, 100])), TypeError);
  assert.throws(() => compareRuns(series([100]), series([100], -1)), TypeError);
  assert.throws(() => compareRuns(series([100]), series([100]), { limit: 0 }), TypeError);
  assert.throws(() => compareRuns(series([100]), series([100]), { maxLevelChange: Number.NaN }), TypeError);
});

const times = (min: number, max: number): fc.Arbitrary<number[]> =>
  fc.array(fc.double({ min: 10, max: 1e6, noNaN: true }), { minLength: min, maxLength: max });

test('property: swapping candidate and baseline negates the log effects', () => {
  fc.assert(
    fc.property(
      times(12, 40),
      times(12, 40),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 3 }),
      (a, b, wa, wb) => {
        const ab = compareRuns(series(a, wa), series(b, wb));
        const ba = compareRuns(series(b, wb), series(a, wa));
        // + 0 turns -0 into 0: negation is exact, but strict equality tells the zeros apart
        const neg = (v: number): number => -v + 0;
        assert.deepEqual(
          ba.logDiffs.map((d) => d + 0),
          ab.logDiffs.map(neg),
        );
        assert.equal(ba.scaling.slope + 0, neg(ab.scaling.slope));
        assert.equal(ba.level.estimate + 0, neg(ab.level.estimate));
        assert.equal(ba.level.estimateCi[0] + 0, neg(ab.level.estimateCi[1]));
        assert.equal(ba.level.estimateCi[1] + 0, neg(ab.level.estimateCi[0]));
        // Sen's CI indices round half to even (scipy), so the swapped bound may sit one order
        // statistic away from the negated one.
        const sorted = pairwiseSlopes(batchIndices(ab.firstBatch, ab.lastBatch), Float64Array.from(ab.logDiffs));
        const near = (v: number, target: number): boolean => {
          const first = sorted.indexOf(target);
          const last = sorted.lastIndexOf(target);
          const lo = sorted[Math.max(0, first - 1)] as number;
          const hi = sorted[Math.min(sorted.length - 1, last + 1)] as number;
          return first >= 0 && lo <= v && v <= hi;
        };
        assert.ok(
          near(-ba.scaling.slopeCi[0], ab.scaling.slopeCi[1]),
          'swapped lower bound is the negated upper bound (up to one order statistic)',
        );
        assert.ok(
          near(-ba.scaling.slopeCi[1], ab.scaling.slopeCi[0]),
          'swapped upper bound is the negated lower bound (up to one order statistic)',
        );
      },
    ),
    { numRuns: 150 },
  );
});

test('property: identical runs give ratio 1 with CI [1, 1] and PASS', () => {
  fc.assert(
    fc.property(times(13, 40), fc.integer({ min: 1, max: 3 }), (a, w) => {
      const c = compareRuns(series(a, w), series([...a], w), { maxLevelChange: 0.1 });
      assert.deepEqual([c.scaling.ratio, ...c.scaling.ci], [1, 1, 1]);
      assert.deepEqual([c.level.ratio, ...c.level.ci], [1, 1, 1]);
      assert.equal(c.scaling.verdict, 'PASS');
      assert.equal(c.level.verdict, 'PASS');
      assert.equal(c.verdict, 'PASS');
    }),
    { numRuns: 100 },
  );
});

test('property: candidate = baseline x constant gives level = constant and scaling 1 (PASS)', () => {
  fc.assert(
    fc.property(times(11, 40), fc.double({ min: 0.2, max: 5, noNaN: true }), (a, k) => {
      const c = compareRuns(series(a.map((t) => t * k)), series(a));
      close(c.level.ratio, k, 1e-9);
      close(c.level.ci[0], k, 1e-9);
      close(c.level.ci[1], k, 1e-9);
      close(c.scaling.ratio, 1, 1e-9);
      close(c.scaling.ci[0], 1, 1e-9);
      assert.equal(c.scaling.verdict, 'PASS');
    }),
    { numRuns: 150 },
  );
});

test('property: a candidate that doubles over 25 batches against a flat baseline FAILs (5% noise on both)', () => {
  const noise = fc.array(fc.double({ min: -0.05, max: 0.05, noNaN: true }), { minLength: 25, maxLength: 25 });
  fc.assert(
    fc.property(
      noise,
      noise,
      fc.double({ min: 2, max: 6, noNaN: true }),
      fc.double({ min: 50, max: 5e4, noNaN: true }),
      (nb, nc, growth, level) => {
        const base = nb.map((e) => level * (1 + e));
        const cand = nc.map((e, k) => level * growth ** (k / 24) * (1 + e));
        const c = compareRuns(series(cand), series(base));
        assert.equal(c.scaling.verdict, 'FAIL', `ratio ${c.scaling.ratio} CI ${c.scaling.ci}`);
      },
    ),
    { numRuns: 150 },
  );
});
