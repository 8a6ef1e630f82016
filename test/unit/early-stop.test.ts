/**
 * Early FAIL wired to runs: the stop policy on the published series (docs/growth-gate.md: "the real
 * Fedora 4 series stops at batch 10"), and `check` on a stopped run giving the same FAIL.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { earlyStopCheck } from '../../src/engine/early-stop.js';
import { evaluateRun } from '../../src/verdict/evaluate-run.js';
import type { BatchRecord, RunRecord } from '../../src/model/records.js';
import { ResultsStore } from '../../src/store/results-store.js';
import { FEDORA3 as F3, FEDORA4 as F4 } from '../helpers/series.js';

const asBatches = (times: readonly number[]): BatchRecord[] =>
  times.map((ms, i) => ({
    index: i + 1,
    objects: 1000,
    objectsBefore: i * 1000,
    bytes: 0,
    wallMs: ms,
    okOps: 0,
    failedOps: 0,
    retriedOps: 0,
    p50Ms: null,
    p95Ms: null,
    p99Ms: null,
    startedAt: null,
  }));

function firstStop(times: readonly number[]) {
  const check = earlyStopCheck({ batchSize: 1000, limit: 1.1, plannedBatches: 25 });
  for (let m = 1; m <= times.length; m++) {
    const stop = check(asBatches(times.slice(0, m)));
    if (stop) return stop;
  }
  return null;
}

test('the Fedora 4 series stops at batch 10 of 25, in well under half the planned time (docs/growth-gate.md)', () => {
  const stop = firstStop(F4);
  assert.ok(stop);
  assert.equal(stop.batch, 10);
  assert.equal(stop.plannedBatches, 25);
  assert.ok(stop.lowerBound > 1.1, `lower bound ${stop.lowerBound}`);
  assert.ok(stop.projectedGrowth > stop.lowerBound);
  assert.ok(stop.shareOfPlannedTime > 0.15 && stop.shareOfPlannedTime < 0.5, `share ${stop.shareOfPlannedTime}`);
  // the projection's own arithmetic: the share is 10 batches' time over that plus the trend's remaining 15
  const spent = F4.slice(0, 10).reduce((a, b) => a + b, 0);
  assert.ok(spent / stop.shareOfPlannedTime > F4.slice(0, 10).reduce((a, b) => a + b, 0) * 2.5);
});

test('the Fedora 3 series never stops early', () => {
  assert.equal(firstStop(F3), null);
});

test('check on a run that stopped early gives the same FAIL; the same batches as a completed run are INCONCLUSIVE', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-early-'));
  try {
    const store = await ResultsStore.open(join(dir, 'r.db'));
    const base: RunRecord = {
      id: 'stopped001',
      label: null,
      source: 'run',
      status: 'running',
      backend: 'leveldb',
      target: dir,
      targetInfo: null,
      workload: {},
      batchSize: 1000,
      plannedBatches: 25,
      toolVersion: 't',
      nodeVersion: process.version,
      host: { hostname: 'h', platform: 'p', arch: 'a', cpus: 1, cpuModel: 'c', memoryBytes: 1 },
      startedAt: new Date().toISOString(),
      finishedAt: null,
      error: null,
    };
    await store.createRun(base);
    for (const b of asBatches(F4.slice(0, 10))) await store.recordBatch(base.id, b, []);
    const stop = firstStop(F4);
    await store.finishRun(base.id, 'stopped-early', null, stop);
    const stopped = await store.resolveRun(base.id);
    assert.equal(stopped.status, 'stopped-early');
    assert.equal(stopped.stoppedAtBatch, 10);
    assert.deepEqual(stopped.stopInfo, stop);
    const e = await evaluateRun(store, stopped, 1.1);
    assert.equal(e.verdict, 'FAIL');
    assert.equal(e.earlyStop?.batchesSeen, 10);
    assert.equal(e.gate.perOperation, false, 'no operation records: wall-time rule');

    await store.createRun({ ...base, id: 'complete01' });
    for (const b of asBatches(F4.slice(0, 10))) await store.recordBatch('complete01', b, []);
    await store.finishRun('complete01', 'completed');
    const done = await evaluateRun(store, await store.resolveRun('complete01'), 1.1);
    assert.equal(done.earlyStop, null);
    assert.equal(done.verdict, 'INCONCLUSIVE');
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
