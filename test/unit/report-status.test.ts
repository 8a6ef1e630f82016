/** How reports name the way a run ended: completed, failed, an early FAIL's look, a probe's stop. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { statusText } from '../../src/report/report-facts.js';
import type { RunRecord } from '../../src/model/records.js';

const run = (over: Partial<RunRecord>): RunRecord =>
  ({ status: 'completed', plannedBatches: 25, error: null, ...over }) as RunRecord;

test('a run stopped by --probe-stop-above names the probe, its median and the limit, not an early FAIL look', () => {
  const text = statusText(
    run({
      status: 'stopped-early',
      stopInfo: { batch: 3, probe: { kind: 'get', medianMs: 1250, limitMs: 1000 } } as NonNullable<
        RunRecord['stopInfo']
      >,
    }),
    3,
  );
  assert.equal(text, "stopped early at batch 3 of 25 (the get probe's median 1.25 s above --probe-stop-above 1.00 s)");
  assert.doesNotMatch(text, /projected growth/);
});

test('an early FAIL names its look; a failed run its error; a completed run its status', () => {
  const look = {
    batch: 10,
    plannedBatches: 25,
    projectedGrowth: 4.1,
    lowerBound: 2.5,
    limit: 1.1,
    shareOfPlannedTime: 0.33,
  };
  assert.equal(
    statusText(run({ status: 'stopped-early', stopInfo: look as NonNullable<RunRecord['stopInfo']> }), 10),
    'stopped early at batch 10 of 25 (early FAIL, about 33% of the planned ingest time; projected growth x4.10, lower bound x2.50 above limit 1.10)',
  );
  assert.equal(statusText(run({ status: 'failed', error: 'error budget spent' }), 4), 'failed: error budget spent');
  assert.equal(statusText(run({}), 25), 'completed');
});
