import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { kendallTauB } from '../../src/analysis/kendall.js';
import { lag1Autocorrelation } from '../../src/analysis/autocorrelation.js';

const close = (a: number, b: number, eps = 1e-12): void => assert.ok(Math.abs(a - b) <= eps, `${a} != ${b}`);

test('tau-b matches scipy.stats.kendalltau, with ties', () => {
  close(kendallTauB([1, 2, 3, 4, 5, 6, 7, 8], [3, 5, 5, 5, 9, 8, 12, 12]), 0.8486684247915055);
  close(kendallTauB([1, 1, 2, 3, 3, 4, 5, 6], [2, 3, 3, 5, 4, 6, 6, 9]), 0.9230769230769232);
});

test('tau is +1 / -1 for monotone series, NaN for constant or short', () => {
  assert.equal(kendallTauB([1, 2, 3, 4], [1, 5, 7, 100]), 1);
  assert.equal(kendallTauB([1, 2, 3, 4], [9, 5, 2, 1]), -1);
  assert.ok(Number.isNaN(kendallTauB([1, 2, 3], [4, 4, 4])));
  assert.ok(Number.isNaN(kendallTauB([1], [1])));
});

test('lag-1 autocorrelation matches the numpy formula', () => {
  close(lag1Autocorrelation([0.1, -0.2, 0.3, 0.05, -0.1, 0.2]), -0.5597255851493139);
  assert.ok(Number.isNaN(lag1Autocorrelation([1, 2])));
  assert.ok(Number.isNaN(lag1Autocorrelation([2, 2, 2, 2])));
});

test('property: tau in [-1, 1] and antisymmetric under reversal of y', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 2, maxLength: 40 }), (ys) => {
      const x = ys.map((_, k) => k);
      const t = kendallTauB(x, ys);
      if (Number.isNaN(t)) return;
      assert.ok(t >= -1 - 1e-12 && t <= 1 + 1e-12);
      close(kendallTauB(x, [...ys].reverse()), -t, 1e-12);
    }),
  );
});
