/**
 * `run` end to end through the real binary on the embedded store: batches recorded, the verdict
 * printed and reflected in the exit code, the run listed, `check` agreeing with `run`.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fixture, runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

test('run --json on the quick workload records 20 batches and returns a verdict whose exit code matches', async () => {
  const db = join(tmp.dir, 'r.db');
  const data = join(tmp.dir, 'store');
  const r = await runCli([
    'run',
    '--workload',
    fixture('workloads/quick.json'),
    '--db',
    db,
    '--data',
    data,
    '--verify',
    'readback',
    '--no-stop-early',
    '--json',
  ]);
  const out = JSON.parse(r.stdout);
  assert.equal(out.status, 'completed', r.stderr);
  assert.equal(out.batches, 20);
  assert.equal(out.objects, 400);
  assert.equal(out.bytes, 400 * 4096);
  assert.equal(out.failedOps, 0);
  assert.ok(['PASS', 'WARN', 'FAIL'].includes(out.verdict), out.verdict);
  assert.equal(r.code, { PASS: 0, WARN: 0, FAIL: 1 }[out.verdict as 'PASS']);
  assert.ok(existsSync(data), '--data keeps the store');

  const check = await runCli(['check', out.runId, '--db', db, '--json']);
  const g = JSON.parse(check.stdout);
  assert.equal(g.verdict, out.verdict, 'check on the stored run agrees with run');
  assert.equal(g.growthRatio, out.growthRatio);

  const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as {
    id: string;
    status: string;
    batches: number;
    objects: number;
  }[];
  assert.deepEqual(
    runs.map((x) => [x.id, x.status, x.batches, x.objects]),
    [[out.runId, 'completed', 20, 400]],
  );
});

test('run prints a chart and the verdict in text, and removes its default data directory', async () => {
  const r = await runCli(
    [
      'run',
      '-n',
      '300',
      '--batch-size',
      '25',
      '--datastream',
      'OBJ:2KiB',
      '--datastream',
      'TXT:uniform:100-3000:compressible',
      '--db',
      join(tmp.dir, 't.db'),
      '--label',
      'text-run',
    ],
    { cwd: tmp.dir },
  );
  assert.ok([0, 1].includes(r.code ?? -1), r.stderr);
  assert.match(r.stdout, /^run [0-9a-z]{10} completed: 300 objects, /m);
  assert.match(r.stdout, /300 objects stored/);
  assert.match(r.stdout, /text-run \([0-9a-z]{10}\): per-batch time, 12 batches of 25/);
  assert.match(r.stdout, /^(PASS|WARN|FAIL)( \(underpowered: could only see x[\d.]+\))? {2}text-run: /m);
  // the default store lives in reports/data/<run id> under the working directory and is removed after the run
  assert.deepEqual(readdirSync(join(tmp.dir, 'reports', 'data')), []);
});
