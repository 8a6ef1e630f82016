/** Per-batch ln-latency statistics of the durations read back from SQLite (src/store/op-durations.ts): bit for bit what the rows give, on one or two connections. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { LnLatencyAccumulator } from '../../src/analysis/ln-latency.js';
import { lnLatencyStats, type LnLatencyStats } from '../../src/analysis/op-gate.js';
import { readOpDurations } from '../../src/store/op-durations.js';
import type { BatchRecord, OpRecord, RunRecord } from '../../src/model/records.js';
import { ResultsStore } from '../../src/store/results-store.js';
import { mulberry32 } from '../helpers/series.js';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'ingest-scale-opstats-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const RUN = 'opstats001';
const run: RunRecord = {
  id: RUN,
  label: null,
  source: 'run',
  status: 'running',
  backend: 'leveldb',
  target: '/tmp/x',
  targetInfo: { backend: 'leveldb', target: '/tmp/x' },
  workload: { objects: 10 },
  batchSize: 30,
  plannedBatches: 150,
  toolVersion: '0.0.0',
  nodeVersion: process.version,
  host: { hostname: 'h', platform: 'p', arch: 'a', cpus: 2, cpuModel: 'c', memoryBytes: 1 },
  startedAt: '2026-01-01T00:00:00Z',
  finishedAt: null,
  error: null,
};
const batch = (index: number, n: number): BatchRecord => ({
  index,
  objects: n,
  objectsBefore: 0,
  bytes: 0,
  wallMs: 10,
  okOps: n,
  failedOps: 0,
  retriedOps: 0,
  p50Ms: 1,
  p95Ms: 2,
  p99Ms: 3,
  startedAt: '2026-01-01T00:00:00Z',
});

/** Awkward doubles: random bit patterns in range, subnormals, exact zeros, huge and tiny values. */
function duration(u: () => number, i: number): number {
  const kinds = [
    () => u() * 50,
    () => Math.exp(20 * u() - 10),
    () => 0,
    () => Number.MIN_VALUE * (1 + Math.floor(u() * 1000)),
    () => 1e300 * u(),
    () => 0.1 + 0.2,
  ];
  return (kinds[i % kinds.length] as () => number)();
}

async function seeded(store: ResultsStore): Promise<Map<number, LnLatencyStats>> {
  await store.createRun(run);
  const u = mulberry32(11);
  const expected = new Map<number, LnLatencyStats>();
  // 150 batches (three pages of 64 and then some), with a gap at 70..72 and one batch without ok ingest ops
  for (let b = 1; b <= 150; b++) {
    if (b >= 70 && b <= 72) continue;
    const ops: OpRecord[] = [];
    const n = 1 + Math.floor(u() * 40);
    for (let i = 0; i < n; i++) {
      const kind = i % 5 === 4 ? 'create-object' : 'add-datastream';
      const status = b === 99 || i % 7 === 6 ? 'failed' : 'ok';
      ops.push({
        kind,
        objectId: `o${b}-${i}`,
        objectIndex: i,
        datastreamId: 'D',
        status,
        bytes: 1,
        startMs: u() * 100,
        ttfbMs: null,
        durationMs: duration(u, i + b),
        attempt: 1,
        errorCode: null,
        httpStatus: null,
      });
    }
    await store.recordBatch(RUN, batch(b, n), ops);
    const kept = ops.filter((o) => o.status === 'ok').map((o) => o.durationMs);
    const s = lnLatencyStats(kept);
    if (s !== null) expected.set(b, s);
  }
  return expected;
}

function assertSame(got: Map<number, LnLatencyStats>, want: Map<number, LnLatencyStats>): void {
  assert.deepEqual([...got.keys()], [...want.keys()]);
  for (const [b, w] of want) {
    const g = got.get(b) as LnLatencyStats;
    assert.ok(
      Object.is(g.n, w.n) && Object.is(g.mean, w.mean) && Object.is(g.variance, w.variance),
      `batch ${b}: ${JSON.stringify(g)} vs ${JSON.stringify(w)}`,
    );
  }
}

test('statistics of the ok ingest operations, in stored order, bit for bit over several pages (two connections)', async () => {
  const path = join(dir, 'two.db');
  const writer = await ResultsStore.open(path);
  const want = await seeded(writer);
  await writer.close();
  const store = await ResultsStore.open(path, 'read');
  try {
    assertSame((await store.opDurations(RUN, () => new LnLatencyAccumulator())).stats(), want);
    assert.equal((await store.opDurations('nosuchrun', () => new LnLatencyAccumulator())).stats().size, 0);
  } finally {
    await store.close();
  }
});

test('the same on a single connection (an in-memory database, which a second connection cannot reach)', async () => {
  const store = await ResultsStore.open(':memory:');
  try {
    const want = await seeded(store);
    assertSame((await readOpDurations(store.db, RUN, () => new LnLatencyAccumulator())).stats(), want);
  } finally {
    await store.close();
  }
});
