import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ciLevelLabel,
  fittedBatchTime,
  growthGate,
  projectBatchTime,
  type GateResult,
} from '../../src/analysis/growth-gate.js';
import { FEDORA3, FEDORA4 } from '../helpers/series.js';

const pct = (fraction: number): string => (100 * fraction).toFixed(2);

// docs/growth-gate.md, "Golden numbers": | Fedora 3 | 3 | 0.933 | [0.914, 0.956] | −0.33% | 0.96 [0.95, 0.97] | PASS |
test('golden (docs/growth-gate.md): Fedora 3 -> w=3, R 0.933 [0.914, 0.956], -0.33%, k 0.96 [0.95, 0.97], PASS', () => {
  const r = growthGate(FEDORA3, { batchSize: 1000 });
  assert.equal(r.warmupDropped, 3);
  assert.equal(r.keptBatches, 22);
  assert.equal(r.firstKeptBatch, 4);
  assert.equal(r.span, 21);
  assert.equal(r.growthRatio.toFixed(3), '0.933');
  assert.deepEqual(
    r.ci.map((v) => v.toFixed(3)),
    ['0.914', '0.956'],
  );
  assert.equal(pct(r.perThousandObjects), '-0.33');
  assert.equal(r.exponentK.toFixed(2), '0.96');
  assert.deepEqual(
    r.exponentKCi.map((v) => v.toFixed(2)),
    ['0.95', '0.97'],
  );
  assert.equal(r.verdict, 'PASS');
  assert.equal(r.limit, 1.1);
});

// docs/growth-gate.md: | Fedora 4 (minimal) | 1 | 4.617 | [3.920, 5.482] | +6.88% | 1.75 [1.70, 1.80] | FAIL |
test('golden (docs/growth-gate.md): Fedora 4 -> w=1, R 4.617 [3.920, 5.482], +6.88%, k 1.75 [1.70, 1.80], FAIL', () => {
  const r = growthGate(FEDORA4, { batchSize: 1000 });
  assert.equal(r.warmupDropped, 1);
  assert.equal(r.keptBatches, 24);
  assert.equal(r.firstKeptBatch, 2);
  assert.equal(r.span, 23);
  assert.equal(r.growthRatio.toFixed(3), '4.617');
  assert.deepEqual(
    r.ci.map((v) => v.toFixed(3)),
    ['3.920', '5.482'],
  );
  assert.equal(pct(r.perThousandObjects), '6.88');
  assert.equal(r.exponentK.toFixed(2), '1.75');
  assert.deepEqual(
    r.exponentKCi.map((v) => v.toFixed(2)),
    ['1.70', '1.80'],
  );
  assert.equal(r.verdict, 'FAIL');
  assert.match(r.reason, /above the limit 1\.10/);
});

test('descriptive numbers for Fedora 4: tau 1, scatter 0.0912, drifted (lag-1 0.78)', () => {
  const r = growthGate(FEDORA4, { batchSize: 1000 });
  assert.equal(r.kendallTau, 1);
  assert.equal(r.residualScatter.toFixed(4), '0.0912');
  assert.equal(r.lag1Autocorrelation.toFixed(2), '0.78');
  assert.equal(r.drifted, true);
  // Values cross-checked with numpy/scipy on the same rule.
  assert.equal(r.slope.toFixed(5), '0.06651');
  assert.equal(r.intercept.toFixed(4), '10.6327');
});

test('the limit is a flag: a higher limit turns Fedora 4 into WARN', () => {
  assert.equal(growthGate(FEDORA4, { batchSize: 1000, limit: 6 }).verdict, 'WARN');
  assert.equal(growthGate(FEDORA4, { batchSize: 1000, limit: 3.9 }).verdict, 'FAIL');
});

test('batch size scales per-1,000 growth and k positions, not R', () => {
  const a = growthGate(FEDORA4, { batchSize: 1000 });
  const b = growthGate(FEDORA4, { batchSize: 500 });
  assert.equal(b.growthRatio, a.growthRatio);
  assert.ok(Math.abs(b.perThousandObjects - (Math.exp(2 * a.slope) - 1)) < 1e-12);
});

test('short series are INCONCLUSIVE with NaN where impossible, never throw', () => {
  const cases: Array<[number[], number, number]> = [
    [[], 0, 0],
    [[100], 1, 0],
    [[100, 120], 1, 1],
    [[100, 120, 130], 1, 2],
    [FEDORA4.slice(0, 10), 1, 9],
  ];
  for (const [ys, w, kept] of cases) {
    const r: GateResult = growthGate(ys, { batchSize: 1000 });
    assert.equal(r.verdict, 'INCONCLUSIVE', `m=${ys.length}`);
    assert.equal(r.warmupDropped, w);
    assert.equal(r.keptBatches, kept);
    assert.equal(r.batches, ys.length);
    if (kept < 2) {
      assert.ok(Number.isNaN(r.slope));
      assert.ok(Number.isNaN(r.growthRatio));
      assert.ok(Number.isNaN(r.exponentK));
    } else {
      assert.ok(Number.isFinite(r.slope));
      assert.ok(Number.isFinite(r.growthRatio));
    }
    assert.match(r.reason, /at least 10/);
  }
  assert.equal(growthGate(FEDORA4.slice(0, 11), { batchSize: 1000 }).keptBatches, 10);
  assert.equal(growthGate(FEDORA4.slice(0, 11), { batchSize: 1000 }).verdict, 'FAIL');
});

test('non-finite or non-positive times throw TypeError', () => {
  for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
    assert.throws(() => growthGate([100, 200, bad, 300], { batchSize: 1000 }), TypeError);
  }
  assert.throws(() => growthGate([100, 200], { batchSize: 0 }), TypeError);
  assert.throws(() => growthGate([100, 200], { batchSize: 1000, limit: Number.NaN }), TypeError);
});

test('projection uses the power law, at the midpoint of the batch ending at N', () => {
  const r = growthGate(FEDORA4, { batchSize: 1000 });
  // Reproduces the fitted value at a kept batch: batch 25 ends at 25,000 objects.
  const at25 = projectBatchTime(r, 25000);
  const expected = Math.exp(r.exponentIntercept + (r.exponentK - 1) * Math.log(24500));
  assert.ok(Math.abs(at25 - expected) < 1e-6);
  assert.ok(at25 > 150000 && at25 < 220000);
  // Power law, not exponential: 4x the objects multiplies time by about 4^(k-1).
  const at100k = projectBatchTime(r, 100000);
  const ratio = at100k / at25;
  assert.ok(Math.abs(ratio - Math.pow(99500 / 24500, r.exponentK - 1)) < 1e-9);
  assert.ok(at100k < fittedBatchTime(r, 100));
  assert.throws(() => projectBatchTime(r, 10), RangeError);
  const flat = growthGate(FEDORA3, { batchSize: 1000 });
  const p = projectBatchTime(flat, 1_000_000);
  assert.ok(p > 20000 && p < 31000);
  assert.ok(Number.isNaN(projectBatchTime(growthGate([5], { batchSize: 1000 }), 5000)));
});

test('the CI quantile is an option: default 1.959964 (the rule), 2.24 for the per-operation looks', () => {
  const a = growthGate(FEDORA4, { batchSize: 1000 });
  const b = growthGate(FEDORA4, { batchSize: 1000, z: 2.24 });
  assert.equal(a.ciZ, 1.959964);
  assert.equal(b.ciZ, 2.24);
  assert.equal(b.slope, a.slope);
  assert.equal(b.warmupDropped, a.warmupDropped);
  assert.ok(b.ci[0] <= a.ci[0] && b.ci[1] >= a.ci[1]);
  assert.match(b.reason, /lower 97\.5% bound/);
  assert.equal(ciLevelLabel(1.959964), '95%');
  assert.equal(ciLevelLabel(2.24), '97.5%');
  assert.equal(ciLevelLabel(3.72), '99.98%');
  assert.throws(() => growthGate(FEDORA4, { batchSize: 1000, z: 0 }), TypeError);
  assert.throws(() => growthGate(FEDORA4, { batchSize: 1000, z: Number.NaN }), TypeError);
});
