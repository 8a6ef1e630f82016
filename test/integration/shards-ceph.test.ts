/**
 * Sharded runs on Ceph (docs/scale-out.md): four shard processes (JOB_COMPLETION_INDEX=0..3, `run --shard auto/4`)
 * against a Ceph cluster with three OSDs and two radosgw gateways on 127.0.0.1 — shards 0 and 2
 * through one gateway, 1 and 3 through the other — store exactly the keys of an unsharded run of
 * the same workload (both listed, bucket by bucket, the sharded one through the other gateway);
 * `merge` makes one run with every operation, a population that never falls and a non-empty window
 * in which every shard was active; `check` gives it a verdict. The shards create the run's buckets
 * themselves (no --create-bucket: a shard creates what is absent, and a sibling's bucket is
 * success), spread over two buckets (--buckets 2). Skipped with the reason when Ceph is not
 * installed (CI installs it: scripts/install-system-deps.sh).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sqlite3 from 'sqlite3';
import { listKeys } from '../contract/s3-spread.js';
import { cephSkip as skip, startCeph, type CephPeer } from '../helpers/ceph-peer.js';
import { runCli, tempDir } from '../helpers/cli.js';

let cluster: CephPeer | undefined;
let tmp: ReturnType<typeof tempDir>;

before(async () => {
  tmp = tempDir();
  if (!skip) cluster = await startCeph('multi');
});

after(() => {
  cluster?.stop();
  tmp.cleanup();
});

const SHARDS = 4;
/** The workload of both runs: 4,000 objects of two datastreams in 40 global batches of 100 (25 per shard). */
const WORKLOAD = [
  '-n',
  '4000',
  '--batch-size',
  '100',
  '--datastream',
  'D:1KiB',
  '--datastream',
  'M:2KiB:compressible',
  '--seed',
  '11',
  '--buckets',
  '2',
];

/** `<object index>/<datastream>` of every key under a run's prefix: the object set, whatever the run id. */
function objectSet(keys: readonly string[], runId: string): string[] {
  return keys
    .map((k) => {
      const m = /^ingest-scale\/([^/]+)\/[^/]+-(\d+)\/([^/]+)$/.exec(k);
      assert.ok(m, `key ${k} is not ingest-scale/<run id>/<object id>/<datastream>`);
      assert.equal(m[1], runId, k);
      return `${m[2]}/${m[3]}`;
    })
    .sort();
}

function query<T>(file: string, sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (e) => {
      if (e) reject(e);
    });
    db.all(sql, (e, rows) => {
      db.close();
      if (e) reject(e);
      else resolve(rows as T[]);
    });
  });
}

test(
  'four shards through two gateways store the keys of an unsharded run; merge makes one run with every operation; check gives a verdict',
  { skip, timeout: 1_200_000 },
  async () => {
    const c = cluster as CephPeer;
    assert.equal(c.endpoints.length, 2, 'two radosgw gateways');
    const env = c.credentials;

    // the unsharded run, through the first gateway
    const plain = await runCli(
      [
        'run',
        '--backend',
        's3',
        '--url',
        c.endpoints[0] ?? '',
        '--bucket',
        'plain',
        '--create-bucket',
        ...WORKLOAD,
        '--no-stop-early',
        '--db',
        join(tmp.dir, 'plain.db'),
        '--json',
      ],
      { env },
    );
    assert.equal(plain.code === 0 || plain.code === 1 || plain.code === 3, true, plain.stderr);
    const plainId = JSON.parse(plain.stdout).runId as string;

    // four shard processes at once: i from JOB_COMPLETION_INDEX, as a Kubernetes Indexed Job sets it
    const runId = `e2e-${Math.random().toString(36).slice(2, 10)}`;
    const gatewayOf = (i: number): string => c.endpoints[i % 2] ?? '';
    const shards = await Promise.all(
      Array.from({ length: SHARDS }, (_, i) =>
        runCli(
          [
            'run',
            '--backend',
            's3',
            '--url',
            gatewayOf(i),
            '--bucket',
            'sharded',
            ...WORKLOAD,
            '--shard',
            `auto/${SHARDS}`,
            '--run-id',
            runId,
            '--db',
            join(tmp.dir, `shard-${i}.db`),
            '--json',
          ],
          { env: { ...env, JOB_COMPLETION_INDEX: String(i) } },
        ),
      ),
    );
    for (const [i, s] of shards.entries()) {
      assert.equal(s.code, 0, `shard ${i}: ${s.stderr}`);
      const out = JSON.parse(s.stdout);
      assert.equal(out.shard, i);
      assert.equal(out.objects, 1000, `shard ${i} owns g mod 4 = ${i}`);
      const [run] = await query<{ target: string }>(join(tmp.dir, `shard-${i}.db`), 'SELECT target FROM runs');
      assert.ok(run?.target.startsWith(gatewayOf(i)), `shard ${i} went through ${gatewayOf(i)}: ${run?.target}`);
    }

    // the same object set, bucket by bucket: the unsharded run's keys listed through one gateway, the shards' through the other
    for (const b of [0, 1]) {
      const want = objectSet(
        await listKeys({ url: c.endpoints[0] ?? '', credentials: env }, `plain-${b}`, `ingest-scale/${plainId}/`),
        plainId,
      );
      const got = objectSet(
        await listKeys({ url: c.endpoints[1] ?? '', credentials: env }, `sharded-${b}`, `ingest-scale/${runId}/`),
        runId,
      );
      assert.equal(want.length, 4000, `plain-${b}: 2,000 objects × 2 datastreams`);
      assert.deepEqual(got, want, `bucket ${b}: the shards stored exactly the unsharded run's keys`);
    }

    // merge: one run with every operation, a population that never falls, a non-empty common window
    const into = join(tmp.dir, 'run.db');
    const merged = await runCli([
      'merge',
      ...Array.from({ length: SHARDS }, (_, i) => join(tmp.dir, `shard-${i}.db`)),
      '--into',
      into,
      '--json',
    ]);
    assert.equal(merged.code, 0, merged.stderr);
    const m = JSON.parse(merged.stdout);
    assert.equal(m.storedObjects, 4000);
    assert.ok(m.batches.kept > 0, `a non-empty window in which every shard was active: ${JSON.stringify(m.batches)}`);
    const [ops] = await query<{ n: number }>(
      into,
      `SELECT (SELECT COUNT(*) FROM ops WHERE run_id = '${runId}') + (SELECT COUNT(*) FROM merged_edge_ops WHERE run_id = '${runId}') AS n`,
    );
    assert.equal(ops?.n, 8000, 'every operation of every shard: in a kept batch or outside the window');
    const [byShard] = await query<{ n: number }>(
      into,
      `SELECT COUNT(DISTINCT shard) AS n FROM ops WHERE run_id = '${runId}'`,
    );
    assert.equal(byShard?.n, SHARDS, 'which shard did each operation is kept');
    const batches = await query<{ idx: number; objects_before: number; objects: number }>(
      into,
      `SELECT idx, objects_before, objects FROM batches WHERE run_id = '${runId}' ORDER BY idx`,
    );
    assert.equal(batches.length, m.batches.kept);
    for (let k = 1; k < batches.length; k++) {
      assert.ok(
        (batches[k]?.objects_before ?? -1) >= (batches[k - 1]?.objects_before ?? 0),
        `population at batch ${batches[k]?.idx} is not below the one before`,
      );
    }

    // check gives the merged run a verdict like any run
    const check = await runCli(['check', runId, '--db', into, '--json']);
    assert.ok([0, 1, 3].includes(check.code ?? -1), `check exits with a verdict's code: ${check.code} ${check.stderr}`);
    assert.match(JSON.parse(check.stdout).verdict as string, /^(PASS|WARN|FAIL|INCONCLUSIVE)$/);
  },
);
