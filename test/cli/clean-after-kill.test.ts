/**
 * `clean` after a run was killed inside a batch (SIGKILL, never resumed): the objects of the batch in
 * progress were never recorded, but its intent was, so `clean` finds and removes them too — nothing
 * on the target is orphaned. Through the real binary, on an embedded store kept with --data.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { all, killAfter, storedIds } from '../helpers/kill-run.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

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
