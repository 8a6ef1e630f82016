/**
 * The gate with its side fits (power law, cliff) on a worker thread gives what the gate gives
 * in-process: the same result, key for key and number for number, on seeded series of a few
 * thousand batches with the threshold lowered so the worker runs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gateSeries, sideFits, sideFitsInput } from '../../src/analysis/gate-fits.js';
import { operationColumns, operationGate, type OperationBatch } from '../../src/analysis/op-gate.js';
import { operationGateParallel, sideFitOnWorker } from '../../src/verdict/parallel-gate.js';
import { gauss, mulberry32 } from '../helpers/series.js';

const N = 5000;
const OPTS = { batchSize: 1000, limit: 1.1 };

/** Seeded per-batch ms: 20% noise, growth x^0.02, `slowFirst` leading batches 3x slower, a x1.5 step at `stepAt`. */
function series(seed: number, o: { slowFirst?: number; stepAt?: number | undefined } = {}): number[] {
  const u = mulberry32(seed);
  return Array.from({ length: N }, (_, k) => {
    const i = k + 1;
    const warm = i <= (o.slowFirst ?? 0) ? 3 : 1;
    const step = o.stepAt !== undefined && i > o.stepAt ? 1.5 : 1;
    return 100 * (1 + 0.2 * u()) * Math.pow(i, 0.02) * warm * step;
  });
}

const batchOnly = (ms: number[]): OperationBatch[] => ms.map((wallMs) => ({ wallMs, lnLatency: null }));

async function sameAsInProcess(batches: OperationBatch[]): Promise<ReturnType<typeof operationGate>> {
  const here = operationGate(batches, OPTS);
  const there = await operationGateParallel(operationColumns(batches), OPTS, 1000);
  assert.deepStrictEqual(there, here);
  assert.equal(JSON.stringify(there), JSON.stringify(here));
  return there;
}

test('the workers compute the side fits: the same power law, cliff and segment residuals', async () => {
  for (const stepAt of [undefined, 3000]) {
    const s = gateSeries(series(7, { stepAt }), OPTS);
    const input = sideFitsInput(s, 1);
    const here = sideFits(input);
    if (stepAt !== undefined) assert.ok(here.cliff !== null && here.cliffResiduals !== null, 'the step is a cliff');
    const power = sideFitOnWorker('power', input);
    const cliff = sideFitOnWorker('cliff', input);
    try {
      assert.deepStrictEqual(await power.result, here.power);
      assert.deepStrictEqual(await cliff.result, { cliff: here.cliff, cliffResiduals: here.cliffResiduals });
    } finally {
      power.stop();
      cliff.stop();
    }
  }
});

test('batch-only data: the parallel gate equals the in-process gate (warm-up of one batch, as guessed)', async () => {
  const r = await sameAsInProcess(batchOnly(series(11)));
  assert.equal(r.warmupDropped, 1);
});

test('a longer warm-up: the guessed worker is replaced, the result is the same', async () => {
  const r = await sameAsInProcess(batchOnly(series(12, { slowFirst: 5 })));
  assert.ok(r.warmupDropped > 1, `warm-up ${r.warmupDropped}`);
});

test('a cliff found on the worker FAILs the gate as it does in-process', async () => {
  const r = await sameAsInProcess(batchOnly(series(13, { stepAt: 3500 })));
  assert.equal(r.verdict, 'FAIL');
  assert.ok(r.cliff !== null);
});

test('per-operation data: both looks with their side fits on workers, the same union result', async () => {
  const u = mulberry32(14);
  const batches = series(15).map((wallMs, k) => ({
    wallMs,
    lnLatency: { n: 100, mean: 1 + 0.00002 * k + 0.05 * gauss(u), variance: 0.16 },
  }));
  const r = await sameAsInProcess(batches);
  assert.equal(r.perOperation, true);
});

test('below the threshold the gate runs in-process', async () => {
  const batches = batchOnly(series(16).slice(0, 500));
  assert.deepStrictEqual(await operationGateParallel(operationColumns(batches), OPTS), operationGate(batches, OPTS));
});
