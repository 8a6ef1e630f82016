/**
 * The client's unrecorded warm-up before batch 1 (src/engine/client-warmup.ts): objects outside the
 * run (ids `<prefix>warm-<i>`, indices past the run's last object) are written through the backend
 * and removed again; the engine records nothing for them; a target that will not remove them fails the
 * run before batch 1 (E_TARGET, exit 4); in-process stores are not warmed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryBackend } from '../../src/backends/memory/memory-backend.js';
import { parseLatency } from '../../src/backends/memory/latency.js';
import { clientWarmupObjects, takesClientWarmup, warmUpClient } from '../../src/engine/client-warmup.js';
import { runEngine } from '../../src/engine/run-engine.js';
import { IngestScaleError } from '../../src/errors.js';
import type { BatchRecord, ObjectRef, OpRecord } from '../../src/model/records.js';
import { resolveWorkload } from '../../src/workload/resolve.js';

function memory(): MemoryBackend {
  return new MemoryBackend({ latency: parseLatency('0ms'), latencyText: '0ms', runId: 'warmtest01' });
}

const workload = resolveWorkload({
  objects: 300,
  batchSize: 50,
  concurrency: 4,
  datastreams: [
    { id: 'D', size: { kind: 'fixed', bytes: 256 }, contentKind: 'random', mime: 'application/octet-stream' },
  ],
});

async function ids(b: MemoryBackend): Promise<string[]> {
  const out: string[] = [];
  for await (const id of b.list()) out.push(id);
  return out;
}

test('how many objects warm: min(1,000, ceil(10% of the run)); in-process stores are not warmed', () => {
  assert.equal(clientWarmupObjects({ ...workload, objects: 300 }), 30);
  assert.equal(clientWarmupObjects({ ...workload, objects: 60_000 }), 1000);
  assert.equal(clientWarmupObjects({ ...workload, objects: 7 }), 1);
  assert.equal(takesClientWarmup('http-put'), true);
  assert.equal(takesClientWarmup('fedora3'), true);
  assert.equal(takesClientWarmup('leveldb'), false);
  assert.equal(takesClientWarmup('memory'), false);
});

test('warm-up objects are written outside the run and removed again', async () => {
  const b = memory();
  const written: string[] = [];
  const ingest = b.ingest.bind(b);
  b.ingest = async (p) => {
    written.push(`${p.id}@${p.index}`);
    return ingest(p);
  };
  const r = await warmUpClient(b, workload, 'abc123-');
  assert.deepEqual(r, { objects: 30, skipped: null });
  assert.equal(written.length, 30);
  assert.equal(written[0], 'abc123-warm-300@300', 'indices past the run: content no real object has');
  assert.equal(written[29], 'abc123-warm-329@329');
  assert.deepEqual(await ids(b), [], 'nothing is left on the target');
});

test('the engine warms first and records only the run: batches and operations of its own objects', async () => {
  const b = memory();
  const seen: string[] = [];
  const ingest = b.ingest.bind(b);
  b.ingest = async (p) => {
    seen.push(p.id);
    return ingest(p);
  };
  const recorded: OpRecord[] = [];
  const batches: BatchRecord[] = [];
  const sink = {
    recordBatch: async (_run: string, batch: BatchRecord, ops: readonly OpRecord[]): Promise<void> => {
      batches.push(batch);
      recorded.push(...ops);
    },
  };
  const r = await runEngine({
    runId: 'warmtest01',
    workload,
    backend: b,
    sink,
    idPrefix: 'warmte-',
    maxErrorRate: 0,
    clientWarmup: true,
  });
  assert.equal(r.status, 'completed');
  assert.equal(
    seen.slice(0, 30).every((id) => id.startsWith('warmte-warm-')),
    true,
    'the warm-up comes first',
  );
  assert.equal(seen.length, 330);
  assert.equal(batches.length, 6);
  assert.equal(batches[0]?.objectsBefore, 0);
  assert.equal(
    recorded.some((o) => o.objectId.includes('warm-')),
    false,
    'no warm-up operation is recorded',
  );
  assert.equal((await ids(b)).length, 300, "the store holds the run's objects only");
});

test('a target that does not remove the warm-up objects fails the run before batch 1 (E_TARGET, exit 4)', async () => {
  const b = memory();
  b.remove = async (ref: ObjectRef) => {
    throw new Error(`refused ${ref.id}`);
  };
  await assert.rejects(warmUpClient(b, workload, 'abc123-'), (e: unknown) => {
    assert.ok(e instanceof IngestScaleError);
    assert.equal(e.code, 'E_TARGET');
    assert.equal(e.exitCode, 4);
    assert.match(
      e.message,
      /30 of 30 warm-up objects could not be removed before batch 1 \(first: abc123-warm-30\d: refused/,
    );
    return true;
  });
});
