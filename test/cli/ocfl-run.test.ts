/**
 * `run --backend ocfl` through the real binary: a pairtree (0004) fill with the update probe and
 * readback verification leaves a storage root that the independent checker (test/helpers/ocfl-check.ts)
 * finds valid, with the objects the probe updated at a second version; `clean last` leaves the root
 * without an object. A directory that is neither empty nor an OCFL root is refused with exit 2; a
 * run killed inside a batch resumes to the object set of an uninterrupted run.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { killAfter } from '../helpers/kill-run.js';
import { checkOcflRoot } from '../helpers/ocfl-check.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

const FILL = ['--datastream', 'A:4KiB', '--datastream', 'B:1KiB:compressible', '--no-chart'];

test('a pairtree fill with --probe update is a valid OCFL root with second versions; clean last empties it', async () => {
  const db = join(tmp.dir, 'fill.db');
  const root = join(tmp.dir, 'fill');
  const args = ['run', '--backend', 'ocfl', '--data', root, '--layout', 'pairtree', '-n', '300'];
  const r = await runCli([
    ...args,
    '--batch-size',
    '30',
    ...FILL,
    '--probe',
    'update',
    '--verify',
    'readback',
    '--db',
    db,
    '--json',
  ]);
  assert.ok([0, 1, 3].includes(r.code ?? -1), r.stderr);
  const out = JSON.parse(r.stdout) as { status: string; objects: number; failedOps: number };
  assert.deepEqual([out.status, out.objects, out.failedOps], ['completed', 300, 0]);

  const check = checkOcflRoot(root);
  assert.deepEqual(check.problems, []);
  assert.equal(check.objects.size, 300);
  const updated = [...check.objects.values()].filter((versions) => versions >= 2).length;
  assert.ok(updated > 0, 'the update probe made second versions');
  assert.equal(readdirSync(join(root, 'extensions')).join(), '0004-hashed-n-tuple-storage-layout');

  const clean = await runCli(['clean', 'last', '--db', db]);
  assert.equal(clean.code, 0, clean.stderr);
  assert.equal(checkOcflRoot(root).objects.size, 0);
  assert.deepEqual(readdirSync(root).sort(), ['0=ocfl_1.1', 'extensions', 'ocfl_layout.json']);
});

test('a directory that is not empty and not an OCFL root is refused with exit 2, naming --data', async () => {
  const dir = join(tmp.dir, 'mine');
  mkdirSync(dir);
  writeFileSync(join(dir, 'notes.txt'), 'keep me');
  const small = ['-n', '20', '--batch-size', '2', '--db', join(tmp.dir, 'no.db')];
  const r = await runCli(['run', '--backend', 'ocfl', '--data', dir, ...small]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--data .*mine is not empty and is not an OCFL storage root/);
  assert.deepEqual(readdirSync(dir), ['notes.txt']);
});

test('killed inside a batch, resumed: the objects of an uninterrupted run, and a valid root', async () => {
  const db = join(tmp.dir, 'resume.db');
  const root = join(tmp.dir, 'resume');
  const n = 1000;
  const args = ['run', '--backend', 'ocfl', '--data', root, '--layout', 'flat', '-n', String(n), '--batch-size', '50'];
  await killAfter(tmp.dir, [...args, ...FILL, '--no-stop-early', '--db', db], 3, 300_000, true);
  const r = await runCli(['run', '--resume', 'last', '--db', db, '--no-chart', '--json']);
  assert.ok([0, 1, 3].includes(r.code ?? -1), r.stderr);
  const out = JSON.parse(r.stdout) as { runId: string; status: string; objects: number };
  assert.deepEqual([out.status, out.objects], ['completed', n]);
  const check = checkOcflRoot(root);
  assert.deepEqual(check.problems, []);
  const prefix = `${out.runId.slice(0, 6)}-`;
  assert.deepEqual(new Set(check.objects.keys()), new Set(Array.from({ length: n }, (_, i) => `${prefix}${i}`)));
  assert.deepEqual(readdirSync(join(root, 'extensions')), ['0002-flat-direct-storage-layout'], 'no staged leftovers');
});
