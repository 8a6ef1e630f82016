/** Compare records (migration 6): a compare, its linked runs in target order, its answer; lookup by id, prefix and `last`. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ResultsStore } from '../../src/store/results-store.js';
import type { RunRecord } from '../../src/model/records.js';
import {
  finishCompare,
  linkCompareRun,
  listCompares,
  loadCompare,
  recordCompare,
  compareOfRun,
} from '../../src/store/compare-records.js';
import { IngestScaleError } from '../../src/errors.js';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'ingest-scale-compare-records-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const run = (id: string): RunRecord => ({
  id,
  label: id,
  source: 'run',
  status: 'running',
  backend: 'leveldb',
  target: '/tmp/x',
  targetInfo: { backend: 'leveldb', target: '/tmp/x' },
  workload: { objects: 10 },
  batchSize: 5,
  plannedBatches: 2,
  toolVersion: '0.0.0',
  nodeVersion: process.version,
  host: { hostname: 'h', platform: 'p', arch: 'a', cpus: 2, cpuModel: 'c', memoryBytes: 1 },
  startedAt: new Date().toISOString(),
  finishedAt: null,
  error: null,
});

test('a compare round-trips: settings, linked runs in target order, status and answer', async () => {
  const s = await ResultsStore.open(join(dir, 'a.db'));
  try {
    await recordCompare(s.db, {
      id: 'cmp1234567',
      settings: { targets: ['old', 'new'], phases: ['put'] },
      startedAt: '2026-01-01T00:00:00Z',
    });
    await s.createRun(run('run-b00000'));
    await s.createRun(run('run-a00000'));
    await s.createRun(run('unlinked00'));
    await linkCompareRun(s.db, 'cmp1234567', { target: 'new', position: 1, runId: 'run-b00000' });
    await linkCompareRun(s.db, 'cmp1234567', { target: 'old', position: 0, runId: 'run-a00000' });
    let c = await loadCompare(s.db, 'cmp1234567');
    assert.equal(c.status, 'running');
    assert.equal(c.result, null);
    assert.deepEqual(c.settings, { targets: ['old', 'new'], phases: ['put'] });
    assert.deepEqual(c.runs, [
      { target: 'old', position: 0, runId: 'run-a00000' },
      { target: 'new', position: 1, runId: 'run-b00000' },
    ]);
    await finishCompare(s.db, 'cmp1234567', 'completed', { verdict: 'PASS' });
    c = await loadCompare(s.db, 'cmp12');
    assert.equal(c.status, 'completed');
    assert.deepEqual(c.result, { verdict: 'PASS' });
    assert.ok(c.finishedAt !== null);
    assert.equal((await loadCompare(s.db, 'last')).id, 'cmp1234567');
    assert.equal(await compareOfRun(s.db, 'run-b00000'), 'cmp1234567');
    assert.equal(await compareOfRun(s.db, 'unlinked00'), null);
    await recordCompare(s.db, { id: 'cmp9', settings: {}, startedAt: '2026-01-02T00:00:00Z' });
    assert.deepEqual(
      (await listCompares(s.db)).map((x) => x.id),
      ['cmp1234567', 'cmp9'],
    );
    assert.equal((await loadCompare(s.db, 'last')).id, 'cmp9');
    await assert.rejects(
      loadCompare(s.db, 'cmp'),
      (e: unknown) => e instanceof IngestScaleError && e.code === 'E_COMPARE_NOT_FOUND' && /ambiguous/.test(e.message),
    );
    await assert.rejects(
      loadCompare(s.db, 'nope'),
      (e: unknown) => e instanceof IngestScaleError && e.code === 'E_COMPARE_NOT_FOUND' && e.exitCode === 2,
    );
  } finally {
    await s.close();
  }
});
