/**
 * The batch engine with a scripted in-memory backend: bounded concurrency, sequential batches,
 * failures recorded as data, the error budget, interruption between batches, and verification.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Backend, ReadCapability } from '../../src/backends/backend.js';
import type { OpTiming } from '../../src/model/timings.js';
import { OpError, timeOp } from '../../src/backends/op-timer.js';
import { contentChunks } from '../../src/generate/content.js';
import type { ObjectPlan } from '../../src/generate/plan.js';
import { runEngine, type BatchSink } from '../../src/engine/run-engine.js';
import type { BatchRecord, OpRecord } from '../../src/model/records.js';
import { resolveWorkload } from '../../src/workload/resolve.js';

class ScriptedBackend implements Backend, ReadCapability {
  readonly name = 'scripted';
  inFlight = 0;
  maxInFlight = 0;
  readonly stored = new Map<string, Buffer>();
  constructor(
    private readonly failWhen: (p: ObjectPlan) => boolean = () => false,
    private readonly corrupt = false,
  ) {}
  async preflight() {
    return { backend: this.name, target: 'memory' };
  }
  async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const meta = { objectId: plan.id, objectIndex: plan.index };
      const ops = [
        await timeOp(
          { ...meta, kind: 'create-object', datastreamId: null, bytes: 0 },
          () => new Promise((r) => setImmediate(r)),
        ),
      ];
      for (const ds of plan.datastreams) {
        ops.push(
          await timeOp({ ...meta, kind: 'add-datastream', datastreamId: ds.id, bytes: ds.size }, async () => {
            if (this.failWhen(plan)) throw new OpError('E_HTTP_500', 'scripted failure', 500);
            const buf = Buffer.concat([...contentChunks(ds)]);
            if (this.corrupt && buf.length > 0) buf[0] = (buf[0] ?? 0) ^ 1;
            this.stored.set(`${plan.id}/${ds.id}`, buf);
          }),
        );
      }
      return ops;
    } finally {
      this.inFlight--;
    }
  }
  async *read(objectId: string, dsId: string): AsyncIterable<Uint8Array> {
    const b = this.stored.get(`${objectId}/${dsId}`);
    if (!b) throw new OpError('E_NOT_FOUND', 'missing');
    yield b;
  }
  async close() {}
}

class MemorySink implements BatchSink {
  readonly batches: BatchRecord[] = [];
  readonly ops: OpRecord[][] = [];
  async recordBatch(_runId: string, b: BatchRecord, ops: readonly OpRecord[]) {
    this.batches.push(b);
    this.ops.push([...ops]);
  }
}

const small = (extra: Parameters<typeof resolveWorkload>[0] = {}) =>
  resolveWorkload({
    objects: 50,
    batchSize: 10,
    concurrency: 3,
    datastreams: [
      { id: 'A', size: { kind: 'fixed', bytes: 1000 }, contentKind: 'random', mime: 'application/octet-stream' },
    ],
    ...extra,
  });

test('batches run in order with at most --concurrency objects in flight, and every op is recorded', async () => {
  const backend = new ScriptedBackend();
  const sink = new MemorySink();
  const r = await runEngine({ runId: 'r', workload: small(), backend, sink, idPrefix: 't-', maxErrorRate: 0 });
  assert.equal(r.status, 'completed');
  assert.deepEqual(
    sink.batches.map((b) => [b.index, b.objects, b.objectsBefore]),
    [
      [1, 10, 0],
      [2, 10, 10],
      [3, 10, 20],
      [4, 10, 30],
      [5, 10, 40],
    ],
  );
  assert.equal(backend.maxInFlight, 3);
  for (const ops of sink.ops) {
    assert.equal(ops.length, 20);
    assert.ok(ops.every((o) => o.startMs >= 0 && o.status === 'ok'));
  }
  assert.ok(sink.batches.every((b) => b.wallMs > 0 && b.bytes === 10_000 && b.p50Ms !== null));
});

test('a failing operation is a record with its error code, within the budget the run goes on', async () => {
  const backend = new ScriptedBackend((p) => p.index === 13);
  const sink = new MemorySink();
  const r = await runEngine({ runId: 'r', workload: small(), backend, sink, idPrefix: 't-', maxErrorRate: 0.05 });
  assert.equal(r.status, 'completed');
  assert.equal(sink.batches[1]?.failedOps, 1);
  const failed = sink.ops.flat().filter((o) => o.status === 'failed');
  assert.deepEqual(
    failed.map((o) => [o.objectId, o.errorCode, o.httpStatus]),
    [['t-13', 'E_HTTP_500', 500]],
  );
});

test('past the error budget the run stops with E_ERROR_BUDGET after recording the batch', async () => {
  const backend = new ScriptedBackend((p) => p.index >= 20);
  const sink = new MemorySink();
  await assert.rejects(
    runEngine({ runId: 'r', workload: small(), backend, sink, idPrefix: 't-', maxErrorRate: 0.01 }),
    (e: Error & { code?: string; exitCode?: number }) =>
      e.code === 'E_ERROR_BUDGET' && e.exitCode === 4 && /E_HTTP_500/.test(e.message),
  );
  assert.equal(sink.batches.length, 3, 'the failing batch is recorded, none after it');
});

test('an abort between batches ends the run as aborted with the finished batches kept', async () => {
  const ac = new AbortController();
  const sink = new MemorySink();
  const r = await runEngine({
    runId: 'r',
    workload: small(),
    backend: new ScriptedBackend(),
    sink,
    idPrefix: 't-',
    maxErrorRate: 0,
    signal: ac.signal,
    onBatch: (p) => {
      if (p.batch.index === 2) ac.abort();
    },
  });
  assert.equal(r.status, 'aborted');
  assert.equal(sink.batches.length, 2);
});

test('--verify readback records verify ops; wrong bytes stop the run with E_VERIFY', async () => {
  const sink = new MemorySink();
  await runEngine({
    runId: 'r',
    workload: small({ verify: 'readback' }),
    backend: new ScriptedBackend(),
    sink,
    idPrefix: 't-',
    maxErrorRate: 0,
  });
  const verify = sink.ops.flat().filter((o) => o.kind === 'verify');
  assert.equal(verify.length, 50);
  assert.ok(verify.every((o) => o.status === 'ok'));
  assert.ok(
    sink.batches.every((b) => b.okOps === 20),
    'verify ops are not counted as ingest ops',
  );

  const bad = new MemorySink();
  await assert.rejects(
    runEngine({
      runId: 'r',
      workload: small({ verify: 'readback' }),
      backend: new ScriptedBackend(() => false, true),
      sink: bad,
      idPrefix: 't-',
      maxErrorRate: 0,
    }),
    (e: Error & { code?: string }) => e.code === 'E_VERIFY',
  );
  assert.equal(bad.ops[0]?.filter((o) => o.errorCode === 'E_VERIFY_MISMATCH').length, 10);
});

test('with one object in flight a backend that can prepare is told the next object once the current one has started', async () => {
  const events: string[] = [];
  class Preparing extends ScriptedBackend {
    override async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
      events.push(`ingest ${plan.index}`);
      return super.ingest(plan);
    }
    prepare(plan: ObjectPlan): void {
      events.push(`prepare ${plan.index}`);
    }
  }
  await runEngine({
    runId: 'r',
    workload: small({ objects: 6, batchSize: 3, concurrency: 1 }),
    backend: new Preparing(),
    sink: new MemorySink(),
    idPrefix: 't-',
    maxErrorRate: 0,
  });
  // within a batch only: the first object of the next batch is not made before its batch starts
  assert.deepEqual(events, [
    'ingest 0',
    'prepare 1',
    'ingest 1',
    'prepare 2',
    'ingest 2',
    'ingest 3',
    'prepare 4',
    'ingest 4',
    'prepare 5',
    'ingest 5',
  ]);
  events.length = 0;
  await runEngine({
    runId: 'r',
    workload: small({ objects: 6, batchSize: 3, concurrency: 2 }),
    backend: new Preparing(),
    sink: new MemorySink(),
    idPrefix: 't-',
    maxErrorRate: 0,
  });
  assert.ok(
    events.length === 6 && events.every((e) => e.startsWith('ingest')),
    `never asked with more than one object in flight: ${events.join(', ')}`,
  );
});
