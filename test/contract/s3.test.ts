/**
 * The S3 client passes the backend contract against s3rver (fast, but it checks no signatures),
 * including multipart uploads whose parts are streamed from byte ranges of the content, and clean
 * with batched DeleteObjects. Signing is proven against Ceph RGW (test/integration/ceph-rgw).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { S3Backend, type S3Options } from '../../src/backends/s3/s3-backend.js';
import { contentSha256 } from '../../src/generate/content.js';
import { planObject } from '../../src/generate/plan.js';
import { resolveWorkload } from '../../src/workload/resolve.js';
import { s3rverInstalled, startS3rver, S3RVER_CREDENTIALS, type S3Peer } from '../helpers/s3rver-peer.js';
import { backendContract } from './backend-contract.js';
import { spreadContract } from './s3-spread.js';

const skip = !s3rverInstalled() && !process.env.CI ? 's3rver is not installed: run scripts/install-peers.sh' : false;
let peer: S3Peer | undefined;
Object.assign(process.env, S3RVER_CREDENTIALS);

function backend(extra: Partial<S3Options> = {}): S3Backend {
  if (!peer) throw new Error('s3rver is not running');
  return new S3Backend({
    url: peer.url,
    bucket: peer.bucket,
    region: 'us-east-1',
    pathStyle: true,
    connections: 4,
    unsignedPayload: false,
    multipartThreshold: 64 * 2 ** 20,
    partSize: 16 * 2 ** 20,
    createBucket: false,
    allowExisting: true,
    runId: `s${Math.random().toString(36).slice(2, 10)}`,
    workload: { layout: 'flat', fanout: { width: 16, depth: 2 } },
    purpose: 'run',
    ...extra,
  });
}

before(async () => {
  if (!skip) peer = await startS3rver();
});
after(async () => {
  await peer?.stop();
});

backendContract('s3 (s3rver)', async () => ({ backend: backend(), cleanup: async () => undefined }), {
  emptyContent: true,
  refusesExisting: false,
  skip,
});

describe('s3 client against s3rver', { skip }, () => {
  test('multipart above the threshold: parts streamed from byte ranges, bytes read back intact', async () => {
    const b = backend({ multipartThreshold: 100_000, partSize: 40_000 });
    try {
      await b.preflight();
      const w = resolveWorkload({
        objects: 10,
        batchSize: 5,
        datastreams: [
          { id: 'BIG', size: { kind: 'fixed', bytes: 250_001 }, contentKind: 'compressible', mime: 'text/plain' },
        ],
      });
      const plan = planObject(w, 2, { idPrefix: 'mp-' });
      const [op] = await b.ingest(plan);
      assert.equal(op?.status, 'ok', op?.errorCode ?? '');
      const h = (await import('node:crypto')).createHash('sha256');
      for await (const c of b.read(plan.id, 'BIG')) h.update(c);
      assert.equal(h.digest('hex'), contentSha256(plan.datastreams[0]!));
    } finally {
      await b.close();
    }
  });

  test('a bucket that does not exist is a clear usage error, and --create-bucket creates it', async () => {
    const missing = backend({ bucket: 'no-such-bucket-x1' });
    await assert.rejects(
      missing.preflight(),
      (e: Error & { code?: string }) => /does not exist/.test(e.message) && e.code === 'E_BAD_FLAG',
    );
    await missing.close();
    const create = backend({ bucket: 'created-by-test-x1', createBucket: true });
    const info = await create.preflight();
    assert.equal(info.details?.bucketState, 'created');
    await create.close();
  });

  test('a non-empty bucket is refused unless --allow-existing', async () => {
    const b = backend({ allowExisting: false });
    await assert.rejects(b.preflight(), /is not empty[\s\S]*/);
    await b.close();
  });

  test('cleanAll removes every key under the run prefix with batched DeleteObjects, and only those', async () => {
    const w = resolveWorkload({
      objects: 1200,
      batchSize: 100,
      datastreams: [
        { id: 'D', size: { kind: 'fixed', bytes: 10 }, contentKind: 'random', mime: 'application/octet-stream' },
      ],
    });
    const mine = backend({ workload: w });
    const other = backend({ workload: w });
    try {
      await mine.preflight();
      for (let i = 0; i < 1100; i += 50)
        await Promise.all(Array.from({ length: 50 }, (_, k) => mine.ingest(planObject(w, i + k, { idPrefix: 'cl-' }))));
      await other.ingest(planObject(w, 0, { idPrefix: 'keep-' }));
      const r = await mine.cleanAll();
      assert.deepEqual(r, { removed: 1100, failed: 0, errors: {} }, 'more than one page of 1,000 keys');
      const again = await mine.cleanAll();
      assert.equal(again.removed, 0);
      const h = (await import('node:crypto')).createHash('sha256');
      for await (const c of other.read('keep-0', 'D')) h.update(c);
      assert.equal(h.digest('hex').length, 64, "another run's keys are untouched");
    } finally {
      await mine.close();
      await other.close();
    }
  });
});

spreadContract(
  's3rver',
  () => {
    if (!peer) throw new Error('s3rver is not running');
    return { url: peer.url, credentials: S3RVER_CREDENTIALS };
  },
  skip,
);
