/**
 * Sharded runs and merge end to end (docs/scale-out.md): four shard processes (JOB_COMPLETION_INDEX=0..3,
 * --shard auto/4) fill one reference store (`serve --protocol http-put`) with exactly the keys of an
 * unsharded run; `merge` makes one run of them with every operation, a monotone population and a
 * non-empty window, which `check` gives a verdict; a shard killed with SIGKILL makes merge exit 2; a
 * shard whose clock is off is detected from the store's Date headers, reported, and corrected.
 *
 * The four shards fill a store that waits 20 ms per PUT, one PUT in flight each. The merge warns
 * when the shards' clock spread times the run's rate exceeds B/10 objects. A shard's clock bracket
 * (from Date headers) is about one request wide, and the rate is the objects in flight per request
 * time, so the spread moves about as many objects as are in flight (4), plus what the host's delays
 * add (spread × rate); with requests of 20 ms a host delay of 20 ms adds 4 more: under 16 whatever
 * the host does. Against a store answering at once the host's delays were all of the spread
 * (6.8 ms at 2,981 objects/s: 20 objects, a false warning).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { BIN, REPO_ROOT, runCli, tempDir, type CliResult } from '../helpers/cli.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

const tmp = tempDir();
let store: ServedProcess;
let reference: ServedProcess;
after(async () => {
  await store?.stop();
  await reference?.stop();
  tmp.cleanup();
});
before(async () => {
  store = await serve(['--protocol', 'http-put', '--base-cost', '20ms']);
  reference = await serve(['--protocol', 'http-put', '--base-cost', '0ms']);
});

const N = 1600;
const B = 160;
const workload = ['-n', String(N), '--batch-size', String(B), '--datastream', 'OBJ:1KiB', '--concurrency', '1'];

function shardArgs(url: string, runId: string, shard: string, db: string, extra: string[] = []): string[] {
  return [
    'run',
    '--backend',
    'http-put',
    '--url',
    url,
    '--shard',
    shard,
    '--run-id',
    runId,
    '--db',
    db,
    '--json',
    ...workload,
    ...extra,
  ];
}

/** Every key under the run's collection of an http-put reference store (two levels: objects, then datastreams). */
async function keys(url: string, runId: string): Promise<string[]> {
  const list = async (path: string): Promise<string[]> => {
    const r = await fetch(`${url}${path}`);
    assert.equal(r.status, 200, `GET ${path}`);
    return (await r.text()).split('\n').filter((x) => x !== '');
  };
  const root = `/ingest-scale-${runId}/`;
  const out: string[] = [];
  for (const obj of await list(root)) for (const ds of await list(`${root}${obj}`)) out.push(`${obj}${ds}`);
  return out.sort();
}

function query<T>(file: string, sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READWRITE, (e) => {
      if (e) return reject(e);
      db.all(sql, (err, rows) => {
        db.close();
        if (err) reject(err);
        else resolve(rows as T[]);
      });
    });
  });
}

const startAt = (ms: number): string => new Date(Date.now() + ms).toISOString();
const okShard = (r: CliResult, i: number): void => assert.equal(r.code, 0, `shard ${i}: ${r.stderr}`);

const shardDbs = [0, 1, 2, 3].map((i) => join(tmp.dir, `shard-${i}.db`));
let mergedJson: { ratePerSec: number; batches: { kept: number } } | undefined;

test('four shards (JOB_COMPLETION_INDEX 0..3) store exactly the keys of an unsharded run; merge makes one run that check gates', async () => {
  const at = startAt(4000);
  const shards = await Promise.all(
    shardDbs.map((db, i) =>
      runCli(shardArgs(store.url, 'fill-e2e01', 'auto/4', db, ['--start-at', at]), {
        env: { JOB_COMPLETION_INDEX: String(i) },
      }),
    ),
  );
  shards.forEach(okShard);
  for (const [i, r] of shards.entries()) {
    const s = JSON.parse(r.stdout) as {
      shard: number;
      status: string;
      objects: number;
      clock: { samples: number; loMs: number; hiMs: number };
    };
    assert.deepEqual([s.shard, s.status, s.objects], [i, 'complete', N / 4]);
    // one machine, one clock: every shard's bracket is a few ms wide and near zero
    assert.ok(s.clock.samples > 0 && s.clock.loMs <= s.clock.hiMs, r.stdout);
    assert.ok(Math.abs((s.clock.loMs + s.clock.hiMs) / 2) < 250, r.stdout);
  }
  // the unsharded run: one shard of one, the same run id, into another store
  const whole = await runCli(shardArgs(reference.url, 'fill-e2e01', '0/1', join(tmp.dir, 'whole.db')));
  okShard(whole, 0);
  const sharded = await keys(store.url, 'fill-e2e01');
  assert.equal(sharded.length, N);
  assert.deepEqual(sharded, await keys(reference.url, 'fill-e2e01'));

  const into = join(tmp.dir, 'merged.db');
  const m = await runCli(['merge', ...shardDbs, '--into', into, '--json']);
  assert.equal(m.code, 0, m.stderr);
  mergedJson = JSON.parse(m.stdout);
  const shardOps = (
    await Promise.all(shardDbs.map((f) => query<{ n: number }>(f, 'SELECT COUNT(*) AS n FROM ops')))
  ).reduce((a, r) => a + (r[0]?.n ?? 0), 0);
  const [inOps] = await query<{ n: number }>(into, 'SELECT COUNT(*) AS n FROM ops');
  const [edge] = await query<{ n: number }>(into, 'SELECT COUNT(*) AS n FROM merged_edge_ops');
  assert.equal((inOps?.n ?? 0) + (edge?.n ?? 0), shardOps, 'every operation of every shard is in the merged run');
  const perShard = await query<{ shard: number; n: number }>(
    into,
    'SELECT shard, COUNT(*) AS n FROM ops GROUP BY shard ORDER BY shard',
  );
  assert.deepEqual(
    perShard.map((r) => r.shard),
    [0, 1, 2, 3],
  );
  const batches = await query<{ idx: number; objects: number; objects_before: number; wall_ms: number }>(
    into,
    'SELECT idx, objects, objects_before, wall_ms FROM batches ORDER BY idx',
  );
  assert.ok(batches.length >= 5, `a steady window of ${batches.length} batches`);
  for (const [j, b] of batches.entries()) {
    assert.equal(b.objects, B);
    assert.ok(b.wall_ms >= 0);
    if (j > 0)
      assert.equal(b.objects_before, (batches[j - 1]?.objects_before ?? 0) + B, 'population grows by B per batch');
  }
  const check = await runCli(['check', '--db', into, 'fill-e2e01']);
  assert.ok([0, 1, 3].includes(check.code ?? -1), check.stderr);
  assert.match(check.stdout, /^(PASS|WARN|FAIL|INCONCLUSIVE)\b/m);
});

test('merge refuses a missing shard and a foreign file (exit 2, naming what is missing)', async () => {
  const m = await runCli([
    'merge',
    shardDbs[0] as string,
    shardDbs[1] as string,
    shardDbs[3] as string,
    '--into',
    join(tmp.dir, 'partial.db'),
  ]);
  assert.equal(m.code, 2);
  assert.match(m.stderr, /shard 2\/4 of run fill-e2e01 missing \(have 0, 1, 3\)/);
  const foreign = await runCli(['merge', ...shardDbs, join(tmp.dir, 'whole.db'), '--into', join(tmp.dir, 'mixed.db')]);
  assert.equal(foreign.code, 2);
  assert.match(foreign.stderr, /is shard 0\/1, but .* is one of 4/);
});

test('a shard killed with SIGKILL makes merge exit 2', async () => {
  const dbs = [0, 1].map((i) => join(tmp.dir, `kill-${i}.db`));
  // the store answering at once (the slow one is for the clock spread of the four-shard fill)
  const done = runCli(shardArgs(reference.url, 'kill-e2e01', '0/2', dbs[0] as string));
  const child = spawn(process.execPath, [BIN, ...shardArgs(reference.url, 'kill-e2e01', '1/2', dbs[1] as string)], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_c, sig) => resolve(sig)));
  // bounded wait for its first recorded batch, then SIGKILL: nothing of it ends cleanly
  let recorded = 0;
  for (let i = 0; i < 600 && recorded === 0; i++) {
    await new Promise((r) => setTimeout(r, 50));
    recorded = await query<{ n: number }>(dbs[1] as string, 'SELECT COUNT(*) AS n FROM shard_batches').then(
      (r) => r[0]?.n ?? 0,
      () => 0,
    );
  }
  assert.ok(recorded > 0, 'the shard recorded a batch before it was killed');
  child.kill('SIGKILL');
  assert.equal(await exited, 'SIGKILL');
  okShard(await done, 0);
  const m = await runCli(['merge', ...dbs, '--into', join(tmp.dir, 'killed.db')]);
  assert.equal(m.code, 2, m.stdout);
  assert.match(m.stderr, /shard 1\/2 .* is not complete \(status running: its process died or is still running\)/);
});

test('a shard whose clock is off by 400 ms: merge reports it and warns; --clock-correct date shifts it back', async () => {
  const dbs = [0, 1].map((i) => join(tmp.dir, `skew-${i}.db`));
  // A Date header has a 1 s resolution: the bracket narrows only on responses made just after a second
  // boundary, so the shards must cross several. Against a store answering in 0 ms they finished in about
  // 0.6 s and the bracket could stay 330 ms wide; at 1 ms per request they run for several seconds.
  // The warning needs the spread to move more than B/10 objects: with batches of 40, 400 ms does so
  // at any rate above 10 objects/s, however slow the host makes the run.
  const slow = await serve(['--protocol', 'http-put', '--base-cost', '1ms']);
  try {
    const at = startAt(4000);
    const rs = await Promise.all(
      dbs.map((db, i) =>
        runCli(shardArgs(slow.url, 'skew-e2e01', `${i}/2`, db, ['--start-at', at, '--batch-size', '40']), {
          env: i === 1 ? { INGEST_SCALE_TEST_CLOCK_SKEW_MS: '400' } : {},
        }),
      ),
    );
    rs.forEach(okShard);
  } finally {
    await slow.stop();
  }
  const none = await runCli(['merge', ...dbs, '--into', join(tmp.dir, 'skew-none.db'), '--json']);
  assert.equal(none.code, 0, none.stderr);
  const n = JSON.parse(none.stdout) as {
    shards: { index: number; loMs: number; hiMs: number }[];
    spreadRisk: { warn: boolean };
  };
  const mid = (s: { loMs: number; hiMs: number } | undefined): number => ((s?.loMs ?? NaN) + (s?.hiMs ?? NaN)) / 2;
  // the store's Date headers see shard 1 running 400 ms ahead: store − shard ≈ −400
  assert.ok(Math.abs(mid(n.shards[1]) + 400) < 100, none.stdout);
  assert.ok(Math.abs(mid(n.shards[0])) < 100, none.stdout);
  assert.equal(n.spreadRisk.warn, true);
  assert.match(none.stderr, /warning: clock spread .* try --clock-correct date/);
  const date = await runCli([
    'merge',
    ...dbs,
    '--into',
    join(tmp.dir, 'skew-date.db'),
    '--clock-correct',
    'date',
    '--json',
  ]);
  assert.equal(date.code, 0, date.stderr);
  const d = JSON.parse(date.stdout) as { shards: { shiftMs: number }[]; clockSpreadMs: number };
  assert.ok(Math.abs((d.shards[1]?.shiftMs ?? NaN) + 400) < 100, date.stdout);
  assert.ok(d.clockSpreadMs < 100, date.stdout);
});

test('clock offsets below the warning threshold change no batch', async () => {
  assert.ok(mergedJson, 'the four-shard merge ran');
  // an offset that moves a quarter of the threshold's objects (B/10) at the run's rate
  const deltaMs = (0.25 * (B / 10)) / (mergedJson.ratePerSec / 1000);
  const moved = shardDbs.map((_f, i) => join(tmp.dir, `moved-${i}.db`));
  shardDbs.forEach((f, i) => copyFileSync(f, moved[i] as string));
  // shard 3's clock δ ahead: its anchor and (seen from the store) its bracket move by δ
  await query(
    moved[3] as string,
    `UPDATE shards SET wall_anchor_ms = wall_anchor_ms + ${deltaMs}, clock_lo_ms = clock_lo_ms - ${deltaMs}, clock_hi_ms = clock_hi_ms - ${deltaMs}`,
  );
  const m = await runCli(['merge', ...moved, '--into', join(tmp.dir, 'moved.db'), '--json']);
  assert.equal(m.code, 0, m.stderr);
  assert.doesNotMatch(m.stderr, /warning/);
  const before = await query<{ objects_before: number; objects: number; wall_ms: number }>(
    join(tmp.dir, 'merged.db'),
    'SELECT objects_before, objects, wall_ms FROM batches ORDER BY idx',
  );
  const afterMove = await query<{ objects_before: number; objects: number; wall_ms: number }>(
    join(tmp.dir, 'moved.db'),
    'SELECT objects_before, objects, wall_ms FROM batches ORDER BY idx',
  );
  const at = new Map(afterMove.map((b) => [b.objects_before, b]));
  // the window's edges may move by δ (one batch in or out at an edge); every batch in both is the same batch
  assert.ok(Math.abs(afterMove.length - before.length) <= 2);
  let same = 0;
  for (const b of before) {
    const a = at.get(b.objects_before);
    if (!a) continue;
    same++;
    assert.equal(a.objects, b.objects);
    // each boundary moves by at most δ (plus the spread the brackets already had), so a batch's time by at most 2δ
    assert.ok(
      Math.abs(a.wall_ms - b.wall_ms) <= 2 * deltaMs + 1e-6,
      `batch at ${b.objects_before}: ${b.wall_ms} → ${a.wall_ms} (δ ${deltaMs} ms)`,
    );
  }
  assert.ok(same >= before.length - 2);
});
