/**
 * `runs delete RUN`: forgets a run's records in one go — at once for an import or an embedded store
 * whose data directory is gone, only with --keep-target while the target may hold its objects, never
 * for a run whose process is alive.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sqlite3 from 'sqlite3';
import { ResultsStore } from '../../src/store/results-store.js';
import { fixture, runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

function count(db: string, table: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const d = new sqlite3.Database(db, sqlite3.OPEN_READONLY);
    d.get(`SELECT COUNT(*) AS n FROM ${table}`, (err: Error | null, row: { n: number }) =>
      d.close(() => (err ? reject(err) : resolve(row.n))),
    );
  });
}

test('an import is forgotten at once: its run, batches and operations', async () => {
  const db = join(tmp.dir, 'i.db');
  const imp = await runCli([
    'import',
    fixture('series/fedora3-vs-fedora4.csv'),
    '--column',
    'fedora4_minimal_ms',
    '--batch-size',
    '1000',
    '--db',
    db,
  ]);
  assert.equal(imp.code, 0, imp.stderr);
  const r = await runCli(['runs', 'delete', 'last', '--db', db]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^forgot run [0-9a-z]{10}: 25 batches, 0 operation records$/m);
  assert.deepEqual([await count(db, 'runs'), await count(db, 'batches')], [0, 0]);
});

test('a run whose objects may be on its target needs --keep-target; once its data directory is gone it does not', async () => {
  const db = join(tmp.dir, 'r.db');
  const data = join(tmp.dir, 'store');
  const made = await runCli([
    'run',
    '-n',
    '40',
    '--batch-size',
    '4',
    '--datastream',
    'D:128',
    '--db',
    db,
    '--data',
    data,
    '--no-stop-early',
  ]);
  assert.ok([0, 1, 3].includes(made.code ?? -1), made.stderr);
  const refused = await runCli(['runs', 'delete', 'last', '--db', db]);
  assert.equal(refused.code, 2);
  assert.match(
    refused.stderr,
    /stored objects on .*store; its records are what `clean` finds them by[\s\S]*--keep-target/,
  );
  assert.deepEqual(
    [await count(db, 'runs'), await count(db, 'batches'), await count(db, 'ops')],
    [1, 10, 80],
    'nothing forgotten',
  );
  const kept = await runCli(['runs', 'delete', 'last', '--db', db, '--keep-target']);
  assert.equal(kept.code, 0, kept.stderr);
  assert.match(
    kept.stdout,
    /forgot run [0-9a-z]{10}: 10 batches, 80 operation records \(its objects on .*store were not touched\)/,
  );
  assert.deepEqual([await count(db, 'runs'), await count(db, 'batches'), await count(db, 'ops')], [0, 0, 0]);

  const again = await runCli([
    'run',
    '-n',
    '40',
    '--batch-size',
    '4',
    '--datastream',
    'D:128',
    '--db',
    db,
    '--data',
    join(tmp.dir, 'store2'),
    '--no-stop-early',
  ]);
  assert.ok([0, 1, 3].includes(again.code ?? -1), again.stderr);
  rmSync(join(tmp.dir, 'store2'), { recursive: true, force: true });
  const gone = await runCli(['runs', 'delete', 'last', '--db', db]);
  assert.equal(gone.code, 0, gone.stderr);
});

test('a run whose process is alive is refused', async () => {
  const db = join(tmp.dir, 'live.db');
  const store = await ResultsStore.open(db);
  await store.createRun({
    id: 'liverun001',
    label: null,
    source: 'run',
    status: 'running',
    backend: 'leveldb',
    target: join(tmp.dir, 'nowhere'),
    targetInfo: null,
    workload: { objects: 10 },
    batchSize: 1,
    plannedBatches: 10,
    toolVersion: '0',
    nodeVersion: process.version,
    host: { hostname: 'h', platform: 'p', arch: 'a', cpus: 1, cpuModel: 'c', memoryBytes: 1 },
    startedAt: new Date().toISOString(),
    finishedAt: null,
    error: null,
    pid: process.pid,
    runHost: hostname(),
    heartbeatAt: new Date().toISOString(),
  });
  await store.close();
  const r = await runCli(['runs', 'delete', 'liverun001', '--db', db, '--keep-target']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /run liverun001 is still running \(pid \d+ on /);
  assert.equal(await count(db, 'runs'), 1);
});
