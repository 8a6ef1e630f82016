/**
 * The results database through the real binary: `run` refuses another program's SQLite file with
 * exit 2 naming it and leaves it byte for byte; the reading commands work on a database in a
 * read-only folder and create no -wal or -shm file beside it.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sqlite3 from 'sqlite3';
import { runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => {
  chmodSync(join(tmp.dir, 'ro'), 0o755);
  tmp.cleanup();
});

const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');

test('run --db on another program\'s SQLite file: exit 2 naming the file, not a byte written', async () => {
  const path = join(tmp.dir, 'calendar.db');
  await new Promise<void>((resolve, reject) => {
    const db = new sqlite3.Database(path);
    db.exec("CREATE TABLE events (at TEXT, what TEXT); INSERT INTO events VALUES ('today', 'keep')", (err) => db.close(() => (err ? reject(err) : resolve())));
  });
  const before = sha(path);
  const r = await runCli(['run', '-n', '10', '--batch-size', '5', '--db', path, '--data', join(tmp.dir, 'store')]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not an ingest-scale results database: it holds other tables \\(events\\)`));
  assert.doesNotMatch(r.stderr, /internal error|at .*\.js:\d+/);
  assert.equal(sha(path), before);
  assert.deepEqual(readdirSync(tmp.dir).filter((f) => f.startsWith('calendar.db')), ['calendar.db']);
});

test('runs, check, report and chart read a database in a read-only folder and write nothing beside it', async () => {
  const dir = join(tmp.dir, 'ro');
  mkdirSync(dir);
  const db = join(dir, 'r.db');
  const made = await runCli(['run', '-n', '60', '--batch-size', '5', '--datastream', 'D:128', '--no-stop-early', '--db', db, '--data', join(tmp.dir, 'store2'), '--json']);
  assert.ok([0, 1, 3].includes(made.code ?? -1), made.stderr);
  chmodSync(db, 0o444);
  chmodSync(dir, 0o555);
  const before = sha(db);
  for (const args of [['runs'], ['check', 'last'], ['report', 'last', '--format', 'json'], ['chart', 'last']]) {
    const r = await runCli([...args, '--db', db]);
    assert.ok([0, 1, 3].includes(r.code ?? -1), `${args.join(' ')}: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /internal error/);
  }
  assert.deepEqual(readdirSync(dir), ['r.db'], 'no -wal, -shm or journal file');
  assert.equal(sha(db), before);
  assert.equal(existsSync(`${db}-shm`), false);
});
