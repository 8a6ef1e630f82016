/**
 * `history` on imported series (fast, no store): several databases read together, one of them
 * untagged and one of the schema before tags; runs of another workload or without the tag named as
 * left out; --json valid against schemas/history.schema.json; exit codes 0, 1, 2, 3 and 4; and
 * `report --history` in markdown, json and html.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import { normalSource } from '../../src/analysis/seeded-normal.js';
import { REPO_ROOT, runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

/** Imports a 40-batch series into db tagged version=v: flat, or growing x3 over the fill when `grows`. */
async function importRun(
  db: string,
  v: string,
  repeat: number,
  grows: boolean,
  seed: number,
  name = 'series.csv',
): Promise<void> {
  const z = normalSource(seed);
  const run = 0.03 * z();
  const rows = Array.from({ length: 40 }, (_, i) =>
    (100 * (grows ? 1 + (2 * i) / 39 : 1) * Math.exp(run + 0.03 * z())).toFixed(3),
  );
  const dir = join(tmp.dir, `${v}-${repeat}-${seed}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), `ms\n${rows.join('\n')}\n`);
  const r = await runCli([
    'import',
    join(dir, name),
    '--column',
    'ms',
    '--batch-size',
    '100',
    '--db',
    db,
    '--tag',
    `version=${v}`,
  ]);
  assert.equal(r.code, 0, r.stderr);
}

interface HistoryJson {
  verdict: string;
  by: string;
  groups: { value: string; runs: number }[];
  changes: { at: string; metric: string }[];
  leftOut: { reason: string }[];
}

test('several databases together: 1.3.0 named for growth, exit 1; left-out runs named; --json valid', async () => {
  const a = join(tmp.dir, 'a.db');
  const b = join(tmp.dir, 'b.db');
  let seed = 1;
  for (const v of ['1.0.0', '1.1.0', '1.2.0']) for (const k of [1, 2]) await importRun(a, v, k, false, seed++);
  for (const v of ['1.3.0', '1.4.0']) for (const k of [1, 2]) await importRun(b, v, k, true, seed++);
  await importRun(b, '1.2.0', 3, false, seed++, 'other.csv'); // another workload (file name in the description)
  const untagged = await runCli([
    'import',
    join(tmp.dir, '1.0.0-1-1', 'series.csv'),
    '--column',
    'ms',
    '--batch-size',
    '100',
    '--db',
    b,
  ]);
  assert.equal(untagged.code, 0);
  const r = await runCli(['history', '--db', b, '--db', a, '--json']);
  assert.equal(r.code, 1, r.stderr);
  const h = JSON.parse(r.stdout) as HistoryJson;
  const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'schemas', 'history.schema.json'), 'utf8')) as object;
  const validate = new Ajv2020.default({ strict: false }).compile(schema);
  assert.ok(validate(h), JSON.stringify(validate.errors));
  assert.equal(h.by, 'version');
  assert.deepEqual(
    h.groups.map((g) => [g.value, g.runs]),
    [
      ['1.0.0', 2],
      ['1.1.0', 2],
      ['1.2.0', 2],
      ['1.3.0', 2],
      ['1.4.0', 2],
    ],
  );
  assert.deepEqual(
    h.changes.filter((c) => c.metric === 'growth').map((c) => c.at),
    ['1.3.0'],
  );
  assert.deepEqual(h.leftOut.map((l) => l.reason).sort(), ['no-tag', 'other-workload']);
  const text = await runCli(['history', '--db', a, '--db', b]);
  assert.equal(text.code, 1);
  assert.match(text.stdout, /^FAIL {2}history by version/);
  assert.match(text.stdout, /1\.3\.0 {2}growth x\d/);
  assert.match(text.stdout, /left out: 1 run\(s\) without tag version/);
  assert.match(text.stdout, /\^ = first group after a change/);
  const md = await runCli(['report', '--history', '--db', a, '--db', b]);
  assert.match(md.stdout, /## ingest-scale history by version: FAIL/);
  const html = await runCli(['report', '--history', '--db', a, '--db', b, '--format', 'html']);
  assert.equal(html.code, 0);
  assert.equal((html.stdout.match(/class="trend group-\d+"|group-\d+/g) ?? []).length > 0, true);
  const json = JSON.parse(
    (await runCli(['report', '--history', '--db', a, '--db', b, '--format', 'json'])).stdout,
  ) as HistoryJson;
  assert.equal(json.verdict, 'FAIL');
});

test('flat history: exit 0 without a change; one group: INCONCLUSIVE 3; bad input 2; unreadable database 4', async () => {
  const db = join(tmp.dir, 'flat.db');
  let seed = 100;
  for (const v of ['2.0', '2.1', '2.2', '2.3']) for (const k of [1, 2]) await importRun(db, v, k, false, seed++);
  const r = await runCli(['history', '--db', db, '--json', '--order', 'semver']);
  assert.equal(r.code, 0, r.stdout);
  assert.deepEqual((JSON.parse(r.stdout) as HistoryJson).changes, []);
  const one = join(tmp.dir, 'one.db');
  await importRun(one, '9.9', 1, false, 7);
  assert.equal((await runCli(['history', '--db', one])).code, 3);
  const bad = await runCli(['history', '--db', db, '--by', '9x']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /hint: /);
  assert.equal((await runCli(['history', '--db', db, '--order', 'alphabet'])).code, 2);
  assert.equal((await runCli(['history', '--db', db, '--from', 's3://bucket/x'])).code, 2);
  const junk = join(tmp.dir, 'junk.db');
  writeFileSync(junk, 'not a database at all, just text that is long enough to be read as a header');
  const unreadable = await runCli(['history', '--db', db, '--db', junk]);
  assert.equal(unreadable.code, 4, unreadable.stderr);
  assert.match(unreadable.stderr, /junk\.db/);
});
