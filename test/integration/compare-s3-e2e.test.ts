/**
 * `compare --phases put,get-cold,get-warm` across two S3 stores: Ceph RGW (a single-node cluster by
 * scripts/ceph-rgw.sh, real SigV4 checks) as the reference and s3rver. Each target signs with its own
 * --profile from a credentials file (AWS_SHARED_CREDENTIALS_FILE), so no target's secret is another's.
 * Every byte is verified: the fill with --verify readback (each datastream read back, SHA-256
 * compared), and after each batch the same seeded sample of objects is read cold and warm from both
 * stores, each read SHA-256 compared; no secret reaches the output or the database. Skipped with the
 * reason when Ceph or s3rver is not installed (outside CI); both are stopped by their PIDs.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { cephSkip, startCeph, type CephPeer } from '../helpers/ceph-peer.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { s3rverInstalled, startS3rver, S3RVER_CREDENTIALS, type S3Peer } from '../helpers/s3rver-peer.js';

const skip =
  cephSkip || (!s3rverInstalled() && !process.env.CI ? 's3rver is not installed: run scripts/install-peers.sh' : false);

let cluster: CephPeer | undefined;
let s3rver: S3Peer | undefined;
let tmp: ReturnType<typeof tempDir>;

before(async () => {
  tmp = tempDir();
  if (skip) return;
  cluster = await startCeph('single');
  s3rver = await startS3rver('cmp-s3rver');
});

after(async () => {
  cluster?.stop();
  await s3rver?.stop();
  tmp.cleanup();
});

const BATCHES = 20;
const BATCH = 30;
const SAMPLE = 8;
const SIZES = { BIN: 12 * 1024, META: 2048 };

test(
  'Ceph RGW against s3rver with --phases put,get-cold,get-warm: every byte written and every byte read is verified',
  { skip, timeout: 900_000 },
  async () => {
    if (!cluster || !s3rver) throw new Error('the peers are not running');
    const credentials = join(tmp.dir, 'credentials');
    writeFileSync(
      credentials,
      `[rgw]\naws_access_key_id = ${cluster.credentials.AWS_ACCESS_KEY_ID}\naws_secret_access_key = ${cluster.credentials.AWS_SECRET_ACCESS_KEY}\n` +
        `[s3rver]\naws_access_key_id = ${S3RVER_CREDENTIALS.AWS_ACCESS_KEY_ID}\naws_secret_access_key = ${S3RVER_CREDENTIALS.AWS_SECRET_ACCESS_KEY}\n`,
    );
    const targets = join(tmp.dir, 'targets.json');
    writeFileSync(
      targets,
      JSON.stringify({
        targets: {
          rgw: { backend: 's3', url: cluster.endpoint, bucket: 'cmp-rgw', createBucket: true, profile: 'rgw' },
          s3rver: { backend: 's3', url: s3rver.url, bucket: s3rver.bucket, profile: 's3rver' },
        },
      }),
    );
    const db = join(tmp.dir, 'cmp.db');
    const r = await runCli(
      [
        'compare',
        '--targets',
        targets,
        '-n',
        String(BATCHES * BATCH),
        '--batch-size',
        String(BATCH),
        '--concurrency',
        '4',
        '--datastream',
        `BIN:${SIZES.BIN}`,
        '--datastream',
        `META:${SIZES.META}:compressible`,
        '--verify',
        'readback',
        '--phases',
        'put,get-cold,get-warm',
        '--sample',
        String(SAMPLE),
        '--max-error-rate',
        '0',
        '--db',
        db,
        '--json',
      ],
      { env: { AWS_SHARED_CREDENTIALS_FILE: credentials, AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: '' } },
    );
    assert.ok(r.stdout, `compare printed nothing (exit ${r.code}): ${r.stderr}`);
    const a = JSON.parse(r.stdout);
    assert.equal(r.code, a.verdict === 'FAIL' ? 1 : a.verdict === 'INCONCLUSIVE' ? 3 : 0, r.stdout);
    assert.deepEqual(a.phasesRun, ['put', 'get-cold', 'get-warm']);
    const compared = BATCHES - 1;
    for (const name of ['rgw', 's3rver']) {
      const put = a.phases.put[name];
      assert.equal(put.failedOps, 0, name);
      // the fill: every datastream of every compared batch read back and SHA-256 compared
      assert.equal(put.bytesVerified, compared * BATCH * (SIZES.BIN + SIZES.META), `${name} put`);
      for (const phase of ['get-cold', 'get-warm']) {
        const g = a.phases[phase][name];
        // after each compared batch, SAMPLE objects' first datastream (BIN) read whole and verified
        assert.equal(g.failedOps, 0, `${name} ${phase}`);
        assert.equal(g.operations, compared * SAMPLE, `${name} ${phase}`);
        assert.equal(g.bytesVerified, compared * SAMPLE * SIZES.BIN, `${name} ${phase}`);
        assert.ok(
          g.p50Ms > 0 && g.p99Ms >= g.p95Ms && g.p95Ms >= g.p50Ms && g.opsPerSec > 0 && g.mbPerSec > 0,
          `${name} ${phase}: ${JSON.stringify(g)}`,
        );
      }
    }
    for (const phase of ['put', 'get-cold', 'get-warm']) {
      assert.ok(
        a.level[phase].s3rver.estimate > 0 && a.level[phase].s3rver.ci[0] <= a.level[phase].s3rver.ci[1],
        phase,
      );
      assert.ok(['PASS', 'WARN', 'FAIL', 'INCONCLUSIVE'].includes(a.scaling[phase].s3rver.verdict), phase);
    }
    // no secret in the output or the database
    const secret = cluster.credentials.AWS_SECRET_ACCESS_KEY;
    assert.doesNotMatch(r.stdout + r.stderr, new RegExp(secret));
    assert.equal(readFileSync(db).includes(secret), false);
  },
);
