/**
 * The fast slope selection (fast-slope-selection.ts) on slopes with heavy ties: few distinct y
 * values, constant y, steps, against the O(n^2) selection at the median, Sen's CI ranks and random
 * ranks, also through the memo the gate uses (one point more in front); and on 200,000 points of
 * eight distinct values, where billions of slopes are exactly 0, against the counts of ordered and
 * equal pairs by value group (exact and cheap for that shape). No test here asserts time.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { doubleAt, doublePosition, nextDown, positionMidpoint } from '../../src/analysis/double-order.js';
import { fastSlopeOrderStatistics } from '../../src/analysis/fast-slope-selection.js';
import { pairwiseSlopeOrderStatistics } from '../../src/analysis/slope-selection.js';
import { senIndices } from '../../src/analysis/theil-sen.js';
import { mulberry32 } from '../helpers/series.js';

/** n points at x = 1..n with y of the given shape. */
function tiedSeries(n: number, seed: number, shape: string): { x: Float64Array; y: Float64Array } {
  const u = mulberry32(seed);
  const x = Float64Array.from({ length: n }, (_, i) => i + 1);
  const y = Float64Array.from({ length: n }, (_, i) => {
    if (shape === 'constant') return 4.605170185988092;
    if (shape === 'two') return u() < 0.5 ? 0 : 1;
    if (shape === 'steps') return Math.floor((4 * i) / n) + (u() < 0.1 ? 1 : 0);
    if (shape === 'line') return i + (u() < 0.1 ? 0.5 : 0); // most slopes exactly 1: a tie away from 0
    return Math.log(100 + Math.floor(u() * 8)); // eight whole milliseconds, as the gate sees them
  });
  return { x, y };
}

/** The median's two ranks, Sen's CI ranks and the given picks. */
function ranksOf(x: Float64Array, y: Float64Array, picks: readonly number[]): number[] {
  const nPairs = (x.length * (x.length - 1)) / 2;
  const mid = Math.floor(nPairs / 2);
  return [mid - 1, mid, ...(senIndices(nPairs, x, y) ?? []), ...picks.map((p) => p % nPairs)];
}

test('property: heavy ties (constant, two values, steps, eight values, a line) give the O(n^2) answers, directly and through the memo', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 150 }),
      fc.integer({ min: 1, max: 1000 }),
      fc.constantFrom('constant', 'two', 'steps', 'eight', 'line'),
      fc.array(fc.nat(), { maxLength: 4 }),
      fc.integer({ min: 1, max: 3 }),
      (n, seed, shape, picks, front) => {
        const { x, y } = tiedSeries(n + front, seed, shape);
        const nPairs = (n * (n - 1)) / 2;
        // the warm-up step's fit on the points without the first one, then the gate's (memo.ts)
        const later = { x: x.subarray(front), y: y.subarray(front) };
        const ks = ranksOf(later.x, later.y, picks);
        assert.deepEqual(
          fastSlopeOrderStatistics(later.x, later.y, ks),
          pairwiseSlopeOrderStatistics(later.x, later.y, nPairs, ks),
        );
        const all = { x: x.subarray(front - 1), y: y.subarray(front - 1) };
        const allKs = ranksOf(all.x, all.y, picks);
        const allPairs = ((n + 1) * n) / 2;
        assert.deepEqual(
          fastSlopeOrderStatistics(all.x, all.y, allKs),
          pairwiseSlopeOrderStatistics(all.x, all.y, allPairs, allKs),
        );
      },
    ),
    { numRuns: 300 },
  );
});

/** Pairs i < j with y_j < y_i, y_j = y_i, by value group in index order: O(n x values). */
function orderedAndEqualPairs(y: Float64Array): { below: number; equal: number } {
  const seen = new Map<number, number>();
  let below = 0;
  let equal = 0;
  for (const v of y) {
    for (const [w, c] of seen) {
      if (w > v) below += c;
      else if (w === v) equal += c;
    }
    seen.set(v, (seen.get(v) ?? 0) + 1);
  }
  return { below, equal };
}

/**
 * The largest negative slope (y_j - y_i)/(j - i), i < j, y_j < y_i: for each two values, the pair
 * of the first index of the larger and the last index of the smaller (the widest such pair).
 */
function largestNegativeSlope(x: Float64Array, y: Float64Array): number {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  y.forEach((v, i) => {
    if (!first.has(v)) first.set(v, i);
    last.set(v, i);
  });
  let best = -Infinity;
  for (const [a, i] of first) {
    for (const [b, j] of last) {
      if (b < a && j > i) best = Math.max(best, (b - a) / ((x[j] as number) - (x[i] as number)));
    }
  }
  return best;
}

test('200,000 points of eight distinct values: the median, the CI ranks and the ends of the block of zero slopes', () => {
  const { x, y } = tiedSeries(200_000, 7, 'eight');
  const { below, equal } = orderedAndEqualPairs(y);
  const nPairs = (x.length * (x.length - 1)) / 2;
  const mid = Math.floor(nPairs / 2);
  const ci = senIndices(nPairs, x, y) as [number, number];
  assert.ok(below <= ci[0] && ci[1] < below + equal, 'the CI ranks fall among the zero slopes (the shape under test)');
  const ks = [mid - 1, mid, ci[0], ci[1], below, below + equal - 1, below - 1];
  const got = fastSlopeOrderStatistics(x, y, ks);
  assert.deepEqual(got.slice(0, 6), [0, 0, 0, 0, 0, 0]);
  assert.ok(Object.is(got[0], 0), '+0, as (y_j - y_i)/(x_j - x_i) of a tie');
  assert.equal(got[6], largestNegativeSlope(x, y), 'the rank before the zeros: the largest negative slope');
});

test('a series of 200 distinct values (the zeros too few for the sample to show at once) still ends at the O(n^2) answer', () => {
  const u = mulberry32(11);
  const n = 30_000;
  const x = Float64Array.from({ length: n }, (_, i) => i + 1);
  const y = Float64Array.from({ length: n }, () => Math.floor(u() * 200));
  const { below, equal } = orderedAndEqualPairs(y);
  const nPairs = (n * (n - 1)) / 2;
  const mid = Math.floor(nPairs / 2);
  assert.ok(
    equal > 8 * n && below <= mid && mid < below + equal,
    'the median is a tie of more slopes than a bracket lists',
  );
  assert.deepEqual(fastSlopeOrderStatistics(x, y, [mid, below, below + equal - 1]), [0, 0, 0]);
});

test('doubles by position: nextDown, the midpoint by position, adjacency', () => {
  assert.equal(nextDown(1), 1 - 2 ** -53);
  assert.equal(nextDown(0), -(2 ** -1074));
  assert.equal(nextDown(-0), -(2 ** -1074));
  assert.equal(nextDown(Infinity), Number.MAX_VALUE);
  assert.equal(doubleAt(doublePosition(-3.5)), -3.5);
  assert.ok(doublePosition(-1) < doublePosition(-0.5) && doublePosition(-0.5) < doublePosition(0));
  assert.equal(positionMidpoint(1, 1 + 2 ** -52), null);
  assert.equal(positionMidpoint(-(2 ** -1074), 2 ** -1074), 0);
  let lo = -1e300;
  let hi = 1e-300;
  let steps = 0;
  for (let m = positionMidpoint(lo, hi); m !== null; m = positionMidpoint(lo, hi), steps++) {
    assert.ok(m > lo && m < hi);
    if (steps % 2 === 0) lo = m;
    else hi = m;
  }
  assert.ok(steps <= 64, `${steps} halvings between any two doubles`);
});
