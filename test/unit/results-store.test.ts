/** The SQLite results store: schema version, WAL, atomic batches, run lookup. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sqlite3 from 'sqlite3';
import { ResultsStore } from '../../src/store/results-store.js';
import type { BatchRecord, OpRecord, RunRecord } from '../../src/model/records.js';
import { SCHEMA_VERSION } from '../../src/store/schema.js';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'ingest-scale-store-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const run = (id: string, startedAt: string): RunRecord => ({
  id,
  label: `label-${id}`,
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
  startedAt,
  finishedAt: null,
  error: null,
});

const batch = (index: number): BatchRecord => ({
  index,
  objects: 5,
  objectsBefore: (index - 1) * 5,
  bytes: 500,
  wallMs: 12.5,
  okOps: 10,
  failedOps: 0,
  retriedOps: 0,
  p50Ms: 1,
  p95Ms: 2,
  p99Ms: 3,
  startedAt: new Date().toISOString(),
});

const op = (i: number): OpRecord => ({
  kind: 'add-datastream',
  objectId: `o${i}`,
  objectIndex: i,
  datastreamId: 'OBJ',
  status: 'ok',
  bytes: 100,
  startMs: i,
  ttfbMs: null,
  durationMs: 0.5,
  attempt: 1,
  errorCode: null,
  httpStatus: null,
});

function rawCount(path: string, sql: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path, sqlite3.OPEN_READONLY);
    db.get(sql, (err: Error | null, row: { n: number }) => {
      db.close();
      if (err) reject(err);
      else resolve(row.n);
    });
  });
}

test('a new database gets the schema version, WAL, and round-trips a run with its batches and ops', async () => {
  const path = join(dir, 'a.db');
  const s = await ResultsStore.open(path);
  assert.equal((await s.db.get<{ user_version: number }>('PRAGMA user_version'))?.user_version, SCHEMA_VERSION);
  assert.equal((await s.db.get<{ journal_mode: string }>('PRAGMA journal_mode'))?.journal_mode, 'wal');
  await s.createRun(run('aaaa111111', '2026-01-01T00:00:00Z'));
  await s.recordBatch(
    'aaaa111111',
    batch(1),
    Array.from({ length: 1203 }, (_, i) => op(i)),
  );
  await s.recordBatch('aaaa111111', batch(2), [op(0)]);
  await s.finishRun('aaaa111111', 'completed');
  const r = await s.resolveRun('aaaa111111');
  assert.equal(r.status, 'completed');
  assert.deepEqual(r.workload, { objects: 10 });
  assert.deepEqual(
    (await s.batches(r.id)).map((b) => [b.index, b.wallMs, b.p99Ms]),
    [
      [1, 12.5, 3],
      [2, 12.5, 3],
    ],
  );
  assert.equal((await s.ops(r.id, 1)).length, 1203, 'ops inserted in several multi-row statements');
  const [summary] = await s.listRuns();
  assert.equal(summary?.batches, 2);
  assert.equal(summary?.objects, 10);
  await s.close();
});

test('a batch whose operations cannot all be written leaves no batch and no operations behind', async () => {
  const path = join(dir, 'atomic.db');
  const s = await ResultsStore.open(path);
  await s.createRun(run('bbbb222222', '2026-01-01T00:00:00Z'));
  const ops = Array.from({ length: 900 }, (_, i) => op(i));
  (ops[850] as unknown as { status: null }).status = null; // NOT NULL violation in the second insert statement
  await assert.rejects(s.recordBatch('bbbb222222', batch(1), ops), /NOT NULL/);
  assert.equal((await s.batches('bbbb222222')).length, 0);
  assert.equal((await s.ops('bbbb222222')).length, 0);
  await s.recordBatch('bbbb222222', batch(1), ops.slice(0, 800));
  await s.close();
  assert.equal(await rawCount(path, "SELECT COUNT(*) AS n FROM ops WHERE run_id = 'bbbb222222'"), 800);
});

test('runs resolve by id, by unique prefix and by "last"; ambiguity and absence are usage errors', async () => {
  const s = await ResultsStore.open(join(dir, 'resolve.db'));
  await s.createRun(run('abc0000001', '2026-01-01T00:00:00Z'));
  await s.createRun(run('abc0000002', '2026-01-02T00:00:00Z'));
  await s.createRun(run('xyz0000003', '2026-01-01T12:00:00Z'));
  assert.equal((await s.resolveRun('last')).id, 'abc0000002');
  assert.equal((await s.resolveRun('xyz')).id, 'xyz0000003');
  assert.equal((await s.resolveRun('abc0000001')).id, 'abc0000001');
  await assert.rejects(
    s.resolveRun('abc'),
    (e: Error & { code?: string }) => e.code === 'E_RUN_NOT_FOUND' && /ambiguous/.test(e.message),
  );
  await assert.rejects(s.resolveRun('nope'), (e: Error & { code?: string }) => e.code === 'E_RUN_NOT_FOUND');
  await assert.rejects(
    s.resolveRun('%'),
    (e: Error & { code?: string }) => e.code === 'E_RUN_NOT_FOUND',
    'LIKE wildcards are escaped',
  );
  await s.close();
});

test('a database from a newer schema is refused, not migrated down', async () => {
  const path = join(dir, 'newer.db');
  const s = await ResultsStore.open(path);
  await s.db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
  await s.close();
  await assert.rejects(
    ResultsStore.open(path),
    (e: Error & { code?: string }) => e.code === 'E_DB' && /newer than this tool/.test(e.message),
  );
});
