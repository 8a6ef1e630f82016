import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { mulberry32 as rng } from '../helpers/series.js';

/** y_i = base * rate^i * exp(noise * u_i), u_i uniform in [-1, 1], i = 1..m. */
function series(m: number, base: number, rate: number, noise: number, seed: number): number[] {
  const u = rng(seed);
  return Array.from({ length: m }, (_, k) => base * Math.pow(rate, k + 1) * Math.exp(noise * (2 * u() - 1)));
}

const relClose = (a: number, b: number, eps = 1e-9): boolean =>
  Math.abs(a - b) <= eps * Math.max(Math.abs(a), Math.abs(b));

const anySeries = fc
  .record({
    m: fc.integer({ min: 0, max: 60 }),
    rate: fc.double({ min: 0.97, max: 1.08, noNaN: true }),
    noise: fc.double({ min: 0, max: 0.3, noNaN: true }),
    seed: fc.integer(),
  })
  .map(({ m, rate, noise, seed }) => series(m, 1000, rate, noise, seed));

test('property: growth ratio and verdict unchanged when every batch is multiplied by a constant', () => {
  fc.assert(
    fc.property(anySeries, fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (ys, c) => {
      const a = growthGate(ys, { batchSize: 1000 });
      const b = growthGate(
        ys.map((y) => y * c),
        { batchSize: 1000 },
      );
      assert.equal(b.verdict, a.verdict);
      assert.equal(b.warmupDropped, a.warmupDropped);
      if (Number.isNaN(a.growthRatio)) {
        assert.ok(Number.isNaN(b.growthRatio));
      } else {
        assert.ok(relClose(a.growthRatio, b.growthRatio), `${a.growthRatio} vs ${b.growthRatio}`);
        assert.ok(relClose(a.ci[0], b.ci[0]) && relClose(a.ci[1], b.ci[1]));
      }
    }),
  );
});

test('property: reversing a strongly growing series flips FAIL to PASS', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 20, max: 50 }),
      fc.double({ min: 1.04, max: 1.1, noNaN: true }),
      fc.double({ min: 0, max: 0.03, noNaN: true }),
      fc.integer(),
      (m, rate, noise, seed) => {
        const ys = series(m, 1000, rate, noise, seed);
        const forward = growthGate(ys, { batchSize: 1000 });
        const backward = growthGate([...ys].reverse(), { batchSize: 1000 });
        assert.equal(forward.verdict, 'FAIL');
        assert.equal(backward.verdict, 'PASS');
        assert.ok(backward.growthRatio < 1);
      },
    ),
  );
  // The brief's concrete example: y_i = 1000 * 1.05^i, 25 batches, 2% seeded noise.
  const ys = series(25, 1000, 1.05, 0.02, 42);
  assert.equal(growthGate(ys, { batchSize: 1000 }).verdict, 'FAIL');
  assert.equal(growthGate([...ys].reverse(), { batchSize: 1000 }).verdict, 'PASS');
});

test('property: a constant series gives R = 1 exactly and PASS', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 11, max: 80 }),
      fc.double({ min: 1e-3, max: 1e7, noNaN: true }),
      fc.integer({ min: 1, max: 100_000 }),
      (m, y, batchSize) => {
        const r = growthGate(Array(m).fill(y), { batchSize });
        assert.equal(r.growthRatio, 1);
        assert.deepEqual(r.ci, [1, 1]);
        assert.equal(r.perThousandObjects, 0);
        assert.equal(r.exponentK, 1);
        assert.equal(r.warmupDropped, 1);
        assert.equal(r.verdict, 'PASS');
      },
    ),
  );
});

test('property: INCONCLUSIVE exactly when fewer than 10 batches are kept', () => {
  fc.assert(
    fc.property(anySeries, (ys) => {
      const r = growthGate(ys, { batchSize: 1000 });
      assert.equal(r.keptBatches, r.batches - r.warmupDropped);
      assert.equal(r.verdict === 'INCONCLUSIVE', r.keptBatches < 10);
      if (ys.length <= 10) assert.equal(r.verdict, 'INCONCLUSIVE');
    }),
  );
  // arbitrary positive values, short series
  fc.assert(
    fc.property(fc.array(fc.double({ min: 1e-6, max: 1e9, noNaN: true }), { maxLength: 10 }), (ys) => {
      assert.equal(growthGate(ys, { batchSize: 1000 }).verdict, 'INCONCLUSIVE');
    }),
  );
});

test('property: verdict follows the CI lower bound and the limit', () => {
  fc.assert(
    fc.property(anySeries, fc.double({ min: 1.01, max: 3, noNaN: true }), (ys, limit) => {
      const r = growthGate(ys, { batchSize: 1000, limit });
      if (r.verdict === 'INCONCLUSIVE') return;
      const lo = r.ci[0];
      const expected = lo > limit ? 'FAIL' : lo > 1 ? 'WARN' : 'PASS';
      assert.equal(r.verdict, expected);
      assert.ok(r.ci[0] <= r.growthRatio && r.growthRatio <= r.ci[1]);
      assert.ok(r.exponentKCi[0] <= r.exponentK && r.exponentK <= r.exponentKCi[1]);
    }),
  );
});
