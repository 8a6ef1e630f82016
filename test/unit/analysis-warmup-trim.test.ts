import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { trimWarmup, warmupStep } from '../../src/analysis/warmup-trim.js';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { theilSen } from '../../src/analysis/theil-sen.js';
import { scaledMad } from '../../src/analysis/robust.js';
import { FEDORA3, mulberry32 as rng } from '../helpers/series.js';

/** Series with optional leading multipliers (warm-up > 1 slow, < 1 fast) on a noisy trend. */
const warmupSeries = fc
  .record({
    m: fc.integer({ min: 1, max: 60 }),
    rate: fc.double({ min: 0.98, max: 1.06, noNaN: true }),
    noise: fc.double({ min: 0, max: 0.2, noNaN: true }),
    lead: fc.array(fc.double({ min: 0.3, max: 4, noNaN: true }), { maxLength: 12 }),
    seed: fc.integer(),
  })
  .map(({ m, rate, noise, lead, seed }) => {
    const u = rng(seed);
    return Array.from({ length: m }, (_, k) => {
      const mult = lead[k] ?? 1;
      return 1000 * mult * Math.pow(rate, k + 1) * Math.exp(noise * (2 * u() - 1));
    });
  });

/** Independent re-check of one drop decision: is batch j slower than the fit of the batches after it? */
function slowerThanFit(z: number[], j: number): boolean {
  const x = z.slice(j).map((_, k) => j + 1 + k);
  const zs = z.slice(j);
  const fit = theilSen(x, zs);
  const s = scaledMad(zs.map((v, k) => v - (fit.intercept + fit.slope * (x[k] ?? NaN))));
  const excess = (z[j - 1] ?? NaN) - (fit.intercept + fit.slope * j);
  return excess > Math.max(2 * s, Math.log(1.03)) && excess > 0;
}

test('Fedora 3 drops 3 warm-up batches; Fedora 3 batch 5 is not slow enough', () => {
  const z = FEDORA3.map(Math.log);
  const r = trimWarmup(z);
  assert.equal(r.dropped, 3);
  assert.equal(r.maxDropped, 5);
  assert.deepEqual(
    r.steps.map((s) => [s.batch, s.dropped]),
    [
      [2, true],
      [3, true],
      [4, false],
    ],
  );
});

test('property: never drops more than floor(0.2 m) (batch 1 always), only batches slower than the fit', () => {
  fc.assert(
    fc.property(warmupSeries, (ys) => {
      const m = ys.length;
      const z = ys.map(Math.log);
      const { dropped: w, steps } = trimWarmup(z);
      assert.equal(growthGate(ys, { batchSize: 1000 }).warmupDropped, w);
      assert.ok(w >= 1);
      assert.ok(w <= Math.max(1, Math.floor(0.2 * m)));
      if (m >= 5) assert.ok(w <= Math.floor(0.2 * m));
      for (let j = 2; j <= w; j++) {
        assert.ok(slowerThanFit(z, j), `batch ${j} dropped but not slower than the fit`);
        assert.ok(ys[j - 1] !== undefined);
      }
      // The first batch kept was examined and found not slow, unless the cap stopped the loop.
      if (w < Math.floor(0.2 * m)) {
        assert.equal(slowerThanFit(z, w + 1), false);
        assert.equal(steps.at(-1)?.dropped, false);
      }
      for (const s of steps) assert.equal(s.dropped, warmupStep(z, s.batch).dropped);
    }),
  );
});

test('property: a fast start (a step down over at most 20% of the batches) is never dropped', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 15, max: 60 }),
      fc.double({ min: 0.3, max: 0.8, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.integer(),
      (m, factor, share, seed) => {
        const fast = 1 + Math.floor(share * (Math.floor(0.2 * m) - 1)); // batches 2..fast+1
        const u = rng(seed);
        const ys = Array.from(
          { length: m },
          (_, k) => 1000 * (k >= 1 && k <= fast ? factor : 1) * Math.exp(0.01 * (2 * u() - 1)),
        );
        assert.equal(trimWarmup(ys.map(Math.log)).dropped, 1);
      },
    ),
    { numRuns: 500 },
  );
});

test('property: clearly slow leading batches on a flat run are dropped', () => {
  fc.assert(
    fc.property(fc.integer({ min: 20, max: 60 }), fc.integer({ min: 2, max: 4 }), fc.integer(), (m, slow, seed) => {
      const u = rng(seed);
      const ys = Array.from({ length: m }, (_, k) => 1000 * (k < slow ? 1.5 : 1) * Math.exp(0.01 * (2 * u() - 1)));
      assert.equal(trimWarmup(ys.map(Math.log)).dropped, Math.min(slow, Math.floor(0.2 * m)));
    }),
  );
});
