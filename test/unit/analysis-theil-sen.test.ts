import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { pairwiseSlopes, roundHalfEven, theilSen } from '../../src/analysis/theil-sen.js';
import { FEDORA4 } from '../helpers/series.js';

const idx = (n: number): number[] => Array.from({ length: n }, (_, k) => k + 1);

test('golden (docs/growth-gate.md): untrimmed Theil–Sen on raw Fedora 4 ms: slope 6634, CI [6450, 6762]', () => {
  const fit = theilSen(idx(25), FEDORA4);
  assert.equal(fit.slope.toFixed(0), '6634');
  assert.equal(fit.lower.toFixed(0), '6450');
  assert.equal(fit.upper.toFixed(0), '6762');
  assert.equal(fit.pairs, 300);
});

test('golden (docs/growth-gate.md): untrimmed Theil–Sen on ln Fedora 4: 0.06866, CI [0.06129, 0.07584]', () => {
  const fit = theilSen(idx(25), FEDORA4.map(Math.log));
  assert.equal(fit.slope.toFixed(5), '0.06866');
  assert.equal(fit.lower.toFixed(5), '0.06129');
  assert.equal(fit.upper.toFixed(5), '0.07584');
});

test('ties in y and in x match scipy.stats.theilslopes', () => {
  // scipy: slope 1.3666..., low 0.6666..., high 2.0
  const a = theilSen([1, 2, 3, 4, 5, 6, 7, 8], [3, 5, 5, 5, 9, 8, 12, 12]);
  assert.ok(Math.abs(a.slope - 1.3666666666666667) < 1e-12);
  assert.ok(Math.abs(a.lower - 0.6666666666666666) < 1e-12);
  assert.equal(a.upper, 2);
  // ties in x: pairs with equal x are skipped; scipy: slope 1.0, low 0.75, high 1.5
  const b = theilSen([1, 1, 2, 3, 3, 4, 5, 6], [2, 3, 3, 5, 4, 6, 6, 9]);
  assert.equal(b.slope, 1);
  assert.equal(b.lower, 0.75);
  assert.equal(b.upper, 1.5);
});

test('intercept is the median of y_i - slope * x_i', () => {
  const fit = theilSen([1, 2, 3, 4, 5], [12, 14, 16, 18, 20]);
  assert.equal(fit.slope, 2);
  assert.equal(fit.intercept, 10);
});

test('constant series: slope 0 with a zero-width CI (all y tied)', () => {
  const fit = theilSen(idx(12), Array(12).fill(3.5));
  assert.equal(fit.slope, 0);
  assert.equal(fit.lower, 0);
  assert.equal(fit.upper, 0);
});

test('short input gives NaN, never throws', () => {
  for (const n of [0, 1]) {
    const fit = theilSen(idx(n), Array(n).fill(1));
    assert.ok(Number.isNaN(fit.slope));
    assert.ok(Number.isNaN(fit.intercept));
    assert.ok(Number.isNaN(fit.lower));
  }
  const two = theilSen([1, 2], [1, 3]);
  assert.equal(two.slope, 2);
});

test('round half to even, as numpy.round', () => {
  assert.equal(roundHalfEven(0.5), 0);
  assert.equal(roundHalfEven(1.5), 2);
  assert.equal(roundHalfEven(2.5), 2);
  assert.equal(roundHalfEven(2.4), 2);
  assert.equal(roundHalfEven(2.6), 3);
  assert.ok(roundHalfEven(-0.5) === 0);
  assert.equal(roundHalfEven(-1.5), -2);
});

test('a wider z gives a CI that contains the narrower one', () => {
  const y = FEDORA4.map(Math.log);
  const narrow = theilSen(idx(25), y);
  const wide = theilSen(idx(25), y, 3.72);
  assert.ok(wide.lower <= narrow.lower && wide.upper >= narrow.upper);
});

test('property: exact line recovered; CI brackets the slope; slopes sorted', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -50, max: 50 }),
      fc.integer({ min: -1000, max: 1000 }),
      fc.integer({ min: 2, max: 40 }),
      (b, a, n) => {
        const x = idx(n);
        const fit = theilSen(
          x,
          x.map((i) => a + b * i),
        );
        assert.equal(fit.slope, b);
        assert.equal(fit.intercept, a);
      },
    ),
  );
  fc.assert(
    fc.property(fc.array(fc.double({ min: -100, max: 100, noNaN: true }), { minLength: 3, maxLength: 40 }), (ys) => {
      const fit = theilSen(idx(ys.length), ys);
      assert.ok(fit.lower <= fit.slope && fit.slope <= fit.upper);
      const s = pairwiseSlopes(idx(ys.length), ys);
      for (let k = 1; k < s.length; k++) assert.ok((s[k - 1] ?? NaN) <= (s[k] ?? NaN));
    }),
  );
});
