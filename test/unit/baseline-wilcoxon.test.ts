/**
 * The Wilcoxon signed-rank null distribution and the Hodges–Lehmann interval (wilcoxon.ts,
 * hodges-lehmann.ts), against independent references:
 * - brute force: all 2^n sign patterns enumerated (n <= 14);
 * - published two-sided 5% critical values of the signed-rank test (e.g. the tables in Hollander &
 *   Wolfe, and in most statistics texts): n = 8: 3, 10: 8, 15: 25, 20: 52, 25: 89, 30: 137; the
 *   interval's order statistic is k = c + 1 (qsignrank(0.025, n) in R);
 * - hand-worked examples (below), and the Fedora interval checked against scipy in baseline.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { hodgesLehmann } from '../../src/analysis/hodges-lehmann.js';
import {
  EXACT_MAX_N,
  signedRankDistribution,
  signedRankQuantile,
  walshAverages,
  walshCiIndex,
} from '../../src/analysis/wilcoxon.js';

function bruteForce(n: number): number[] {
  const counts = new Array<number>((n * (n + 1)) / 2 + 1).fill(0);
  for (let mask = 0; mask < 2 ** n; mask++) {
    let t = 0;
    for (let k = 0; k < n; k++) if (mask & (1 << k)) t += k + 1;
    counts[t] = (counts[t] ?? 0) + 1;
  }
  return counts.map((c) => c / 2 ** n);
}

test('the null distribution equals the enumeration of all sign patterns (n = 1..14)', () => {
  for (let n = 1; n <= 14; n++) {
    const p = signedRankDistribution(n);
    const ref = bruteForce(n);
    assert.equal(p.length, ref.length);
    ref.forEach((v, t) => assert.ok(Math.abs((p[t] ?? Number.NaN) - v) < 1e-15, `n=${n} t=${t}`));
  }
  assert.deepEqual(Array.from(signedRankDistribution(0)), [1]);
});

test('the CI index matches the published 5% critical values (k = c + 1)', () => {
  const table: [number, number][] = [
    [8, 3],
    [10, 8],
    [15, 25],
    [20, 52],
    [25, 89],
    [30, 137],
  ];
  for (const [n, c] of table) {
    assert.equal(walshCiIndex(n).k, c + 1, `n = ${n}`);
    assert.equal(signedRankQuantile(0.025, n), c + 1, `n = ${n}`);
  }
});

test('hand-worked: d = [1, 2, 4] has Walsh averages 1, 1.5, 2, 2.5, 3, 4; HL 2.25; CI [1, 4] at 75%', () => {
  // n = 3: P(T+ = 0) = 1/8 > 0.025, so k = 0 becomes 1 (the whole range), confidence 1 - 2/8.
  assert.deepEqual(Array.from(walshAverages([1, 2, 4])), [1, 1.5, 2, 2.5, 3, 4]);
  const r = hodgesLehmann([1, 2, 4]);
  assert.deepEqual([r.estimate, r.lower, r.upper, r.confidence, r.method], [2.25, 1, 4, 0.75, 'exact']);
});

test('hand-worked: n = 8 uses the 4th smallest and 4th largest Walsh averages, confidence 1 - 2 x 5/256', () => {
  // Sign patterns with T+ <= 3: {}, {1}, {2}, {3}, {1,2} -> 5/256 = 0.0195 < 0.025; with T+ = 4
  // ({4}, {1,3}) the cumulative is 7/256 = 0.0273 >= 0.025, so k = 4.
  // d sorted: -0.02, 0.01, 0.03, 0.05, 0.06, 0.08, 0.10, 0.15. Smallest Walsh averages: -0.02,
  // -0.005, 0.005, 0.01 (4th); largest: 0.15, 0.125, 0.115, 0.105 (4th).
  const d = [0.05, -0.02, 0.1, 0.03, 0.15, 0.01, 0.08, 0.06];
  const r = hodgesLehmann(d);
  assert.equal(walshCiIndex(8).k, 4);
  assert.ok(Math.abs(r.lower - 0.01) < 1e-15, String(r.lower));
  assert.ok(Math.abs(r.upper - 0.105) < 1e-15, String(r.upper));
  assert.equal(r.confidence, 1 - 10 / 256);
});

test('the normal approximation is within one order statistic of the exact index (n = 20..300)', () => {
  for (let n = 20; n <= 300; n += 7) {
    const exact = walshCiIndex(n).k;
    const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
    const normal = Math.ceil((n * (n + 1)) / 4 - 0.5 - 1.959964 * sigma);
    assert.ok(Math.abs(exact - normal) <= 1, `n=${n}: exact ${exact}, normal ${normal}`);
  }
  const big = walshCiIndex(EXACT_MAX_N + 1);
  assert.equal(big.method, 'normal');
  assert.equal(big.confidence, 0.95);
});

test('empty and invalid input', () => {
  const r = hodgesLehmann([]);
  assert.equal(r.method, 'none');
  assert.ok(Number.isNaN(r.estimate) && Number.isNaN(r.lower) && Number.isNaN(r.upper));
  assert.throws(() => hodgesLehmann([1, Number.NaN]), TypeError);
  assert.throws(() => walshCiIndex(0), RangeError);
});

test('property: the estimate lies in its interval, and shifting the data shifts everything', () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 1, maxLength: 60 }),
      fc.integer({ min: -100, max: 100 }),
      (d, shift) => {
        const r = hodgesLehmann(d);
        assert.ok(r.lower <= r.estimate && r.estimate <= r.upper);
        assert.ok(r.confidence >= 0.95 || d.length < 6, `confidence ${r.confidence} at n = ${d.length}`);
        const s = hodgesLehmann(d.map((x) => x + shift));
        const tol = 1e-9 * (1 + Math.abs(shift));
        assert.ok(Math.abs(s.estimate - (r.estimate + shift)) < tol);
        assert.ok(Math.abs(s.lower - (r.lower + shift)) < tol);
        assert.ok(Math.abs(s.upper - (r.upper + shift)) < tol);
      },
    ),
  );
});
