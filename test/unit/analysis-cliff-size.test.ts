/**
 * The size test of a cliff (src/analysis/cliff-size-test.ts) on series made by hand: a sudden step is
 * certain at any batch-to-batch scatter below it, the same rise spread over many batches is not a jump,
 * and no rise is never a cliff.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cliffSizeP } from '../../src/analysis/cliff-size-test.js';

const N = 40;
const SPLIT = 20;
/** ±3% scatter, alternating, around a level that `level(i)` gives. */
const series = (level: (i: number) => number): Float64Array =>
  Float64Array.from({ length: N }, (_, i) => level(i) + (i % 2 === 0 ? 0.03 : -0.03));
const residuals = Float64Array.from({ length: N }, (_, i) => (i % 2 === 0 ? 0.03 : -0.03));

test('a sudden 2x step against 3% scatter: p far below 0.001', () => {
  const d = series((i) => (i >= SPLIT ? Math.LN2 : 0));
  assert.ok(cliffSizeP(Math.LN2, d, SPLIT, residuals) < 1e-12);
});

test('the same rise over 12 batches is no jump: p not below 0.001', () => {
  const d = series((i) => Math.LN2 * Math.min(1, Math.max(0, (i - 14) / 12)));
  assert.ok(cliffSizeP(Math.LN2 / 2, d, SPLIT, residuals) >= 0.001);
});

test('no rise, or a fall, is never a cliff: p = 1', () => {
  const d = series(() => 0);
  assert.equal(cliffSizeP(0, d, SPLIT, residuals), 1);
  assert.equal(cliffSizeP(-0.1, d, SPLIT, residuals), 1);
});
