/**
 * `run --resume` after SIGKILL, through the real binary on the embedded store: killed twice (the
 * second time while resuming), the run carries on with its id, removes what its unfinished batches
 * may have half-written (recorded as delete operations), numbers its batches on, reads every later
 * batch back, and ends with exactly the objects of an uninterrupted run; `clean` then empties it.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { all, killAfter as killIn, storedIds } from '../helpers/kill-run.js';

const killAfter = (args: string[], batches: number): Promise<void> => killIn(tmp.dir, args, batches);

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

test('killed twice, resumed twice: the same objects as an uninterrupted run, every batch once, then clean empties the store', async () => {
  const db = join(tmp.dir, 'r.db');
  const data = join(tmp.dir, 'store');
  const n = 30_000;
  await killAfter(['run', '-n', String(n), '--batch-size', '500', '--datastream', 'D:1KiB', '--datastream', 'M:uniform:10-900:compressible', '--verify', 'readback', '--no-stop-early', '--db', db, '--data', data], 3);
  const [{ id } = { id: '' }] = await all<{ id: string }>(db, 'SELECT id FROM runs');
  const c = await runCli(['check', id, '--db', db]);
  assert.equal(c.code, 3, 'an interrupted run is never PASS');
  assert.match(c.stdout, /interrupted \(its process is gone\)/);

  await killAfter(['run', '--resume', id, '--db', db, '--no-chart'], 8);
  const r = await runCli(['run', '--resume', id, '--db', db, '--no-chart', '--json']);
  assert.ok([0, 1].includes(r.code ?? -1), r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual([out.runId, out.status, out.batches, out.objects, out.failedOps], [id, 'completed', n / 500, n, 0]);

  const batches = await all<{ idx: number }>(db, `SELECT idx FROM batches WHERE run_id = '${id}' ORDER BY idx`);
  assert.deepEqual(batches.map((b) => b.idx), Array.from({ length: n / 500 }, (_, i) => i + 1), 'batches numbered on, each once');
  const [verify] = await all<{ ok: number; bad: number }>(db, `SELECT SUM(status = 'ok') AS ok, SUM(status != 'ok') AS bad FROM ops WHERE run_id = '${id}' AND kind = 'verify'`);
  assert.equal(verify?.bad, 0, 'every datastream read back right');
  const [deletes] = await all<{ n: number }>(db, `SELECT COUNT(*) AS n FROM ops WHERE run_id = '${id}' AND kind = 'delete'`);
  assert.ok((deletes?.n ?? 0) >= 500, 'the unfinished batches were recovered, as recorded delete operations');

  const ids = await storedIds(data);
  const prefix = `${id.slice(0, 6)}-`;
  assert.equal(ids.length, n);
  assert.deepEqual(new Set(ids), new Set(Array.from({ length: n }, (_, i) => `${prefix}${i}`)), 'the object set of an uninterrupted run');

  const clean = await runCli(['clean', id, '--db', db]);
  assert.equal(clean.code, 0, clean.stderr);
  assert.deepEqual(await storedIds(data), [], 'nothing orphaned');
});

test('--resume refuses a completed run, and flags that would change the workload', async () => {
  const db = join(tmp.dir, 'done.db');
  const made = await runCli(['run', '-n', '40', '--batch-size', '4', '--datastream', 'D:64', '--db', db, '--data', join(tmp.dir, 's2')]);
  assert.ok([0, 1, 3].includes(made.code ?? -1), made.stderr);
  const done = await runCli(['run', '--resume', 'last', '--db', db]);
  assert.equal(done.code, 2);
  assert.match(done.stderr, /run [0-9a-z]{10} is completed; only an aborted or interrupted run can be resumed/);
  const changed = await runCli(['run', '--resume', 'last', '-n', '80', '--seed', '2', '--db', db]);
  assert.equal(changed.code, 2);
  assert.match(changed.stderr, /--resume carries on a run with its own workload and target; --objects, --seed would change them/);
});
