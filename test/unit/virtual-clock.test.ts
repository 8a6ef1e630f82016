/**
 * The memory backend's virtual clock and scripted host: timers wake in deadline order (ties in the
 * order they were set) with the clock reading their deadline; a run of the engine on it gets batch
 * times that are sums of the drawn costs, exactly, whatever the host is doing; a cost model scales
 * the draws by the fill; the scripted host turns busy at its fill and the engine's samples say so.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memory } from '../../src/backends/memory/index.js';
import { inFlightOps, timeOp } from '../../src/backends/op-timer.js';
import { MemoryBackend, type MemoryOptions } from '../../src/backends/memory/memory-backend.js';
import { VirtualClock } from '../../src/backends/memory/virtual-clock.js';
import { parseVirtualHost } from '../../src/backends/memory/virtual-host.js';
import { parseCostModel } from '../../src/cost-model/cost-model.js';
import { runEngine, type BatchSink } from '../../src/engine/run-engine.js';
import type { BatchRecord, OpRecord } from '../../src/model/records.js';
import type { HostSample } from '../../src/store/host-samples.js';
import { resolveWorkload } from '../../src/workload/resolve.js';
import { throwsUsage } from '../helpers/throws-usage.js';

test('sleeps wake in deadline order, ties in the order set, and the clock reads each deadline', async () => {
  const clock = new VirtualClock();
  const woke: string[] = [];
  const at = (name: string, ms: number): Promise<void> =>
    clock.sleep(ms).then(() => {
      woke.push(`${name}@${clock.nowNs()}`);
    });
  await Promise.all([at('c', 3), at('a', 1), at('b', 2), at('b2', 2), at('zero', 0), at('frac', 0.0015)]);
  assert.deepEqual(woke, ['zero@0', 'frac@1500', 'a@1000000', 'b@2000000', 'b2@2000000', 'c@3000000']);
  // a minute of virtual time is no host time: the test's own timeout would catch a real wait
  await clock.sleep(60_000);
  assert.equal(clock.nowNs(), 60_003_000_000n);
  assert.equal(clock.pending, 0);
});

test('a chain of sleeps set from woken code runs in virtual order with concurrent ones', async () => {
  const clock = new VirtualClock();
  const log: number[] = [];
  const chain = async (): Promise<void> => {
    for (let i = 0; i < 3; i++) {
      await clock.sleep(4);
      log.push(Number(clock.nowNs() / 1_000_000n));
    }
  };
  const single = clock.sleep(6).then(() => log.push(-Number(clock.nowNs() / 1_000_000n)));
  await Promise.all([chain(), single]);
  assert.deepEqual(log, [4, -6, 8, 12]);
});

const workload = (objects: number, batchSize: number) =>
  resolveWorkload({
    objects,
    batchSize,
    concurrency: 4,
    datastreams: [
      { id: 'D', size: { kind: 'fixed', bytes: 256 }, contentKind: 'random', mime: 'application/octet-stream' },
    ],
  });

class Sink implements BatchSink {
  readonly batches: BatchRecord[] = [];
  readonly ops: OpRecord[][] = [];
  readonly host: HostSample[] = [];
  async recordBatch(_runId: string, b: BatchRecord, ops: readonly OpRecord[]) {
    this.batches.push(b);
    this.ops.push([...ops]);
  }
  async recordHost(_runId: string, _batch: number, s: HostSample) {
    this.host.push(s);
  }
}

async function virtualRun(options: Partial<MemoryOptions>, objects = 40, batchSize = 8): Promise<Sink> {
  const backend = new MemoryBackend({
    latency: { kind: 'fixed', ms: 2 },
    latencyText: '2ms',
    runId: 'v',
    virtual: { host: { kind: 'quiet' }, hostText: 'quiet' },
    ...options,
  });
  const sink = new Sink();
  await runEngine({
    runId: 'v',
    workload: workload(objects, batchSize),
    backend,
    sink,
    idPrefix: 'v-',
    maxErrorRate: 0,
  });
  await backend.close();
  return sink;
}

test('on the virtual clock a batch of 8 objects, 4 in flight, 2 operations of 2 ms each, takes 8 ms exactly', async () => {
  const sink = await virtualRun({});
  assert.equal(sink.batches.length, 5);
  for (const b of sink.batches) assert.equal(b.wallMs, 8);
  for (const ops of sink.ops) for (const op of ops) assert.equal(op.durationMs, 2);
});

test('a step:20:1.5 cost: operations that find 20 objects stored or more cost 3 ms; batches repeat exactly', async () => {
  const cost = { model: parseCostModel('step:20:1.5'), baseMs: 1, fill: 40, text: 'step:20:1.5' };
  const a = await virtualRun({ cost });
  // batch 3: objects 16-19 are created (2 ms) with 16 stored, their datastreams written (3 ms) with 20
  assert.deepEqual(
    a.batches.map((b) => b.wallMs),
    [8, 8, 11, 12, 12],
  );
  const b = await virtualRun({ cost, latency: { kind: 'lognormal', medianMs: 2, sigma: 0.5 }, latencyText: 'x' });
  const c = await virtualRun({ cost, latency: { kind: 'lognormal', medianMs: 2, sigma: 0.5 }, latencyText: 'x' });
  assert.deepEqual(
    b.batches.map((x) => x.wallMs),
    c.batches.map((x) => x.wallMs),
  );
  assert.ok(new Set(b.batches.map((x) => x.wallMs)).size > 1, 'lognormal draws vary the batches');
});

test('stalls:16:50ms: the store pauses 50 ms after its 16th and 32nd object', async () => {
  const cost = { model: parseCostModel('stalls:16:50ms'), baseMs: 1, fill: 40, text: 'stalls:16:50ms' };
  const sink = await virtualRun({ cost });
  const walls = sink.batches.map((b) => b.wallMs);
  assert.deepEqual(
    walls.map((w) => w > 50),
    [false, true, false, true, false],
  );
});

test('the scripted host: quiet, then busy from 20 objects, slowing every operation 1.5x', async () => {
  const sink = await virtualRun({
    virtual: { host: parseVirtualHost('busy-from:20:1.5'), hostText: 'busy-from:20:1.5' },
  });
  assert.deepEqual(
    sink.batches.map((b) => b.wallMs),
    [8, 8, 11, 12, 12],
  );
  const others = sink.host.map((s) => s.othersCpu ?? -1);
  assert.ok(others.slice(0, 2).every((v) => v < 0.1) && others.slice(3).every((v) => v > 0.9), others.join(' '));
  const pressure = sink.host.map((s) => s.cpuPressure ?? -1);
  assert.ok(pressure.slice(0, 2).every((v) => v < 0.1) && pressure.slice(3).every((v) => v > 0.8), pressure.join(' '));
  assert.ok(sink.host.every((s) => s.load1 !== null));
});

test('flags: --virtual-host needs --virtual-clock; bad scripts and fills are refused naming the flag', () => {
  const ctx = { runId: 'r', workload: workload(100, 10), concurrency: 4, dataDir: '.', purpose: 'run' as const };
  throwsUsage(() => memory.fromFlags({ virtualHost: 'quiet' }, ctx), 'E_BAD_FLAG', [
    '--virtual-host',
    '--virtual-clock',
  ]);
  throwsUsage(() => memory.fromFlags({ virtualClock: true, virtualHost: 'busy' }, ctx), 'E_BAD_FLAG', [
    '--virtual-host',
  ]);
  throwsUsage(() => memory.fromFlags({ virtualClock: true, virtualHost: 'busy-from:10:0.5' }, ctx), 'E_BAD_FLAG', [
    'SLOWDOWN',
  ]);
  throwsUsage(() => memory.fromFlags({ fill: '0', cost: 'linear:2' }, ctx), 'E_BAD_FLAG', ['--fill']);
  throwsUsage(() => memory.fromFlags({ cost: 'cubic' }, ctx), 'E_BAD_FLAG', ['--cost']);
  const o = memory.fromFlags({ cost: 'linear:2', virtualClock: true }, ctx);
  assert.equal(o.cost?.fill, 100, 'the fill defaults to the run’s objects');
  assert.deepEqual(o.virtual?.host, { kind: 'quiet' });
  assert.equal(memory.fromFlags({}, ctx).virtual, undefined);
});

test('an operation timed on the virtual clock is not listed as waiting on the host (the stall view); one on the host’s is', async () => {
  const clock = new VirtualClock();
  const meta = { kind: 'create-object' as const, objectId: 'o', objectIndex: 0, datastreamId: null, bytes: 0 };
  const virtual = timeOp(meta, () => clock.sleep(5), clock);
  assert.equal(inFlightOps().count, 0);
  assert.equal((await virtual).durationMs, 5);
  let release = (): void => undefined;
  const real = timeOp(meta, () => new Promise<void>((r) => (release = r)));
  assert.equal(inFlightOps().count, 1);
  release();
  await real;
  assert.equal(inFlightOps().count, 0);
});
