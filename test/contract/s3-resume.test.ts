/**
 * `run --resume` of an s3 run over K buckets: a run with --buckets 3 killed with SIGKILL after a few
 * batches is resumed from its record (the buckets come from the run's target details), and then
 * every planned object is stored exactly once, each in bucket g mod 3 — listed from the buckets,
 * not taken from the records — and `clean` removes all of them from all three buckets. And the
 * recovery delete a resume makes before its first batch really deletes: a fresh backend of the run
 * (as a resume builds) removes an object's keys before it has ingested anything.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { S3Backend } from '../../src/backends/s3/s3-backend.js';
import { planObject } from '../../src/generate/plan.js';
import { resolveWorkload } from '../../src/workload/resolve.js';
import { killAfter } from '../helpers/kill-run.js';
import { s3rverInstalled, startS3rver, S3RVER_CREDENTIALS, type S3Peer } from '../helpers/s3rver-peer.js';
import { listKeys } from './s3-spread.js';

const skip = !s3rverInstalled() && !process.env.CI ? 's3rver is not installed: run scripts/install-peers.sh' : false;
const OBJECTS = 1200;
let peer: S3Peer | undefined;
let tmp: ReturnType<typeof tempDir>;

before(async () => {
  tmp = tempDir();
  if (!skip) peer = await startS3rver();
});
after(async () => {
  await peer?.stop();
  tmp.cleanup();
});

test(
  'an s3 run over three buckets killed with SIGKILL resumes into the same buckets: every object once, in bucket g mod 3; clean empties all three',
  { skip, timeout: 300_000 },
  async () => {
    const p = peer as S3Peer;
    Object.assign(process.env, S3RVER_CREDENTIALS);
    const db = join(tmp.dir, 'resume.db');
    await killAfter(
      tmp.dir,
      [
        'run',
        '--backend',
        's3',
        '--url',
        p.url,
        '--bucket',
        'resumed',
        '--buckets',
        '3',
        '--create-bucket',
        '-n',
        String(OBJECTS),
        '--batch-size',
        '30',
        '--datastream',
        'D:1KiB',
        '--concurrency',
        '2',
        '--db',
        db,
        '--no-progress',
        '--no-chart',
      ],
      3,
    );
    const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout);
    const runId = runs[0].id as string;
    assert.equal(runs[0].targetInfo.details.buckets, 3);
    assert.ok(runs[0].batches < OBJECTS / 30, `killed inside the run (${runs[0].batches} batches recorded)`);

    const resumed = await runCli(['run', '--resume', runId, '--db', db, '--json', '--no-progress'], {
      env: S3RVER_CREDENTIALS,
    });
    assert.ok(resumed.stdout, resumed.stderr);
    assert.equal(JSON.parse(resumed.stdout).status, 'completed', resumed.stderr);

    const seen = new Map<number, number>();
    for (const b of [0, 1, 2]) {
      for (const key of await listKeys(
        { url: p.url, credentials: S3RVER_CREDENTIALS },
        `resumed-${b}`,
        `ingest-scale/${runId}/`,
      )) {
        const g = Number(/-(\d+)\/D$/.exec(key)?.[1]);
        assert.equal(g % 3, b, `${key} is in bucket resumed-${b}`);
        seen.set(g, (seen.get(g) ?? 0) + 1);
      }
    }
    assert.equal(seen.size, OBJECTS, 'every planned object is stored');
    assert.ok(
      [...seen.values()].every((n) => n === 1),
      'each once',
    );

    const cleaned = await runCli(['clean', runId, '--db', db, '--json'], { env: S3RVER_CREDENTIALS });
    assert.equal(cleaned.code, 0, cleaned.stderr);
    assert.equal(JSON.parse(cleaned.stdout).removed, OBJECTS);
  },
);

test(
  'a resumed s3 backend removes a half-written object before its first ingest: every datastream key of it goes, the neighbour stays',
  { skip, timeout: 60_000 },
  async () => {
    const p = peer as S3Peer;
    Object.assign(process.env, S3RVER_CREDENTIALS);
    const spec = (id: string) => ({
      id,
      size: { kind: 'fixed' as const, bytes: 100 },
      contentKind: 'random' as const,
      mime: 'application/octet-stream',
    });
    const workload = resolveWorkload({ objects: 2, batchSize: 2, datastreams: [spec('D'), spec('E')] });
    const runId = `r${Math.random().toString(36).slice(2, 10)}`;
    const options = {
      url: p.url,
      bucket: 'recover',
      region: 'us-east-1',
      pathStyle: true,
      connections: 2,
      unsignedPayload: false,
      multipartThreshold: 64 * 2 ** 20,
      partSize: 16 * 2 ** 20,
      createBucket: true,
      allowExisting: true,
      runId,
      workload,
      purpose: 'run' as const,
    };
    const plans = [0, 1].map((g) => planObject(workload, g, { idPrefix: 'hw-' }));
    const killed = new S3Backend(options);
    try {
      await killed.preflight();
      for (const plan of plans) assert.ok((await killed.ingest(plan)).every((op) => op.status === 'ok'));
    } finally {
      await killed.close();
    }
    const prefix = `ingest-scale/${runId}/`;
    const keys = async (): Promise<string[]> =>
      (await listKeys({ url: p.url, credentials: S3RVER_CREDENTIALS }, 'recover', prefix)).sort();
    assert.deepEqual(await keys(), [`${prefix}hw-0/D`, `${prefix}hw-0/E`, `${prefix}hw-1/D`, `${prefix}hw-1/E`]);

    const resumed = new S3Backend(options);
    try {
      await resumed.preflight();
      await resumed.remove({ id: 'hw-1', index: 1 });
    } finally {
      await resumed.close();
    }
    assert.deepEqual(
      await keys(),
      [`${prefix}hw-0/D`, `${prefix}hw-0/E`],
      'both keys of hw-1 removed before any ingest; hw-0 kept',
    );
  },
);
