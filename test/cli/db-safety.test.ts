/**
 * The results database through the real binary: `run` refuses another program's SQLite file with
 * exit 2 naming it and leaves it byte for byte; the reading commands work on a database in a
 * read-only folder and create no -wal or -shm file beside it.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sqlite3 from 'sqlite3';
import { BIN, runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => {
  for (const d of ['ro', 'nobody']) if (existsSync(join(tmp.dir, d))) chmodSync(join(tmp.dir, d), 0o755);
  tmp.cleanup();
});

const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');

test("run --db on another program's SQLite file: exit 2 naming the file, not a byte written", async () => {
  const path = join(tmp.dir, 'calendar.db');
  await new Promise<void>((resolve, reject) => {
    const db = new sqlite3.Database(path);
    db.exec("CREATE TABLE events (at TEXT, what TEXT); INSERT INTO events VALUES ('today', 'keep')", (err) =>
      db.close(() => (err ? reject(err) : resolve())),
    );
  });
  const before = sha(path);
  const r = await runCli(['run', '-n', '10', '--batch-size', '5', '--db', path, '--data', join(tmp.dir, 'store')]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(
    r.stderr,
    new RegExp(
      `${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not an ingest-scale results database: it holds other tables \\(events\\)`,
    ),
  );
  assert.doesNotMatch(r.stderr, /internal error|at .*\.js:\d+/);
  assert.equal(sha(path), before);
  assert.deepEqual(
    readdirSync(tmp.dir).filter((f) => f.startsWith('calendar.db')),
    ['calendar.db'],
  );
});

test('runs, check, report and chart read a database in a read-only folder and write nothing beside it', async () => {
  const dir = join(tmp.dir, 'ro');
  mkdirSync(dir);
  const db = join(dir, 'r.db');
  const made = await runCli([
    'run',
    '-n',
    '60',
    '--batch-size',
    '5',
    '--datastream',
    'D:128',
    '--no-stop-early',
    '--db',
    db,
    '--data',
    join(tmp.dir, 'store2'),
    '--json',
  ]);
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

/** As an unprivileged user (the tests run as root, for whom file modes stop nothing). */
const asNobody = (args: string[]): { code: number | null; stdout: string; stderr: string } => {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    uid: 65534,
    gid: 65534,
    encoding: 'utf8',
    cwd: tmp.dir,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
const root = process.getuid?.() === 0;

test(
  "truly read-only (another user's 444 file in a 555 folder): runs and check read it; run is E_DB exit 4 naming the file and the cause",
  { skip: root ? false : 'needs root to run a command as another user' },
  async () => {
    const dir = join(tmp.dir, 'nobody');
    mkdirSync(dir);
    const db = join(dir, 'r.db');
    const made = await runCli([
      'run',
      '-n',
      '40',
      '--batch-size',
      '4',
      '--datastream',
      'D:64',
      '--no-stop-early',
      '--db',
      db,
      '--data',
      join(tmp.dir, 'store3'),
    ]);
    assert.ok([0, 1, 3].includes(made.code ?? -1), made.stderr);
    chmodSync(db, 0o444);
    chmodSync(dir, 0o555);
    chmodSync(tmp.dir, 0o755);
    const before = sha(db);
    const runs = asNobody(['runs', '--db', db, '--json']);
    assert.equal(runs.code, 0, runs.stderr);
    assert.equal((JSON.parse(runs.stdout) as unknown[]).length, 1);
    const check = asNobody(['check', 'last', '--db', db]);
    assert.ok([0, 1, 3].includes(check.code ?? -1), check.stderr);
    const w = asNobody(['run', '-n', '20', '--batch-size', '2', '--datastream', 'D:64', '--db', db, '--data', '/tmp']);
    assert.equal(w.code, 4, w.stderr);
    assert.match(
      w.stderr,
      new RegExp(
        `results database ${db.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the file or its storage is read-only \\(SQLITE_READONLY\\)`,
      ),
    );
    assert.doesNotMatch(w.stderr, /internal error/);
    assert.deepEqual(readdirSync(dir), ['r.db']);
    assert.equal(sha(db), before);
  },
);
