/**
 * orderByKey by the engine's sort of packed keys (packed-order.ts) against a comparator sort and
 * against the merge sort it replaces (mergeOrderByKey): ties, negative keys, -0, keys that agree in
 * their high bits (the insertion pass orders those), and lengths whose index takes 1 to 20 bits.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { mergeOrderByKey, orderByKey } from '../../src/analysis/inversion-count.js';
import { packedOrderByKey } from '../../src/analysis/packed-order.js';
import { mulberry32 } from '../helpers/series.js';

/** The order a comparator sort gives: key ascending (-0 equal to 0), equal keys larger index first. */
function reference(v: ArrayLike<number>): number[] {
  return Array.from({ length: v.length }, (_, i) => i).sort((a, b) => (v[a] as number) - (v[b] as number) || b - a);
}

const keys = fc.oneof(
  fc.array(fc.integer({ min: -4, max: 4 }), { maxLength: 300 }),
  fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), { maxLength: 300 }),
  fc.array(fc.constantFrom(0, -0, 1, -1, 4.6, -4.6), { maxLength: 300 }),
  // keys differing only in their last bits: equal in every bit the packing keeps
  fc.array(
    fc.integer({ min: 0, max: 50 }).map((k) => 4.6 + k * 2 ** -50),
    { maxLength: 300 },
  ),
);

test('property: the packed order is the comparator sort and the merge sort, ties larger index first', () => {
  fc.assert(
    fc.property(keys, (v) => {
      const key = Float64Array.from(v);
      const want = reference(key);
      assert.deepEqual(Array.from(orderByKey(key)), want);
      assert.deepEqual(Array.from(mergeOrderByKey(key)), want);
      const packed = packedOrderByKey(key);
      if (packed !== null) assert.deepEqual(Array.from(packed), want);
    }),
    { numRuns: 400 },
  );
});

test('a million-scale order (20 index bits) with ties and near-equal keys is the comparator sort', () => {
  const u = mulberry32(5);
  const n = 70_000;
  const key = Float64Array.from({ length: n }, (_, i) =>
    i % 7 === 0 ? Math.floor(u() * 50) : Math.log(100 + u()) - 1e-6 * i,
  );
  assert.deepEqual(Array.from(orderByKey(key)), reference(key));
});

test('keys alike in all the high bits leave the insertion pass to the merge sort (null), same order', () => {
  // 4,000 keys rising by one unit in the last place, all equal in the 52 bits kept: the index puts
  // them in falling order, so the insertion pass would shift each past all those before it
  const n = 4000;
  const key = Float64Array.from({ length: n }, (_, i) => 1 + i * 2 ** -52);
  assert.equal(packedOrderByKey(key), null);
  assert.deepEqual(Array.from(orderByKey(key)), reference(key));
});
