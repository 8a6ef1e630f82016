/**
 * The in-process memory store passes the backend contract (and the probe contract inside it) with
 * no simulated latency; with a configured latency every operation takes at least that long, since
 * the wait is the cost the backend is told to have.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryBackend } from '../../src/backends/memory/memory-backend.js';
import { parseLatency } from '../../src/backends/memory/latency.js';
import { planObject } from '../../src/generate/plan.js';
import { defaultWorkload } from '../../src/workload/defaults.js';
import { backendContract } from './backend-contract.js';

const memory = (latencyText: string): MemoryBackend =>
  new MemoryBackend({ latency: parseLatency(latencyText), latencyText, runId: 'contract' });

backendContract('memory', async () => ({ backend: memory('0ms'), cleanup: async () => undefined }));

test('memory: with --latency 3ms every operation takes at least 3 ms, and preflight records the latency as simulated', async () => {
  const b = memory('3ms');
  const info = await b.preflight();
  assert.deepEqual([info.details?.latency, info.details?.simulated], ['3ms', true]);
  const ops = await b.ingest(planObject(defaultWorkload(), 0, { idPrefix: 'lat-' }));
  assert.equal(ops.length, 3, 'create-object and two datastreams');
  for (const op of ops) assert.ok(op.status === 'ok' && op.durationMs >= 3, `${op.kind} took ${op.durationMs} ms`);
  await b.close();
});

test('memory: close drops the data (it lives only for the process)', async () => {
  const b = memory('0ms');
  await b.ingest(planObject(defaultWorkload(), 1, { idPrefix: 'gone-' }));
  assert.equal((await b.listFirstPage(10)).entries, 1);
  await b.close();
  assert.equal((await b.listFirstPage(10)).entries, 0);
});
