/**
 * `clean` of an S3 run: list every key under the run's prefix in one bucket (ListObjectsV2 pages
 * of 1,000) and delete each page with one DeleteObjects; the per-key errors it reports are counted
 * by their S3 code. A run spread over K buckets (--buckets) is cleaned bucket by bucket.
 */
import { createHash } from 'node:crypto';
import type { BulkCleanResult } from '../backend.js';
import type { S3Client } from './s3-client.js';
import { xmlEscape } from './s3-buckets.js';
import { listPage } from './s3-list.js';

/** A bound on the listing pages of one bucket (a billion keys): every request loop ends. */
const MAX_PAGES = 1_000_000;

/** Deletes every key under prefix in the client's bucket, adding what it removed and what failed to `out`. */
export async function deletePrefix(s3: S3Client, prefix: string, out: BulkCleanResult): Promise<void> {
  let token: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { keys, next } = await listPage(s3, prefix, token);
    if (keys.length > 0) {
      const body = Buffer.from(
        `<Delete><Quiet>true</Quiet>${keys.map((k) => `<Object><Key>${xmlEscape(k)}</Key></Object>`).join('')}</Delete>`,
      );
      const del = await s3.send({
        method: 'POST',
        key: '',
        query: 'delete=',
        headers: {
          'content-type': 'application/xml',
          'content-length': String(body.length),
          'content-md5': createHash('md5').update(body).digest('base64'),
        },
        payloadHash: createHash('sha256').update(body).digest('hex'),
        body: () => body,
        what: `DeleteObjects ${keys.length} keys`,
      });
      const failed = [...del.res.text.matchAll(/<Error>[\s\S]*?<Code>([^<]*)<\/Code>[\s\S]*?<\/Error>/g)].map(
        (m) => m[1] ?? 'unknown',
      );
      for (const c of failed) out.errors[`E_S3_${c}`] = (out.errors[`E_S3_${c}`] ?? 0) + 1;
      out.failed += failed.length;
      out.removed += keys.length - failed.length;
    }
    if (next === null) break;
    token = next;
  }
}
