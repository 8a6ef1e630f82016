/**
 * Every wrong flag value, unknown backend, unreadable or malformed file gets one clear line that
 * names the flag or file, exit 2, no stack trace, and nothing written to the database.
 */
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fixture, runCli, tempDir, type CliResult } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

function assertUsageError(r: CliResult, mentions: RegExp): void {
  assert.equal(r.code, 2, `exit code; stderr: ${r.stderr}`);
  assert.match(r.stderr, mentions);
  assert.doesNotMatch(r.stderr, /\n\s+at .+:\d+:\d+/, 'no stack trace');
  assert.doesNotMatch(r.stderr, /internal error/);
  assert.equal(r.stdout, '');
}

const RUN_CASES: [string, string[], RegExp][] = [
  ['objects not a number', ['--objects', 'lots'], /--objects "lots" is not a whole number/],
  ['batch size zero', ['--batch-size', '0'], /--batch-size 0 is out of range/],
  [
    'batch size above objects',
    ['-n', '10', '--batch-size', '20'],
    /--batch-size \(20\) is larger than --objects \(10\)/,
  ],
  [
    'bad size unit',
    ['--datastream', 'OBJ:10XB'],
    /--datastream OBJ:10XB: size "10XB" is not a size[\s\S]*hint: write bytes/,
  ],
  ['datastream without size', ['--datastream', 'OBJ'], /expected ID:SIZE\[:KIND\]/],
  [
    'unknown content kind',
    ['--datastream', 'OBJ:1KiB:zipped'],
    /content kind "zipped" is unknown[\s\S]*random, compressible/,
  ],
  ['duplicate datastream id', ['--datastream', 'A:1KiB', '--datastream', 'A:2KiB'], /"A" appears twice/],
  ['unknown backend', ['--backend', 'cassandra'], /--backend "cassandra" is unknown[\s\S]*leveldb/],
  ['max growth not above 1', ['--max-growth', '0.9'], /--max-growth "0.9" is not valid/],
  ['error rate above 1', ['--max-error-rate', '5'], /--max-error-rate "5" is not valid/],
  ['unknown layout', ['--layout', 'spiral'], /spiral/],
  ['unknown flag', ['--objcts', '5'], /unknown option '--objcts'/],
  [
    'missing workload file',
    ['--workload', 'nowhere.json'],
    /cannot read workload file nowhere\.json \(ENOENT\)[\s\S]*--workload/,
  ],
];

for (const [name, args, mentions] of RUN_CASES) {
  test(`run: ${name} → exit 2, nothing written`, async () => {
    const db = join(tmp.dir, `run-${name.replace(/\W+/g, '-')}.db`);
    const r = await runCli(['run', ...args, '--db', db, '--data', join(tmp.dir, 'data-never')]);
    assertUsageError(r, mentions);
    assert.equal(existsSync(db), false, 'the database was not created');
    assert.equal(existsSync(join(tmp.dir, 'data-never')), false, 'no data directory was created');
  });
}

test('run: malformed workload file names the file and the field', async () => {
  const bad = join(tmp.dir, 'bad.json');
  writeFileSync(bad, '{ "objects": 100, "batchsize": 10 }');
  const r = await runCli(['run', '--workload', bad, '--db', join(tmp.dir, 'wf.db')]);
  assertUsageError(r, /workload file .*bad\.json: unknown field "batchsize"/);
  writeFileSync(bad, '{ "objects": 100, ');
  const r2 = await runCli(['run', '--workload', bad, '--db', join(tmp.dir, 'wf.db')]);
  assertUsageError(r2, /bad\.json: not valid JSON/);
  assert.equal(existsSync(join(tmp.dir, 'wf.db')), false);
});

test('import: malformed CSV stores nothing, and the database keeps its runs', async () => {
  const db = join(tmp.dir, 'import.db');
  const good = await runCli([
    'import',
    fixture('series/fedora3-vs-fedora4.csv'),
    '--column',
    'fedora3_ms',
    '--batch-size',
    '1000',
    '--db',
    db,
  ]);
  assert.equal(good.code, 0, good.stderr);
  const csv = join(tmp.dir, 'bad.csv');
  writeFileSync(csv, 'batch,ms\n1,100\n2,oops\n3,120\n');
  assertUsageError(
    await runCli(['import', csv, '--column', 'ms', '--batch-size', '10', '--db', db]),
    /bad\.csv: line 3: column "ms" has "oops"/,
  );
  assertUsageError(
    await runCli(['import', csv, '--column', 'millis', '--batch-size', '10', '--db', db]),
    /no column "millis"[\s\S]*batch, ms/,
  );
  assertUsageError(
    await runCli(['import', join(tmp.dir, 'none.csv'), '--column', 'ms', '--batch-size', '10', '--db', db]),
    /cannot read .*none\.csv/,
  );
  assertUsageError(
    await runCli(['import', csv, '--column', 'ms', '--batch-size', 'ten', '--db', db]),
    /--batch-size "ten"/,
  );
  assertUsageError(
    await runCli(['import', csv, '--batch-size', '10', '--db', db]),
    /bad\.csv: line 1: cannot tell which tool wrote it[\s\S]*--format csv --column NAME/,
  );
  const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as unknown[];
  assert.equal(runs.length, 1, 'only the good import is stored');
});

test('check: a missing database or an unknown run is a usage error', async () => {
  assertUsageError(
    await runCli(['check', 'last', '--db', join(tmp.dir, 'absent.db')]),
    /no results database at .*absent\.db[\s\S]*--db/,
  );
  assert.equal(existsSync(join(tmp.dir, 'absent.db')), false, 'check does not create a database');
  const db = join(tmp.dir, 'import.db');
  assertUsageError(await runCli(['check', 'zzzzzz', '--db', db]), /no run "zzzzzz"[\s\S]*ingest-scale runs/);
  assertUsageError(await runCli(['check', 'last', '--db', db, '--max-growth', 'big']), /--max-growth "big"/);
});

test('check: a file that is not a results database is refused', async () => {
  const notDb = join(tmp.dir, 'not-a-db.db');
  writeFileSync(notDb, 'this is text, not SQLite');
  assertUsageError(
    await runCli(['check', 'last', '--db', notDb]),
    /not-a-db\.db is not an ingest-scale results database: it is not a SQLite database/,
  );
});
