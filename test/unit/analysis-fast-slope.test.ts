/**
 * The O(n log n) Theil–Sen selection (fast-slope-selection.ts, inversion-count.ts) against the
 * O(n^2) one (slope-selection.ts): the same slopes at every rank, on seeded series with ties,
 * trends and steps; inversion counts against the double loop; Kendall's tau from inversions the
 * same number as the pairwise loop.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { fastSlopeOrderStatistics } from '../../src/analysis/fast-slope-selection.js';
import { countInversions, orderByKey } from '../../src/analysis/inversion-count.js';
import { kendallTauB } from '../../src/analysis/kendall.js';
import { pairwiseSlopeOrderStatistics } from '../../src/analysis/slope-selection.js';
import { FAST_SELECTION_MIN_N, theilSen } from '../../src/analysis/theil-sen.js';
import { gauss, mulberry32 } from '../helpers/series.js';

test('property: inversion counts equal the double loop (strict and with ties)', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 40 }), (v) => {
      let strict = 0;
      let orEqual = 0;
      for (let i = 0; i < v.length; i++) {
        for (let j = i + 1; j < v.length; j++) {
          if ((v[i] as number) > (v[j] as number)) strict++;
          if ((v[i] as number) >= (v[j] as number)) orEqual++;
        }
      }
      assert.equal(countInversions(Float64Array.from(v), false), strict);
      assert.equal(countInversions(Float64Array.from(v), true), orEqual);
    }),
  );
});

test('property: fast slope order statistics equal the O(n^2) selection at every sampled rank', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 120 }),
      fc.integer({ min: 1, max: 1000 }),
      fc.constantFrom('noise', 'ties', 'step'),
      fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
      (n, seed, shape, picks) => {
        const u = mulberry32(seed);
        const x = Float64Array.from({ length: n }, (_, i) => i + 1);
        const y = Float64Array.from({ length: n }, (_, i) =>
          shape === 'ties'
            ? Math.floor(u() * 4)
            : shape === 'step'
              ? (i > n / 2 ? 1 : 0) + 0.1 * gauss(u)
              : 0.01 * i + gauss(u),
        );
        const nPairs = (n * (n - 1)) / 2;
        const ks = picks.map((p) => p % nPairs);
        assert.deepEqual(fastSlopeOrderStatistics(x, y, ks), pairwiseSlopeOrderStatistics(x, y, nPairs, ks));
      },
    ),
    { numRuns: 200 },
  );
});

test(`theilSen from ${FAST_SELECTION_MIN_N} points takes the fast path and gives the O(n^2) answers`, () => {
  const n = FAST_SELECTION_MIN_N + 904;
  const u = mulberry32(17);
  const x = Float64Array.from({ length: n }, (_, i) => i + 1);
  const y = Float64Array.from({ length: n }, (_, i) => Math.log(100) + 0.0001 * i + 0.1 * gauss(u));
  const fit = theilSen(x, y);
  const nPairs = (n * (n - 1)) / 2;
  const mid = Math.floor(nPairs / 2);
  const [b, a] = pairwiseSlopeOrderStatistics(x, y, nPairs, [mid - 1, mid]);
  assert.equal(fit.slope, ((b as number) + (a as number)) / 2);
  assert.ok(fit.lower < fit.slope && fit.slope < fit.upper);
  const ranks = pairwiseSlopeOrderStatistics(x, y, nPairs, [0]);
  assert.ok((ranks[0] as number) <= fit.lower);
});

test('Kendall tau-b from inversions equals the pairwise loop (x increasing, ties in y)', () => {
  const u = mulberry32(3);
  const y = Array.from({ length: 300 }, () => Math.floor(u() * 20));
  const x = Array.from({ length: 300 }, (_, i) => i);
  let score = 0;
  for (let i = 0; i < 300; i++)
    for (let j = i + 1; j < 300; j++) score += Math.sign((y[j] as number) - (y[i] as number));
  const tau = kendallTauB(x, y);
  const n0 = (300 * 299) / 2;
  let tiesY = 0;
  const counts = new Map<number, number>();
  for (const v of y) counts.set(v, (counts.get(v) ?? 0) + 1);
  for (const t of counts.values()) tiesY += (t * (t - 1)) / 2;
  assert.equal(tau, score / Math.sqrt(n0 * (n0 - tiesY)));
});

test('property: orderByKey is the sort by key ascending, equal keys larger index first', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: -4, max: 4 }), { maxLength: 300 }), fc.boolean(), (v, spread) => {
      const key = Float64Array.from(v, (k, i) => (spread ? k + i * 1e-3 : k));
      const want = Array.from(key, (_, i) => i).sort((a, b) => (key[a] as number) - (key[b] as number) || b - a);
      assert.deepEqual(Array.from(orderByKey(key)), want);
    }),
    { numRuns: 400 },
  );
});
