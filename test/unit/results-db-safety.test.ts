/**
 * The results database is only ours: another program's file is refused without a byte written, an
 * ingest-scale database from before the marker is adopted, and ordinary trouble (full disk,
 * read-only, a lock held too long) is E_DB exit 4 naming the file, with finished batches intact.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sqlite3 from 'sqlite3';
import { IngestScaleError } from '../../src/errors.js';
import { ResultsStore } from '../../src/store/results-store.js';
import type { BatchRecord, OpRecord, RunRecord } from '../../src/model/records.js';
import { APPLICATION_ID, SCHEMA_VERSION } from '../../src/store/schema.js';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'ingest-scale-dbsafe-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');

function raw(path: string, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path);
    db.exec(sql, (err) => db.close(() => (err ? reject(err) : resolve())));
  });
}

const run = (id: string): RunRecord => ({
  id,
  label: null,
  source: 'run',
  status: 'running',
  backend: 'leveldb',
  target: 'x',
  targetInfo: null,
  workload: { objects: 10 },
  batchSize: 5,
  plannedBatches: 2,
  toolVersion: '0',
  nodeVersion: process.version,
  host: { hostname: 'h', platform: 'p', arch: 'a', cpus: 1, cpuModel: 'c', memoryBytes: 1 },
  startedAt: new Date().toISOString(),
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
  startedAt: null,
});
const ops = (n: number): OpRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'add-datastream',
    objectId: `object-with-a-longish-id-${i}`,
    objectIndex: i,
    datastreamId: 'OBJ',
    status: 'ok',
    bytes: 100,
    startMs: i + 0.25,
    ttfbMs: null,
    durationMs: 0.5,
    attempt: 1,
    errorCode: null,
    httpStatus: null,
  }));

const refusedUnchanged = async (path: string, re: RegExp): Promise<void> => {
  const before = sha(path);
  await assert.rejects(
    ResultsStore.open(path),
    (e: unknown) =>
      e instanceof IngestScaleError &&
      e.code === 'E_DB_NOT_OURS' &&
      e.exitCode === 2 &&
      e.message.includes(path) &&
      re.test(e.message),
  );
  assert.equal(sha(path), before, 'not a byte written');
  assert.equal(existsSync(`${path}-wal`), false, 'not switched to WAL');
  assert.equal(existsSync(`${path}-journal`), false);
};

test("another program's SQLite database, a text file and a file with another application_id are refused untouched", async () => {
  const other = join(dir, 'other.db');
  await raw(other, "CREATE TABLE runs (x); CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');");
  await refusedUnchanged(other, /holds other tables \(notes, runs\)/);
  const text = join(dir, 'notes.txt');
  writeFileSync(text, 'not a database at all, but long enough to have a header of a hundred bytes '.repeat(3));
  await refusedUnchanged(text, /not a SQLite database/);
  const marked = join(dir, 'marked.db');
  await raw(marked, 'PRAGMA application_id = 1234; CREATE TABLE t (x);');
  await refusedUnchanged(marked, /another program \(application_id 0x000004d2\)/);
});

test('a missing or empty file becomes a marked results database', async () => {
  const empty = join(dir, 'empty.db');
  writeFileSync(empty, '');
  const s = await ResultsStore.open(empty);
  assert.equal((await s.db.get<{ application_id: number }>('PRAGMA application_id'))?.application_id, APPLICATION_ID);
  await s.close();
  assert.equal(readFileSync(empty).readUInt32BE(68), APPLICATION_ID, 'the marker is in the file header');
});

test('an ingest-scale database from before the marker (schema v2) is adopted: migrated and marked, its runs kept', async () => {
  const path = join(dir, 'old.db');
  const s = await ResultsStore.open(path);
  await s.createRun(run('oldrun0001'));
  await s.close();
  await raw(
    path,
    'ALTER TABLE runs DROP COLUMN pid; ALTER TABLE runs DROP COLUMN run_host; ALTER TABLE runs DROP COLUMN heartbeat_at; ALTER TABLE runs DROP COLUMN settings; DROP TABLE intents; ' +
      'ALTER TABLE batches DROP COLUMN cpu_pressure; ALTER TABLE batches DROP COLUMN io_pressure; ALTER TABLE batches DROP COLUMN cpu_steal; ALTER TABLE batches DROP COLUMN others_cpu; ' +
      'ALTER TABLE batches DROP COLUMN load1; ALTER TABLE batches DROP COLUMN tool_cpu_ms_per_op; ALTER TABLE batches DROP COLUMN tool_cpu_wait; ' +
      'ALTER TABLE batches DROP COLUMN target_cpu; ALTER TABLE runs DROP COLUMN tags; ' +
      'ALTER TABLE runs DROP COLUMN compare_id; ALTER TABLE runs DROP COLUMN compare_target; ALTER TABLE runs DROP COLUMN compare_position; DROP TABLE compares; ' +
      'DROP TABLE shard_batches; DROP TABLE shards; DROP TABLE merged_edge_ops; ALTER TABLE ops DROP COLUMN shard; ' +
      'PRAGMA user_version = 2; PRAGMA application_id = 0;',
  );
  const r = await ResultsStore.open(path, 'read');
  assert.equal((await r.resolveRun('oldrun0001')).pid, null, 'a reader reads the old schema without migrating it');
  await r.close();
  const w = await ResultsStore.open(path);
  assert.equal((await w.db.get<{ user_version: number }>('PRAGMA user_version'))?.user_version, SCHEMA_VERSION);
  assert.equal((await w.db.get<{ application_id: number }>('PRAGMA application_id'))?.application_id, APPLICATION_ID);
  assert.equal((await w.resolveRun('oldrun0001')).id, 'oldrun0001');
  await w.close();
});

test('opening for reading writes nothing: no -wal or -shm file, the same bytes', async () => {
  const path = join(dir, 'ro.db');
  const s = await ResultsStore.open(path);
  await s.createRun(run('readonly01'));
  await s.recordBatch('readonly01', batch(1), ops(3));
  await s.close();
  assert.equal(existsSync(`${path}-wal`), false);
  const before = sha(path);
  const r = await ResultsStore.open(path, 'read');
  assert.equal((await r.listRuns()).length, 1);
  assert.equal((await r.batches('readonly01')).length, 1);
  await assert.rejects(
    r.db.exec('DELETE FROM runs'),
    (e: unknown) => e instanceof IngestScaleError && e.code === 'E_DB' && /read-only/.test(e.message),
  );
  await r.close();
  assert.equal(existsSync(`${path}-wal`), false);
  assert.equal(existsSync(`${path}-shm`), false);
  assert.equal(sha(path), before);
});

test('a full disk is E_DB exit 4 naming the file; the batches recorded before it are intact', async () => {
  const path = join(dir, 'full.db');
  const s = await ResultsStore.open(path);
  await s.createRun(run('fulldisk01'));
  await s.recordBatch('fulldisk01', batch(1), ops(10));
  const pages = (await s.db.get<{ page_count: number }>('PRAGMA page_count'))?.page_count ?? 0;
  await s.db.exec(`PRAGMA max_page_count = ${pages}`); // the file may not grow: what a full disk looks like to SQLite
  await assert.rejects(
    s.recordBatch('fulldisk01', batch(2), ops(5000)),
    (e: unknown) =>
      e instanceof IngestScaleError &&
      e.code === 'E_DB' &&
      e.exitCode === 4 &&
      e.message.includes(path) &&
      /disk is full \(SQLITE_FULL\)/.test(e.message),
  );
  assert.deepEqual(
    (await s.batches('fulldisk01')).map((b) => b.index),
    [1],
  );
  assert.equal((await s.ops('fulldisk01')).length, 10);
  await s.close();
});

test('a lock held too long by another process is E_DB exit 4 naming the cause', async () => {
  const path = join(dir, 'locked.db');
  const s = await ResultsStore.open(path);
  await s.db.exec('PRAGMA busy_timeout = 50');
  const other = new sqlite3.Database(path);
  await new Promise<void>((resolve, reject) => other.exec('BEGIN IMMEDIATE', (err) => (err ? reject(err) : resolve())));
  try {
    await assert.rejects(
      s.createRun(run('lockedrun1')),
      (e: unknown) =>
        e instanceof IngestScaleError &&
        e.exitCode === 4 &&
        /held a lock on it/.test(e.message) &&
        e.message.includes(path),
    );
  } finally {
    await new Promise<void>((resolve) => other.exec('ROLLBACK', () => other.close(() => resolve())));
    await s.close();
  }
});
