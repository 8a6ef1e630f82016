/**
 * `check --baseline` and `report --baseline` through the real binary: exit codes of the paired
 * scaling gate, the level gate only on request, and the refusal to compare different workloads.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fixture, runCli, tempDir } from '../helpers/cli.js';

const CSV = fixture('series/fedora3-vs-fedora4.csv');
let tmp: ReturnType<typeof tempDir>;
let db: string;
const ids: Record<string, string> = {};

async function imp(file: string, column: string, batchSize: number, name: string): Promise<void> {
  const r = await runCli([
    'import',
    file,
    '--column',
    column,
    '--batch-size',
    String(batchSize),
    '--db',
    db,
    '--json',
    '--label',
    name,
  ]);
  assert.equal(r.code, 0, r.stderr);
  ids[name] = JSON.parse(r.stdout).runId;
}

before(async () => {
  tmp = tempDir();
  db = join(tmp.dir, 'b.db');
  await imp(CSV, 'fedora3_ms', 1000, 'f3');
  await imp(CSV, 'fedora4_minimal_ms', 1000, 'f4');
  await imp(CSV, 'fedora4_minimal_ms', 500, 'f4-half-batches');
  // Fedora 3's series, 20% slower at every batch: the same scaling, a different level
  const slow = join(tmp.dir, 'slow.csv');
  const rows = (await import('node:fs'))
    .readFileSync(CSV, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => Math.round(Number(l.split(',')[1]) * 1.2));
  writeFileSync(slow, `ms\n${rows.join('\n')}\n`);
  await imp(slow, 'ms', 1000, 'f3-slower');
});
after(() => tmp.cleanup());

test('Fedora 4 against Fedora 3: the paired scaling regression FAILs, exit 1', async () => {
  const r = await runCli(['check', ids.f4!, '--baseline', ids.f3!, '--db', db, '--json']);
  assert.equal(r.code, 1, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.verdict, 'FAIL');
  assert.equal(j.baseline.runId, ids.f3);
  assert.equal(j.baseline.scaling.verdict, 'FAIL');
  assert.equal(j.baseline.level.verdict, null, 'the level is reported, not gated, without --max-level-change');
});

test('a uniformly slower run of the same shape passes on scaling; --max-level-change gates the level', async () => {
  const plain = await runCli(['check', ids['f3-slower']!, '--baseline', ids.f3!, '--db', db, '--json']);
  assert.equal(plain.code, 0, plain.stderr);
  const j = JSON.parse(plain.stdout);
  assert.ok(['PASS', 'WARN'].includes(j.verdict));
  assert.ok(Math.abs(j.baseline.level.ratio - 1.2) < 0.01, `level ratio ${j.baseline.level.ratio}`);
  const gated = await runCli([
    'check',
    ids['f3-slower']!,
    '--baseline',
    ids.f3!,
    '--db',
    db,
    '--max-level-change',
    '0.1',
    '--json',
  ]);
  assert.equal(gated.code, 1);
  assert.equal(JSON.parse(gated.stdout).baseline.level.verdict, 'FAIL');
  const loose = await runCli([
    'check',
    ids['f3-slower']!,
    '--baseline',
    ids.f3!,
    '--db',
    db,
    '--max-level-change',
    '0.5',
  ]);
  assert.equal(loose.code, 0, loose.stdout);
});

test('different workloads are refused with exit 2 and the difference named; --force compares anyway', async () => {
  const r = await runCli(['check', ids['f4-half-batches']!, '--baseline', ids.f3!, '--db', db]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /ran different workloads: .*batch size[\s\S]*--force/i);
  const forced = await runCli([
    'check',
    ids['f4-half-batches']!,
    '--baseline',
    ids.f3!,
    '--db',
    db,
    '--force',
    '--json',
  ]);
  assert.ok([0, 1, 3].includes(forced.code ?? -1), forced.stderr);
  const report = await runCli([
    'report',
    ids['f4-half-batches']!,
    '--baseline',
    ids.f3!,
    '--db',
    db,
    '--format',
    'json',
  ]);
  assert.equal(report.code, 2, 'report refuses the same way');
});

test('report --format junit with a baseline writes a file with the growth and baseline scaling testcases', async () => {
  const out = join(tmp.dir, 'r.xml');
  const r = await runCli(['report', ids.f4!, '--baseline', ids.f3!, '--db', db, '--format', 'junit', '-o', out]);
  assert.equal(r.code, 0, r.stderr);
  const xml = (await import('node:fs')).readFileSync(out, 'utf8');
  assert.match(xml, /<testcase[^>]*name="growth"[\s\S]*<failure/);
  assert.match(xml, /<testcase[^>]*name="baseline scaling"/);
});
