/**
 * A resumed run's probes expect what is stored (docs/probes.md; with run --resume): ProbeRunner.restore
 * reads the versions the run's earlier update probes wrote, and its failed objects, from the
 * results database. Without it, a fresh runner would read updated objects as wrong bytes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { LevelDbBackend } from '../../src/backends/leveldb/leveldb-backend.js';
import { toOpRecords, summariseBatch } from '../../src/engine/batch-summary.js';
import { ProbeRunner } from '../../src/engine/probes/probe-runner.js';
import { planObject } from '../../src/generate/plan.js';
import type { RunRecord } from '../../src/model/records.js';
import { ResultsStore } from '../../src/store/results-store.js';
import type { Workload } from '../../src/workload/workload.js';

const W: Workload = {
  objects: 6,
  batchSize: 6,
  concurrency: 1,
  seed: 3,
  layout: 'flat',
  fanout: { width: 16, depth: 2 },
  verify: 'none',
  datastreams: [
    {
      id: 'OBJ',
      size: { kind: 'fixed', bytes: 20_000 },
      contentKind: 'random',
      mime: 'application/octet-stream',
      edit: 0.02,
    },
  ],
};

const RUN: RunRecord = {
  id: 'resumeprob',
  label: null,
  source: 'run',
  status: 'running',
  backend: 'leveldb',
  target: 'x',
  targetInfo: { backend: 'leveldb', target: 'x' },
  workload: W,
  batchSize: 6,
  plannedBatches: 2,
  toolVersion: '0.0.0',
  nodeVersion: process.version,
  host: { hostname: 'h', platform: 'p', arch: 'a', cpus: 2, cpuModel: 'c', memoryBytes: 1 },
  startedAt: new Date().toISOString(),
  finishedAt: null,
  error: null,
};

test('restore: a resumed run reads its updated objects at their stored version; a fresh runner would not', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-probe-resume-'));
  const backend = new LevelDbBackend({ dataDir: join(dir, 'store') });
  const store = await ResultsStore.open(join(dir, 'r.db'));
  try {
    await backend.preflight();
    const startNs = process.hrtime.bigint();
    const ingest = (
      await Promise.all(Array.from({ length: 6 }, (_, i) => backend.ingest(planObject(W, i, { idPrefix: 'rs-' }))))
    ).flat();
    const updates = await new ProbeRunner(backend, W, 'rs-', { kinds: ['update'], sample: 6 }, 2).afterBatch(
      1,
      6,
      ingest,
    );
    assert.equal(updates.filter((o) => o.kind === 'probe-update' && o.status === 'ok').length, 6);
    await store.createRun(RUN);
    const batch = summariseBatch(
      { index: 1, objects: 6, objectsBefore: 0, startNs, wallNs: 1_000_000n, startedAt: RUN.startedAt },
      ingest,
    );
    await store.recordBatch(RUN.id, batch, toOpRecords([...ingest, ...updates], startNs));

    const fresh = await new ProbeRunner(backend, W, 'rs-', { kinds: ['get'], sample: 6 }, 2).afterBatch(2, 6, []);
    assert.ok(
      fresh.every((o) => o.errorCode === 'E_PROBE_MISMATCH'),
      'a runner that does not know the versions reads "wrong" bytes',
    );

    const resumed = new ProbeRunner(backend, W, 'rs-', { kinds: ['get'], sample: 6 }, 2);
    await resumed.restore(store, RUN.id);
    const ops = await resumed.afterBatch(2, 6, []);
    assert.equal(ops.length, 12);
    assert.deepEqual(
      ops.filter((o) => o.status !== 'ok').map((o) => `${o.objectId} ${o.errorCode}`),
      [],
    );
  } finally {
    await store.close();
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
