/**
 * Child process of the Ceph RGW benchmark, the reference side: @aws-sdk/client-s3 PutObject with
 * its defaults (SigV4 with the body's SHA-256 over http, its default checksum behaviour), path-style
 * addressing, a keep-alive agent of `concurrency` sockets and `concurrency` workers each sending
 * its next PutObject when the last one answered. Every key is fresh: `<prefix>/o<n>/D`, the
 * engine's shape. The body is one Buffer made once (random bytes; the store keeps what it gets
 * either way), so the SDK never pays for making content. A warm-up of `warmup` objects first (the
 * same client and sockets); then `objects` are timed. Prints one JSON line, as client-arg.ts does.
 */
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { msSince, hrNow } from '../lib/stats.js';
import { clientArg, printResult } from './client-arg.js';

const a = clientArg();
if (!a.bucket || !a.prefix) throw new Error('aws-sdk-client: the argument needs bucket and prefix');
const bucket = a.bucket;
const prefix = a.prefix;
const client = new S3Client({
  endpoint: a.url,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: {
    accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
  },
  maxAttempts: 1,
  requestHandler: { httpAgent: new Agent({ keepAlive: true, maxSockets: a.concurrency }) },
});
const body = randomBytes(a.size);

/** `count` PutObjects from `concurrency` workers, keys numbered from `first`; resolves with the failures. */
async function put(count: number, first: number): Promise<number> {
  let next = 0;
  let failed = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const n = first + next++;
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: `${prefix}/o${n}/D`,
            Body: body,
            ContentType: 'application/octet-stream',
          }),
        );
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: a.concurrency }, worker));
  return failed;
}

if (a.warmup > 0) await put(a.warmup, 0);
const cpu0 = process.cpuUsage();
const t = hrNow();
const failed = await put(a.objects, a.warmup);
const ms = msSince(t);
const cpu = process.cpuUsage(cpu0);
client.destroy();
printResult(a, { failed, ms, cpu });
