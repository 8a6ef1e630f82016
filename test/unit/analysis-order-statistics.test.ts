import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { orderStatistics } from '../../src/analysis/order-statistics.js';
import { medianOfSorted } from '../../src/analysis/robust.js';
import { pairwiseSlopes, senInterval, theilSen } from '../../src/analysis/theil-sen.js';
import { FEDORA4, mulberry32 } from '../helpers/series.js';

/** What a full ascending sort puts at k, as Object.is sees it (so -0 and +0 differ). */
function bySort(values: readonly number[], k: number): number {
  const s = Float64Array.from(values);
  s.sort();
  return s[k] ?? Number.NaN;
}

const anyDouble = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1, -1),
  fc.integer({ min: -3, max: 3 }),
);

test('orderStatistics: every position equals the sorted array, NaN, -0, infinities and ties included', () => {
  fc.assert(
    fc.property(
      fc.array(anyDouble, { minLength: 1, maxLength: 300 }),
      fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
      (values, picks) => {
        const ks = picks.map((p) => p % values.length);
        const got = orderStatistics(Float64Array.from(values), ks);
        ks.forEach((k, i) => assert.ok(Object.is(got[i], bySort(values, k)), `position ${k}`));
      },
    ),
    { numRuns: 500 },
  );
});

test('orderStatistics: positions out of range give NaN; long runs of ties and sorted input stay exact', () => {
  assert.deepEqual(orderStatistics(Float64Array.from([3, 1, 2]), [-1, 3, 1]), [Number.NaN, Number.NaN, 2]);
  const n = 20_001;
  const cases = [
    Array.from({ length: n }, () => 7),
    Array.from({ length: n }, (_, i) => i),
    Array.from({ length: n }, (_, i) => n - i),
    Array.from({ length: n }, (_, i) => i % 3),
    Array.from({ length: n }, (_, i) => (i % 2 === 0 ? i : n - i)),
  ];
  for (const values of cases) {
    const ks = [0, 1, n >> 1, n - 2, n - 1];
    assert.deepEqual(
      orderStatistics(Float64Array.from(values), ks),
      ks.map((k) => bySort(values, k)),
    );
  }
});

test('theilSen by selection equals the fit on fully sorted slopes, bit for bit', () => {
  const reference = (x: readonly number[], y: readonly number[], z?: number): number[] => {
    const sorted = pairwiseSlopes(x, y);
    const [lower, upper] = senInterval(sorted, x, y, z);
    return [medianOfSorted(sorted), lower, upper, sorted.length];
  };
  const same = (x: readonly number[], y: readonly number[], z?: number): void => {
    const fit = theilSen(x, y, z);
    const want = reference(x, y, z);
    [fit.slope, fit.lower, fit.upper, fit.pairs].forEach((v, i) =>
      assert.ok(Object.is(v, want[i]), `field ${i}: ${v} vs ${want[i]}`),
    );
  };
  const idx = (n: number): number[] => Array.from({ length: n }, (_, k) => k + 1);
  same(idx(25), FEDORA4);
  same(idx(25), FEDORA4.map(Math.log), 3.72);
  const rand = mulberry32(7);
  const walk = Array.from({ length: 600 }, (_, i) => Math.log(100 + i / 10) + 0.05 * (rand() - 0.5));
  same(idx(600), walk, 2.24);
  same(
    idx(600).map((i) => Math.log(i - 0.5)),
    walk,
  );
  same(
    idx(300),
    Array.from({ length: 300 }, (_, i) => Math.round(10 * Math.sin(i)) / 10),
  );
  // enough pairs for the sampled bracket: ties, flat stretches, zeros of both signs, NaN, x ties
  const n = 420;
  const noisy = Array.from({ length: n }, () => rand());
  same(idx(n), noisy);
  same(
    idx(n),
    noisy.map((v) => Math.round(4 * v)),
  );
  same(
    idx(n),
    idx(n).map((i) => (rand() < 0.1 ? 10 : 0) + i / 64),
    2.24,
  );
  same(
    idx(n),
    idx(n).map((i) => (rand() < 0.3 ? -i : i)),
  );
  same(
    idx(n),
    Array.from({ length: n }, (_, i) => (i < 300 ? 5 : 5 + rand())),
  );
  same(
    idx(n),
    Array.from({ length: n }, (_, i) => (i % 7 === 0 ? -0 : 0)),
  );
  same(
    idx(n),
    noisy.map((v, i) => (i === 200 ? Number.NaN : v)),
  );
  same(
    idx(n),
    noisy.map((v, i) => (i === 17 ? Number.POSITIVE_INFINITY : v)),
  );
  same(
    Array.from({ length: n }, () => Math.floor(40 * rand())),
    noisy,
  );
  same(idx(n).reverse(), noisy, 3.72);
  same(
    Array.from({ length: n }, (_, i) => (i < n - 3 ? 1 : i)),
    noisy,
  );
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.integer({ min: -5, max: 5 }), anyDouble), { minLength: 0, maxLength: 60 }),
      (pts) => {
        same(
          pts.map((p) => p[0]),
          pts.map((p) => p[1]),
        );
      },
    ),
    { numRuns: 500 },
  );
});
