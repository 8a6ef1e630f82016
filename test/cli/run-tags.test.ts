/**
 * Run tags: `run --tag KEY=VALUE` stored with the run (schema 10) and shown by `runs`, `check --json`
 * and every report format; `import --tag`; bad keys and values refused with exit 2 and a hint; a
 * database of the schema before tags (v9) still read, and migrated when written.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { SqliteDb } from '../../src/store/sqlite.js';
import { fixture, runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

const quickRun = (db: string, ...tags: string[]): string[] => [
  'run',
  '--workload',
  fixture('workloads/quick.json'),
  '-n',
  '200',
  '--db',
  db,
  '--no-chart',
  '--json',
  ...tags.flatMap((t) => ['--tag', t]),
];

test('run --tag: stored, listed by runs, in check --json and in every report format', async () => {
  const db = join(tmp.dir, 'tags.db');
  const r = await runCli(quickRun(db, 'version=6.5.1', 'commit=3f2a9c1'));
  assert.ok(r.code === 0 || r.code === 1 || r.code === 3, r.stderr);
  const id = (JSON.parse(r.stdout) as { runId: string; tags: Record<string, string> }).runId;
  assert.deepEqual(JSON.parse(r.stdout).tags, { version: '6.5.1', commit: '3f2a9c1' });

  const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as { tags: unknown }[];
  assert.deepEqual(runs[0]?.tags, { version: '6.5.1', commit: '3f2a9c1' });
  assert.match((await runCli(['runs', '--db', db])).stdout, /version=6\.5\.1 commit=3f2a9c1/);

  const check = JSON.parse((await runCli(['check', id, '--db', db, '--json'])).stdout) as { tags: unknown };
  assert.deepEqual(check.tags, { version: '6.5.1', commit: '3f2a9c1' });

  const json = JSON.parse((await runCli(['report', id, '--db', db, '--format', 'json'])).stdout);
  assert.deepEqual(json.run.tags, { version: '6.5.1', commit: '3f2a9c1' });
  assert.match((await runCli(['report', id, '--db', db])).stdout, /\| Tags \| version=6\.5\.1 commit=3f2a9c1 \|/);
  const junit = (await runCli(['report', id, '--db', db, '--format', 'junit'])).stdout;
  assert.match(junit, /<property name="tag.version" value="6.5.1"\/>/);
  assert.match((await runCli(['report', id, '--db', db, '--format', 'html'])).stdout, /version=6\.5\.1 commit=3f2a9c1/);
});

test('bad tags: exit 2 with E_BAD_TAG naming the flag, no stack trace, nothing written', async () => {
  const db = join(tmp.dir, 'bad.db');
  for (const bad of ['1version=x', 'version', 'version=', `v=${'x'.repeat(201)}`, 'v=a\u0007b', '-x=1']) {
    const r = await runCli(quickRun(db, bad));
    assert.equal(r.code, 2, `${bad}: ${r.stderr}`);
    assert.match(r.stderr, /--tag/, bad);
    assert.match(r.stderr, /hint: /, bad);
    assert.doesNotMatch(r.stderr, /\n\s+at /, bad);
  }
  const twice = await runCli(quickRun(db, 'version=1', 'version=2'));
  assert.equal(twice.code, 2);
  assert.match(twice.stderr, /given twice/);
  const csv = join(tmp.dir, 's.csv');
  writeFileSync(csv, 'ms\n10\n11\n12\n');
  const imp = await runCli(['import', csv, '--column', 'ms', '--batch-size', '10', '--db', db, '--tag', 'a b=1']);
  assert.equal(imp.code, 2, imp.stderr);
  assert.match(imp.stderr, /tag key "a b"/);
});

test('import --tag: the imported run carries its tags', async () => {
  const db = join(tmp.dir, 'import.db');
  const csv = join(tmp.dir, 'series.csv');
  writeFileSync(csv, `ms\n${Array.from({ length: 12 }, (_, i) => 100 + i).join('\n')}\n`);
  const r = await runCli([
    'import',
    csv,
    '--column',
    'ms',
    '--batch-size',
    '10',
    '--db',
    db,
    '--tag',
    'version=2.0',
    '--json',
  ]);
  assert.equal(r.code, 0, r.stderr);
  const check = JSON.parse((await runCli(['check', 'last', '--db', db, '--json'])).stdout) as { tags: unknown };
  assert.deepEqual(check.tags, { version: '2.0' });
});

test('a database of the schema before tags (v9) is read (tags {}), and migrated when a tagged run is added', async () => {
  const db = join(tmp.dir, 'old.db');
  assert.equal((await runCli(quickRun(db))).code !== 2, true);
  // turn it into the v9 schema exactly: no tags column
  const raw = await SqliteDb.open(db, 'readwrite');
  await raw.exec('ALTER TABLE runs DROP COLUMN tags; PRAGMA user_version = 9;');
  await raw.close();
  const runs = await runCli(['runs', '--db', db, '--json']);
  assert.equal(runs.code, 0, runs.stderr);
  assert.deepEqual((JSON.parse(runs.stdout) as { tags: unknown }[])[0]?.tags, {});
  assert.deepEqual(JSON.parse((await runCli(['check', 'last', '--db', db, '--json'])).stdout).tags, {});
  const r = await runCli(quickRun(db, 'version=1.0.0'));
  assert.notEqual(r.code, 2, r.stderr);
  const after2 = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as { tags: unknown }[];
  assert.deepEqual(
    after2.map((x) => x.tags),
    [{}, { version: '1.0.0' }],
  );
});
