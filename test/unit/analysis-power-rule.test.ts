/**
 * Power-aware PASS (docs/growth-gate.md, "Power-aware PASS"; src/analysis/power-rule.ts): the default rule marks
 * a PASS or WARN whose detectable growth R80 is above max(1.5, 1 + 2 (limit − 1)); --min-detectable turns such a
 * PASS or WARN into INCONCLUSIVE with the batches a rerun needs; a FAIL stays FAIL. Synthetic series with known
 * noise, seeded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { r80 } from '../../src/analysis/detectable-growth.js';
import { growthGate, type GateResult } from '../../src/analysis/growth-gate.js';
import { operationGate } from '../../src/analysis/op-gate.js';
import { assessPower, rerunBatches, underpoweredThreshold } from '../../src/analysis/power-rule.js';
import { gateJson } from '../../src/report/gate-json.js';
import { FEDORA3, gauss, mulberry32 } from '../helpers/series.js';

/** m batch times of 100 ms with lognormal noise of sd s and total growth `growth` over the run. */
function series(seed: number, m: number, s: number, growth = 1): number[] {
  const u = mulberry32(seed);
  return Array.from({ length: m }, (_, i) => 100 * growth ** (i / (m - 1)) * Math.exp(s * gauss(u)));
}

test('the default rule: max(1.5, 1 + 2 (limit - 1))', () => {
  assert.equal(underpoweredThreshold(1.1), 1.5);
  assert.equal(underpoweredThreshold(1.25), 1.5);
  assert.equal(underpoweredThreshold(1.5), 2);
  assert.ok(Math.abs(underpoweredThreshold(2) - 3) < 1e-12);
});

test('quiet flat run (2% noise, 40 batches): PASS, not underpowered, meets --min-detectable 1.3', () => {
  const g = growthGate(series(11, 40, 0.02), { batchSize: 400 });
  assert.equal(g.verdict, 'PASS');
  const p = assessPower(g, null);
  assert.equal(p.underpowered, false);
  assert.equal(p.threshold, 1.5);
  const asked = assessPower(g, 1.3);
  assert.ok(g.detectableGrowth <= 1.3, `R80 ${g.detectableGrowth}`);
  assert.equal(asked.inconclusive, false);
  assert.equal(asked.underpowered, false);
});

test('noisy flat run (40% noise, 25 batches): PASS marked underpowered; --min-detectable 1.5 makes it INCONCLUSIVE with a rerun size that reaches 1.5', () => {
  let seen = 0;
  for (let seed = 1; seed <= 20; seed++) {
    const g = growthGate(series(seed, 25, 0.4), { batchSize: 400 });
    if (g.verdict !== 'PASS' && g.verdict !== 'WARN') continue;
    seen++;
    assert.ok(g.detectableGrowth > 1.5, `seed ${seed}: R80 ${g.detectableGrowth}`);
    const p = assessPower(g, null);
    assert.equal(p.underpowered, true);
    assert.equal(p.inconclusive, false, 'without the flag the verdict stays');
    const asked = assessPower(g, 1.5);
    assert.equal(asked.inconclusive, true);
    const rerun = asked.rerun;
    assert.ok(rerun !== null && Number.isFinite(rerun.totalBatches) && rerun.totalBatches > 25);
    // the rerun's kept batches reach 1.5 at this noise, one fewer does not
    const r = (m: number): number => r80(m, g.residualScatter, g.lag1Autocorrelation, g.limit, g.ciZ);
    assert.ok(r(rerun.keptBatches) <= 1.5 && r(rerun.keptBatches - 1) > 1.5);
    // a ratio the run does see is not asked in vain
    assert.equal(assessPower(g, g.detectableGrowth * 1.01).inconclusive, false);
  }
  assert.ok(seen >= 15, `${seen} of 20 seeds PASS or WARN`);
});

test('a FAIL stays FAIL: x5 growth at 40% noise is caught, never underpowered', () => {
  const g = growthGate(series(3, 25, 0.4, 5), { batchSize: 400 });
  assert.equal(g.verdict, 'FAIL');
  assert.ok(g.detectableGrowth > 1.5, 'the run was noisy enough to be underpowered had it passed');
  for (const min of [null, 1.2, 1.5]) {
    const p = assessPower(g, min);
    assert.equal(p.underpowered, false);
    assert.equal(p.inconclusive, false);
    assert.equal(p.rerun, null);
  }
});

test('fewer than 10 kept batches stays INCONCLUSIVE by its own reason; a non-finite R80 is underpowered only against the flag', () => {
  const short = growthGate(series(5, 8, 0.05), { batchSize: 400 });
  assert.equal(short.verdict, 'INCONCLUSIVE');
  assert.equal(assessPower(short, 1.5).inconclusive, false);
  const pass = growthGate(series(5, 30, 0.05), { batchSize: 400 });
  const blind: GateResult = { ...pass, detectableGrowth: Number.NaN };
  assert.equal(assessPower(blind, null).underpowered, false);
  assert.equal(assessPower(blind, 1.5).inconclusive, true);
});

test('Fedora 3 (R80 about 1.14): --min-detectable 1.5 passes, 1.12 is INCONCLUSIVE, at the limit out of reach', () => {
  const g = operationGate(
    FEDORA3.map((wallMs) => ({ wallMs, lnLatency: null })),
    { batchSize: 1000 },
  );
  assert.equal(g.verdict, 'PASS');
  assert.equal(assessPower(g, 1.5).inconclusive, false);
  assert.deepEqual(assessPower(g, 1.5).rerun, g.batchesNeeded['x1.5'], 'the planning line of the verdict');
  const tight = assessPower(g, 1.12);
  assert.equal(tight.inconclusive, true);
  assert.ok(tight.rerun !== null && tight.rerun.totalBatches > FEDORA3.length);
  assert.equal(rerunBatches(g, 1.1).totalBatches, Number.POSITIVE_INFINITY);
});

test('gateJson: underpowered, powerThreshold, minDetectable, rerunBatches', () => {
  const noisy = growthGate(series(2, 25, 0.4), { batchSize: 400 });
  assert.equal(noisy.verdict, 'PASS');
  const j = gateJson(noisy);
  assert.equal(j['underpowered'], true);
  assert.equal(j['powerThreshold'], 1.5);
  assert.equal(j['minDetectable'], null);
  const asked = gateJson(noisy, assessPower(noisy, 1.3));
  assert.equal(asked['minDetectable'], 1.3);
  assert.equal(asked['underpowered'], true);
  const rb = asked['rerunBatches'] as { totalBatches: number };
  assert.ok(rb.totalBatches > 25);
  const quiet = gateJson(growthGate(series(2, 40, 0.02), { batchSize: 400 }));
  assert.equal(quiet['underpowered'], false);
});
