import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mad, mean, median, scaledMad, tieGroupSizes } from '../../src/analysis/robust.js';
import { percentiles, percentileSummary, quantile } from '../../src/analysis/percentiles.js';

const close = (a: number, b: number, eps = 1e-12): void =>
  assert.ok(Math.abs(a - b) <= eps * Math.max(1, Math.abs(b)), `${a} != ${b}`);

// Reference values from numpy: np.median, np.quantile (linear), MAD by hand.
const v = [7, 1, 3, 9, 4, 4, 10, 2];

test('median and MAD match numpy', () => {
  assert.equal(median(v), 4);
  assert.equal(median([5, 1, 3]), 3);
  assert.equal(mad(v), 2.5);
  close(scaledMad(v), 1.4826 * 2.5);
  assert.equal(mean([1, 2, 3, 6]), 3);
});

test('empty input gives NaN, never throws', () => {
  assert.ok(Number.isNaN(median([])));
  assert.ok(Number.isNaN(mad([])));
  assert.ok(Number.isNaN(mean([])));
  assert.ok(Number.isNaN(quantile([], 0.5)));
  assert.deepEqual(percentileSummary([]).count, 0);
});

test('quantile uses linear interpolation (numpy default)', () => {
  const expected: Array<[number, number]> = [
    [0, 1],
    [0.1, 1.7],
    [0.25, 2.75],
    [0.5, 4],
    [0.9, 9.3],
    [0.99, 9.93],
    [1, 10],
  ];
  for (const [p, q] of expected) close(quantile(v, p), q);
  const [p50, p90] = percentiles(v, [50, 90]);
  close(p50 ?? NaN, 4);
  close(p90 ?? NaN, 9.3);
  const s = percentileSummary(v);
  assert.equal(s.min, 1);
  assert.equal(s.max, 10);
  close(s.p99, 9.93);
  assert.throws(() => quantile(v, 1.5), RangeError);
});

test('input arrays are not modified', () => {
  const copy = [...v];
  median(v);
  quantile(v, 0.3);
  assert.deepEqual(v, copy);
});

test('tie groups count only repeated values', () => {
  assert.deepEqual(tieGroupSizes([1, 2, 2, 3, 3, 3, 4]), [2, 3]);
  assert.deepEqual(tieGroupSizes([1, 2, 3]), []);
});

test('property: median lies between min and max; quantile is monotone in p', () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 50 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (xs, p1, p2) => {
        const m = median(xs);
        assert.ok(m >= Math.min(...xs) && m <= Math.max(...xs));
        const [lo, hi] = p1 <= p2 ? [p1, p2] : [p2, p1];
        assert.ok(quantile(xs, lo) <= quantile(xs, hi) + 1e-9);
        assert.ok(mad(xs) >= 0);
      },
    ),
  );
});

test('tieGroupSizes asked again for the same values (remembered) or for others gives their groups', () => {
  const values = [3, 1, 3, 2, 3, 1, -0, 0];
  const first = tieGroupSizes(values);
  assert.deepEqual([...first].sort(), [2, 2, 3]);
  first.push(99); // the caller's copy: the remembered groups stay
  assert.deepEqual([...tieGroupSizes(Float64Array.from(values))].sort(), [2, 2, 3]);
  assert.deepEqual([...tieGroupSizes([3, 1, 3, 2, 3, 1, 0, 5])].sort(), [2, 3], 'one value changed');
  assert.deepEqual(tieGroupSizes([1, 2, 3, 4]), [], 'increasing: no ties');
  assert.deepEqual(tieGroupSizes([1, Number.NaN, Number.NaN]), [], 'NaN equals nothing');
});
