/** median() by selection (robust.ts) against the median of a full sort, bit for bit. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { mad, median, medianOfSorted, sortedCopy } from '../../src/analysis/robust.js';

const sortedMedian = (v: ArrayLike<number>): number => medianOfSorted(sortedCopy(v));

test('property: median by selection is the median of the sorted copy, ties, -0 and NaN included', () => {
  const value = fc.oneof(
    fc.double({ noDefaultInfinity: true }),
    fc.constantFrom(0, -0, 1, 1, 2, Number.NaN),
    fc.integer({ min: -3, max: 3 }),
  );
  fc.assert(
    fc.property(fc.array(value, { maxLength: 200 }), (v) => {
      assert.ok(Object.is(median(v), sortedMedian(v)), JSON.stringify(v));
      const m = sortedMedian(v);
      assert.ok(Object.is(mad(v), sortedMedian(v.map((x) => Math.abs(x - m)))), `mad of ${JSON.stringify(v)}`);
    }),
    { numRuns: 2000, seed: 16 },
  );
  assert.ok(Number.isNaN(median([])));
});
