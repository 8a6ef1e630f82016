/**
 * `clean` after a run was killed inside a batch (SIGKILL, never resumed): the objects of the batch in
 * progress were never recorded, but its intent was, so `clean` finds and removes them too — nothing
 * on the target is orphaned. Through the real binary, on an embedded store kept with --data, and on
 * the LDP reference server with --tx per-batch, where the killed batch's transaction stays open and
 * locks what it wrote until `clean` rolls it back.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { all, killAfter, storedIds } from '../helpers/kill-run.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

let tmp: ReturnType<typeof tempDir>;
let ldp: ServedProcess;
before(async () => {
  tmp = tempDir();
  ldp = await serve(['--protocol', 'ldp', '--data', join(tmp.dir, 'ldp')]);
});
after(async () => {
  await ldp.stop();
  tmp.cleanup();
});

test('a run killed inside a batch: clean removes the recorded objects and those of the unfinished batch, leaving the store empty', async () => {
  const db = join(tmp.dir, 'k.db');
  const data = join(tmp.dir, 'store');
  await killAfter(
    tmp.dir,
    [
      'run',
      '-n',
      '40000',
      '--batch-size',
      '2000',
      '--datastream',
      'D:1KiB',
      '--no-stop-early',
      '--db',
      db,
      '--data',
      data,
    ],
    2,
    300_000,
    true,
  );
  const [{ id } = { id: '' }] = await all<{ id: string }>(db, 'SELECT id FROM runs');
  const [recorded] = await all<{ n: number }>(
    db,
    `SELECT COUNT(DISTINCT object_id) AS n FROM ops WHERE run_id = '${id}' AND kind = 'create-object' AND status = 'ok'`,
  );
  const stored = await storedIds(data);
  // the batch in progress when the kill came wrote objects that no record names (none yet if it had just begun)
  assert.ok(stored.length >= (recorded?.n ?? 0), `${stored.length} stored, ${recorded?.n} recorded`);
  const [intents] = await all<{ n: number }>(db, `SELECT COUNT(*) AS n FROM intents WHERE run_id = '${id}'`);
  assert.ok((intents?.n ?? 0) > (recorded?.n ?? 0) / 2000, 'the unfinished batch left its intent');

  const clean = await runCli(['clean', id, '--db', db, '--json']);
  assert.equal(clean.code, 0, clean.stdout + clean.stderr);
  const out = JSON.parse(clean.stdout) as { objects: number; removed: number; alreadyGone: number; failed: number };
  assert.equal(out.failed, 0);
  assert.equal(out.removed, stored.length, 'every stored object was found and removed, the unrecorded ones too');
  assert.deepEqual(await storedIds(data), [], 'nothing orphaned');
});

test('LDP --tx per-batch killed inside a batch: clean rolls back its open transaction, then removes the run', async () => {
  const db = join(tmp.dir, 'tx.db');
  const args = ['run', '--backend', 'ldp', '--url', ldp.url, '--flavor', 'fedora6', '--tx', 'per-batch'];
  await killAfter(
    tmp.dir,
    [...args, '-n', '4000', '--batch-size', '200', '--datastream', 'D:1KiB', '--no-stop-early', '--db', db],
    2,
    300_000,
    'tx',
  );
  const [{ id } = { id: '' }] = await all<{ id: string }>(db, 'SELECT id FROM runs');
  const open = await all<{ tx: string | null }>(
    db,
    `SELECT i.tx FROM intents i LEFT JOIN batches b ON b.run_id = i.run_id AND b.idx = i.batch_idx WHERE i.run_id = '${id}' AND b.idx IS NULL`,
  );
  // the kill fell after the batch's transaction was begun and recorded
  const tx = open[0]?.tx ?? '';
  assert.match(tx, /\/fcr:tx\/[0-9a-f-]+$/);
  assert.equal((await fetch(tx)).status, 204, 'the killed batch left its transaction open');
  const [recorded] = await all<{ n: number }>(
    db,
    `SELECT COUNT(DISTINCT object_id) AS n FROM ops WHERE run_id = '${id}' AND kind = 'create-object' AND status = 'ok'`,
  );

  const clean = await runCli(['clean', id, '--db', db, '--json']);
  assert.equal(clean.code, 0, clean.stdout + clean.stderr);
  const out = JSON.parse(clean.stdout) as { removed: number; failed: number; note?: string };
  assert.equal(out.failed, 0);
  assert.equal(
    out.removed,
    recorded?.n,
    'every committed object was removed; the open batch wrote none outside its transaction',
  );
  assert.match(out.note ?? '', /rolled back the open transaction of the unfinished batch/);
  assert.equal((await fetch(tx)).status, 410, 'the transaction is closed');
  assert.ok([404, 410].includes((await fetch(`${ldp.url}/ingest-scale-${id}`)).status), 'the run container is gone');
});
