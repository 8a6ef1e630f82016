/**
 * The branch-free merges of inversion-count.ts over several merge passes (the property test in
 * analysis-fast-slope.test.ts stays within 40 values, one or two runs of 16): counts against the
 * double loop and orderByKey against a comparator sort, on lengths up to 700 (up to six passes,
 * with a ragged last run) with many ties, negative zero and wide doubles.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { countInversions, countInversionsInPlace, orderByKey } from '../../src/analysis/inversion-count.js';

const values = fc.oneof(
  fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 17, maxLength: 700 }),
  fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), { minLength: 17, maxLength: 700 }),
);

/** Pairs i < j with v[i] > v[j] (strict) and v[i] >= v[j] (orEqual): for each j, the earlier values above it. */
function doubleLoop(v: readonly number[]): { strict: number; orEqual: number } {
  const strict = v.reduce((sum, b, j) => sum + v.slice(0, j).filter((a) => a > b).length, 0);
  const orEqual = v.reduce((sum, b, j) => sum + v.slice(0, j).filter((a) => a >= b).length, 0);
  return { strict, orEqual };
}

test('property: inversion counts over several merge passes equal the double loop', () => {
  fc.assert(
    fc.property(values, (v) => {
      const want = doubleLoop(v);
      assert.equal(countInversions(Float64Array.from(v), false), want.strict);
      assert.equal(countInversions(Float64Array.from(v), true), want.orEqual);
      // in place with a longer scratch buffer (as the slope selection passes it): the same count
      assert.equal(countInversionsInPlace(Float64Array.from(v), new Float64Array(v.length + 5), true), want.orEqual);
    }),
    { numRuns: 300 },
  );
});

test('property: orderByKey over several merge passes is the stable sort, equal keys larger index first', () => {
  fc.assert(
    fc.property(values, (v) => {
      const want = v.map((_, i) => i).sort((a, b) => (v[a] as number) - (v[b] as number) || b - a);
      assert.deepEqual(Array.from(orderByKey(Float64Array.from(v))), want);
    }),
    { numRuns: 300 },
  );
});

test('inversion counts of a known permutation: 0..n-1 reversed has n(n-1)/2, sorted has none', () => {
  const n = 1000;
  const down = Float64Array.from({ length: n }, (_, i) => n - i);
  assert.equal(countInversions(down, false), (n * (n - 1)) / 2);
  assert.equal(countInversions(Float64Array.from(down).reverse(), true), 0);
  // all equal: every pair counts with ties, none without
  assert.equal(countInversions(new Float64Array(n).fill(7), true), (n * (n - 1)) / 2);
  assert.equal(countInversions(new Float64Array(n).fill(7), false), 0);
});
