/**
 * The s3 backend against a real Ceph RGW (Debian's Pacific packages), which really enforces SigV4:
 * a single-node cluster on 127.0.0.1 brought up by scripts/ceph-rgw.sh, 2,000 objects in 20
 * batches with two datastreams each (one a multipart upload), every byte read back, clean with
 * batched DeleteObjects, and a wrong secret that stops a run with exit 4 naming the credential.
 * The backend contract runs here too with --buckets 3 (test/contract/s3-spread.ts), and a CLI run
 * over three buckets is cleaned from all of them. CI installs the packages (scripts/ceph-rgw.sh
 * install); elsewhere the test is skipped when they are missing. The cluster is torn down by its
 * daemons' PIDs (test/helpers/ceph-peer.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { spreadContract } from '../contract/s3-spread.js';
import { cephSkip as skip, startCeph, type CephPeer } from '../helpers/ceph-peer.js';
import { runCli, tempDir } from '../helpers/cli.js';

let cluster: CephPeer | undefined;
let env: Record<string, string> = {};
let tmp: ReturnType<typeof tempDir>;

before(async () => {
  tmp = tempDir();
  if (skip) return;
  cluster = await startCeph('single');
  env = {
    CEPH_RGW_ENDPOINT: cluster.endpoint,
    CEPH_RGW_ACCESS_KEY: cluster.credentials.AWS_ACCESS_KEY_ID,
    CEPH_RGW_SECRET_KEY: cluster.credentials.AWS_SECRET_ACCESS_KEY,
  };
});

after(() => {
  cluster?.stop();
  tmp.cleanup();
});

const creds = (): Record<string, string> => ({
  AWS_ACCESS_KEY_ID: env.CEPH_RGW_ACCESS_KEY ?? '',
  AWS_SECRET_ACCESS_KEY: env.CEPH_RGW_SECRET_KEY ?? '',
});

// the backend contract and the K-bucket cases with --buckets 3, against RGW's real signature checks
spreadContract(
  'Ceph RGW',
  () => {
    if (!cluster) throw new Error('the Ceph cluster is not running');
    return { url: cluster.endpoint, credentials: cluster.credentials };
  },
  skip,
);

test(
  's3 against Ceph RGW: 2,000 objects in 20 batches, one datastream multipart, all read back, then clean',
  { skip, timeout: 900_000 },
  async () => {
    const db = join(tmp.dir, 'rgw.db');
    const r = await runCli(
      [
        'run',
        '--backend',
        's3',
        '--url',
        env.CEPH_RGW_ENDPOINT ?? '',
        '--bucket',
        'ingest-rgw',
        '--create-bucket',
        '-n',
        '2000',
        '--batch-size',
        '100',
        '--concurrency',
        '8',
        '--datastream',
        'META:2KiB:compressible',
        '--datastream',
        'BIN:12KiB',
        '--multipart-threshold',
        '8KiB',
        '--part-size',
        '5KiB',
        '--allow-small-parts',
        '--verify',
        'readback',
        '--no-stop-early',
        '--max-error-rate',
        '0',
        '--db',
        db,
        '--json',
      ],
      { env: creds() },
    );
    assert.ok(r.stdout, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.status, 'completed', r.stderr);
    assert.equal(out.batches, 20);
    assert.equal(out.objects, 2000);
    assert.equal(out.failedOps, 0);
    assert.equal(out.bytes, 2000 * (2048 + 12288));
    assert.doesNotMatch(r.stdout + r.stderr, new RegExp(env.CEPH_RGW_SECRET_KEY ?? 'x'));
    const db2 = readFileSync(db);
    assert.equal(db2.includes(env.CEPH_RGW_SECRET_KEY ?? 'x'), false, 'the secret never reaches the database');

    const cleaned = await runCli(['clean', out.runId, '--db', db, '--json'], { env: creds() });
    assert.equal(cleaned.code, 0, cleaned.stderr);
    assert.equal(JSON.parse(cleaned.stdout).removed, 4000, 'every key of both datastreams');
  },
);

test('a wrong secret stops the run with exit 4 and says to check AWS_SECRET_ACCESS_KEY', { skip }, async () => {
  const r = await runCli(
    [
      'run',
      '--backend',
      's3',
      '--url',
      env.CEPH_RGW_ENDPOINT ?? '',
      '--bucket',
      'ingest-rgw',
      '-n',
      '40',
      '--batch-size',
      '4',
      '--db',
      join(tmp.dir, 'bad.db'),
    ],
    {
      env: { ...creds(), AWS_SECRET_ACCESS_KEY: 'definitely-not-the-secret' },
    },
  );
  assert.equal(r.code, 4, r.stderr);
  assert.match(r.stderr, /SignatureDoesNotMatch \(HTTP 403\)[\s\S]*check AWS_SECRET_ACCESS_KEY/);
  assert.doesNotMatch(r.stderr, /definitely-not-the-secret/);
});

test(
  '--buckets 3 from the CLI: 300 objects spread over three buckets, read back, probed, then cleaned from all three',
  { skip, timeout: 600_000 },
  async () => {
    const db = join(tmp.dir, 'spread.db');
    const r = await runCli(
      [
        'run',
        '--backend',
        's3',
        '--url',
        env.CEPH_RGW_ENDPOINT ?? '',
        '--bucket',
        'cli-spread',
        '--buckets',
        '3',
        '--create-bucket',
        '-n',
        '300',
        '--batch-size',
        '30',
        '--datastream',
        'D:1KiB',
        '--verify',
        'readback',
        '--probe',
        'all',
        '--probe-sample',
        '2',
        '--no-stop-early',
        '--max-error-rate',
        '0',
        '--db',
        db,
        '--json',
      ],
      { env: creds() },
    );
    assert.ok(r.stdout, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.status, 'completed', r.stderr);
    assert.equal(out.failedOps, 0);
    const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout);
    assert.equal(runs[0].target, `${env.CEPH_RGW_ENDPOINT} buckets cli-spread-0…cli-spread-2`);
    assert.equal(runs[0].targetInfo.details.buckets, 3);
    const cleaned = await runCli(['clean', out.runId, '--db', db, '--json'], { env: creds() });
    assert.equal(cleaned.code, 0, cleaned.stderr);
    assert.equal(JSON.parse(cleaned.stdout).removed, 300, 'every key, from all three buckets');
  },
);
