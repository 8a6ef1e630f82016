/**
 * The s3 backend over K buckets (`--buckets K`, docs/scale-out.md), against any S3 peer: the backend
 * contract (and the probe contract inside it) with --buckets 3, where what a run left behind is
 * listed in every bucket; object g stored in bucket g mod K, read back from there; a bucket that a
 * sibling process created in between is success; a non-empty bucket is named; a name too long
 * for its suffix is refused.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { S3Backend, type S3Options } from '../../src/backends/s3/s3-backend.js';
import { S3Client } from '../../src/backends/s3/s3-client.js';
import { listAllKeys } from '../../src/backends/s3/s3-list.js';
import { contentSha256 } from '../../src/generate/content.js';
import { planObject } from '../../src/generate/plan.js';
import { resolveWorkload } from '../../src/workload/resolve.js';
import { backendContract } from './backend-contract.js';

export interface SpreadPeer {
  url: string;
  credentials: { AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string };
}

const runId = (): string => `k${Math.random().toString(36).slice(2, 10)}`;

/** The backend's options; the peer's keys go where the backend reads them (the AWS_* environment of this test process). */
function options(peer: SpreadPeer, extra: Partial<S3Options>): S3Options {
  Object.assign(process.env, peer.credentials);
  return {
    url: peer.url,
    bucket: 'spread',
    buckets: 3,
    region: 'us-east-1',
    pathStyle: true,
    connections: 4,
    unsignedPayload: false,
    multipartThreshold: 64 * 2 ** 20,
    partSize: 16 * 2 ** 20,
    createBucket: true,
    allowExisting: true,
    runId: runId(),
    workload: { layout: 'flat', fanout: { width: 16, depth: 2 } },
    purpose: 'run',
    ...extra,
  };
}

/** Every key under prefix in one bucket, read with the project's own signed client (pages of 1,000, bounded). */
export async function listKeys(peer: SpreadPeer, bucket: string, prefix: string): Promise<string[]> {
  const c = new S3Client({
    url: peer.url,
    bucket,
    region: 'us-east-1',
    pathStyle: true,
    connections: 1,
    credentials: {
      accessKeyId: peer.credentials.AWS_ACCESS_KEY_ID,
      secretAccessKey: peer.credentials.AWS_SECRET_ACCESS_KEY,
    },
  });
  try {
    return (await listAllKeys(c, prefix, 10_000)).keys;
  } finally {
    await c.close();
  }
}

/** Registers the K-bucket suites; `peer()` is called inside the tests (after the file's before hook started the peer). */
export function spreadContract(name: string, peer: () => SpreadPeer, skip: string | false): void {
  backendContract(
    `${name}, --buckets 3`,
    async () => {
      const o = options(peer(), {});
      return {
        backend: new S3Backend(o),
        cleanup: async () => undefined,
        leftovers: async () =>
          (await Promise.all([0, 1, 2].map((i) => listKeys(peer(), `spread-${i}`, `ingest-scale/${o.runId}/`)))).flat(),
      };
    },
    { emptyContent: true, refusesExisting: false, skip },
  );

  describe(`s3 over K buckets: ${name}`, { skip }, () => {
    test('object g is stored in bucket g mod 3 and read back from there; the run records its buckets', async () => {
      const o = options(peer(), { bucket: 'place' });
      const b = new S3Backend(o);
      try {
        const info = await b.preflight();
        assert.equal(info.details?.buckets, 3);
        assert.match(String(info.details?.bucketState), /^3 buckets: /);
        const w = resolveWorkload({
          objects: 9,
          batchSize: 9,
          datastreams: [
            { id: 'D', size: { kind: 'fixed', bytes: 1000 }, contentKind: 'random', mime: 'application/octet-stream' },
          ],
        });
        const plans = Array.from({ length: 9 }, (_, g) => planObject(w, g, { idPrefix: 'pl-' }));
        for (const p of plans) assert.ok((await b.ingest(p)).every((op) => op.status === 'ok'));
        for (let i = 0; i < 3; i++) {
          const keys = await listKeys(peer(), `place-${i}`, `ingest-scale/${o.runId}/`);
          const want = plans.filter((p) => p.index % 3 === i).map((p) => `ingest-scale/${o.runId}/${p.id}/D`);
          assert.deepEqual(keys.sort(), want.sort(), `bucket place-${i}`);
        }
        const h = (await import('node:crypto')).createHash('sha256');
        for await (const c of b.read('pl-7', 'D')) h.update(c);
        assert.equal(h.digest('hex'), contentSha256(plans[7]!.datastreams[0]!));
        assert.deepEqual(await b.cleanAll(), { removed: 9, failed: 0, errors: {} });
      } finally {
        await b.close();
      }
    });

    test('buckets made by a sibling in between are success: two backends create the same fresh buckets at once', async () => {
      const bucket = `sib${Math.random().toString(36).slice(2, 8)}`;
      const shared = { bucket, runId: runId(), allowExisting: true };
      const [a, b] = [new S3Backend(options(peer(), shared)), new S3Backend(options(peer(), shared))];
      try {
        const infos = await Promise.all([a.preflight(), b.preflight()]);
        for (const info of infos) assert.equal(info.details?.buckets, 3);
        for (let i = 0; i < 3; i++)
          assert.deepEqual(await listKeys(peer(), `${bucket}-${i}`, ''), [], `${bucket}-${i} exists and is empty`);
      } finally {
        await a.close();
        await b.close();
      }
    });

    test('a non-empty bucket among the K is named; a base name too long for "-<n>" is refused', async () => {
      const o = options(peer(), { bucket: 'full' });
      const first = new S3Backend(o);
      await first.preflight();
      const w = resolveWorkload({
        objects: 3,
        batchSize: 3,
        datastreams: [
          { id: 'D', size: { kind: 'fixed', bytes: 10 }, contentKind: 'random', mime: 'application/octet-stream' },
        ],
      });
      await first.ingest(planObject(w, 1, { idPrefix: 'f-' }));
      await first.close();
      const again = new S3Backend(options(peer(), { bucket: 'full', allowExisting: false }));
      await assert.rejects(
        again.preflight(),
        (e: Error & { code?: string }) => e.code === 'E_BAD_FLAG' && /bucket full-1 is not empty/.test(e.message),
      );
      await again.close();
      assert.throws(
        () => new S3Backend(options(peer(), { bucket: 'x'.repeat(62), buckets: 12 })),
        (e: Error & { code?: string }) => e.code === 'E_BAD_FLAG' && /--buckets 12 makes/.test(e.message),
      );
    });
  });
}
