/**
 * `run --resume` after SIGKILL, through the real binary on the embedded store: killed twice (the
 * second time while resuming), the run carries on with its id, removes what its unfinished batches
 * may have half-written (recorded as delete operations), numbers its batches on, reads every later
 * batch back, and ends with exactly the objects of an uninterrupted run; `clean` then empties it.
 * A resume takes its target from the run: flags naming another are refused, as is a run whose store
 * is gone (a memory run's, a removed data directory).
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { all, killAfter as killIn, storedIds } from '../helpers/kill-run.js';
import { serve } from '../helpers/serve.js';

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
  await killAfter(
    [
      'run',
      '-n',
      String(n),
      '--batch-size',
      '500',
      '--datastream',
      'D:1KiB',
      '--datastream',
      'M:uniform:10-900:compressible',
      '--verify',
      'readback',
      '--no-stop-early',
      '--db',
      db,
      '--data',
      data,
    ],
    3,
  );
  const [{ id } = { id: '' }] = await all<{ id: string }>(db, 'SELECT id FROM runs');
  // the objects of batches announced (an intent) but not recorded when the process died: what a resume must remove;
  // none when the kill fell between a batch's record and the next batch's intent
  const pending = async (): Promise<number> => {
    const [row] = await all<{ n: number | null }>(
      db,
      `SELECT SUM(objects) AS n FROM intents WHERE run_id = '${id}' AND batch_idx NOT IN (SELECT idx FROM batches WHERE run_id = '${id}')`,
    );
    return row?.n ?? 0;
  };
  const pendingFirst = await pending();
  const c = await runCli(['check', id, '--db', db]);
  assert.equal(c.code, 3, 'an interrupted run is never PASS');
  assert.match(c.stdout, /interrupted \(its process is gone\)/);

  await killAfter(['run', '--resume', id, '--db', db, '--no-chart'], 8);
  const pendingSecond = await pending();
  const r = await runCli(['run', '--resume', id, '--db', db, '--no-chart', '--json']);
  // the verdict is the host's (a busy host's rise makes it INCONCLUSIVE); the test is about the objects
  assert.ok([0, 1, 3].includes(r.code ?? -1), r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual([out.runId, out.status, out.batches, out.objects, out.failedOps], [id, 'completed', n / 500, n, 0]);

  const batches = await all<{ idx: number }>(db, `SELECT idx FROM batches WHERE run_id = '${id}' ORDER BY idx`);
  assert.deepEqual(
    batches.map((b) => b.idx),
    Array.from({ length: n / 500 }, (_, i) => i + 1),
    'batches numbered on, each once',
  );
  const [verify] = await all<{ ok: number; bad: number }>(
    db,
    `SELECT SUM(status = 'ok') AS ok, SUM(status != 'ok') AS bad FROM ops WHERE run_id = '${id}' AND kind = 'verify'`,
  );
  assert.equal(verify?.bad, 0, 'every datastream read back right');
  const [deletes] = await all<{ n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM ops WHERE run_id = '${id}' AND kind = 'delete'`,
  );
  assert.ok(
    (deletes?.n ?? 0) >= pendingFirst + pendingSecond,
    `the unfinished batches' ${pendingFirst} + ${pendingSecond} objects were recovered, as recorded delete operations (${deletes?.n ?? 0})`,
  );

  const ids = await storedIds(data);
  const prefix = `${id.slice(0, 6)}-`;
  assert.equal(ids.length, n);
  assert.deepEqual(
    new Set(ids),
    new Set(Array.from({ length: n }, (_, i) => `${prefix}${i}`)),
    'the object set of an uninterrupted run',
  );

  const clean = await runCli(['clean', id, '--db', db]);
  assert.equal(clean.code, 0, clean.stderr);
  assert.deepEqual(await storedIds(data), [], 'nothing orphaned');
});

test('--resume refuses a completed run, and flags that would change the workload', async () => {
  const db = join(tmp.dir, 'done.db');
  const made = await runCli([
    'run',
    '-n',
    '40',
    '--batch-size',
    '4',
    '--datastream',
    'D:64',
    '--db',
    db,
    '--data',
    join(tmp.dir, 's2'),
  ]);
  assert.ok([0, 1, 3].includes(made.code ?? -1), made.stderr);
  const done = await runCli(['run', '--resume', 'last', '--db', db]);
  assert.equal(done.code, 2);
  assert.match(done.stderr, /run [0-9a-z]{10} is completed; only an aborted or interrupted run can be resumed/);
  const changed = await runCli(['run', '--resume', 'last', '-n', '80', '--seed', '2', '--db', db]);
  assert.equal(changed.code, 2);
  assert.match(
    changed.stderr,
    /--resume carries on a run with its own workload and target; --objects, --seed would change them/,
  );
});

test('--resume of a server run refuses flags that name another target, a memory run, and a store that is gone', async () => {
  const server = await serve(['--protocol', 'http-put', '--base-cost', '1ms']);
  try {
    const db = join(tmp.dir, 'srv.db');
    await killAfter(
      [
        'run',
        '--backend',
        'http-put',
        '--url',
        server.url,
        '-n',
        '20000',
        '--batch-size',
        '100',
        '--datastream',
        'D:64',
        '--no-stop-early',
        '--db',
        db,
      ],
      2,
    );
    const moved = await runCli([
      'run',
      '--resume',
      'last',
      '--url',
      'http://127.0.0.1:1/',
      '--collections',
      'none',
      '--db',
      db,
    ]);
    assert.equal(moved.code, 2);
    assert.match(
      moved.stderr,
      /--resume carries on a run with its own workload and target; --url, --collections would change them/,
    );
    const other = await runCli(['run', '--resume', 'last', '--backend', 'ldp', '--db', db]);
    assert.equal(other.code, 2);
    assert.match(other.stderr, /--backend ldp: run [0-9a-z]{10} ran into http-put/);
  } finally {
    await server.stop();
  }

  const mem = join(tmp.dir, 'mem.db');
  await killAfter(
    [
      'run',
      '--backend',
      'memory',
      '--latency',
      '1ms',
      '-n',
      '20000',
      '--batch-size',
      '100',
      '--datastream',
      'D:64',
      '--no-stop-early',
      '--db',
      mem,
    ],
    2,
  );
  const m = await runCli(['run', '--resume', 'last', '--db', mem]);
  assert.equal(m.code, 2);
  assert.match(m.stderr, /ran into the memory backend, whose objects lived only in the process that ran it/);

  const gone = join(tmp.dir, 'gone.db');
  const data = join(tmp.dir, 'gone-store');
  await killAfter(
    [
      'run',
      '-n',
      '40000',
      '--batch-size',
      '1000',
      '--datastream',
      'D:64',
      '--no-stop-early',
      '--db',
      gone,
      '--data',
      data,
    ],
    2,
  );
  rmSync(data, { recursive: true, force: true });
  const g = await runCli(['run', '--resume', 'last', '--db', gone]);
  assert.equal(g.code, 2);
  assert.match(g.stderr, /cannot be resumed: the embedded store .*gone-store no longer exists/);
});
