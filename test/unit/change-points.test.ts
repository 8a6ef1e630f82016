/**
 * Change points across groups (src/analysis/change-points.ts), by seeded simulation of whole
 * histories: each group 2–3 runs (between-run SD 0.05, within-run SD 0.01–0.03), pooled per group
 * as history pools them (random-effects.ts, the between-run spread shared across groups). Flat histories of 20 groups name a change in at most 1% of cases; a step of
 * x1.3 is found at the group after it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bestSplit, changePoints, type GroupEstimate } from '../../src/analysis/change-points.js';
import { poolRandom, poolWithTau2, sharedTau2, type LogEstimate } from '../../src/analysis/random-effects.js';
import { normalSource, uniformSource } from '../../src/analysis/seeded-normal.js';

/** A history of `groups` groups whose true log level jumps by `step` at group `at`. */
export function simulatedHistory(groups: number, at: number, step: number, seed: number): GroupEstimate[] {
  const z = normalSource(seed);
  const u = uniformSource(seed ^ 0x5bd1e995);
  const all: LogEstimate[][] = [];
  for (let g = 0; g < groups; g++) {
    const truth = g >= at ? step : 0;
    const k = u() < 0.5 ? 2 : 3;
    const runs: LogEstimate[] = [];
    for (let i = 0; i < k; i++) {
      const sd = 0.01 + 0.02 * u();
      runs.push({ y: truth + 0.05 * z() + sd * z(), v: sd * sd });
    }
    all.push(runs);
  }
  // pooled as history pools: the between-run spread estimated across the groups
  const shared = sharedTau2(all);
  return all.map((runs) => {
    const p = shared === null ? poolRandom(runs) : poolWithTau2(runs, shared);
    return { y: p.estimate, v: p.variance };
  });
}

test('the best split of a clean step is the step, and a constant series has no statistic', () => {
  const y = [0, 0, 0, 0, 1, 1, 1];
  const v = y.map(() => 0.01);
  assert.equal(bestSplit(y, v).t, 4);
  assert.equal(bestSplit([0.2, 0.2, 0.2], [0.01, 0.01, 0.01]).statistic, 0);
  assert.deepEqual(changePoints([{ y: 0, v: 1 }]), []);
});

test('seeded simulation: flat histories of 20 groups name a change in at most 1% of cases', (t) => {
  const histories = 600;
  let alarms = 0;
  for (let h = 0; h < histories; h++) if (changePoints(simulatedHistory(20, 99, 0, 10_000 + h)).length > 0) alarms++;
  t.diagnostic(`false alarms: ${alarms} of ${histories} flat histories (${((100 * alarms) / histories).toFixed(2)}%)`);
  assert.ok(alarms / histories <= 0.01, `${alarms} of ${histories}`);
});

test('seeded simulation: a x1.3 step at group 12 of 20 is named at group 12 in at least 90% of cases', (t) => {
  const histories = 200;
  let found = 0;
  for (let h = 0; h < histories; h++) {
    const cps = changePoints(simulatedHistory(20, 12, Math.log(1.3), 20_000 + h));
    if (cps.some((c) => c.at === 12)) found++;
  }
  t.diagnostic(`x1.3 step found at its group in ${found} of ${histories} histories`);
  assert.ok(found / histories >= 0.9, `${found} of ${histories}`);
});

test('five groups of two runs, a x1.5 step after the third: named at the fourth', () => {
  let found = 0;
  for (let h = 0; h < 50; h++) {
    const z = normalSource(h + 1);
    const groups = [0, 0, 0, 1, 1].map((s) => {
      const runs = [0, 1].map(() => ({ y: s * Math.log(1.5) + 0.03 * z() + 0.01 * z(), v: 0.0001 }));
      const p = poolRandom(runs);
      return { y: p.estimate, v: p.variance };
    });
    if (changePoints(groups).some((c) => c.at === 3)) found++;
  }
  assert.ok(found >= 45, `${found} of 50`);
});
