/**
 * `clean` of an S3 run: list every key under the run's prefix in one bucket (ListObjectsV2 pages
 * of 1,000) and delete each page with one DeleteObjects; the per-key errors it reports are counted
 * by their S3 code. A run spread over K buckets (--buckets) is cleaned bucket by bucket.
 */
import { createHash } from 'node:crypto';
import type { BulkCleanResult } from '../backend.js';
import { EMPTY_SHA256, type S3Client } from './s3-client.js';
import { xmlEscape } from './s3-buckets.js';

/** A bound on the listing pages of one bucket (a billion keys): every request loop ends. */
const MAX_PAGES = 1_000_000;

const unescapeXml = (k: string): string => k.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Deletes every key under prefix in the client's bucket, adding what it removed and what failed to `out`. */
export async function deletePrefix(s3: S3Client, prefix: string, out: BulkCleanResult): Promise<void> {
  let token: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const q = `list-type=2&max-keys=1000&prefix=${encodeURIComponent(prefix)}${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}`;
    const list = await s3.send({
      method: 'GET',
      key: '',
      query: q,
      payloadHash: EMPTY_SHA256,
      what: `ListObjectsV2 ${prefix}`,
    });
    const keys = [...list.res.text.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1] ?? ''));
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
    token = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(list.res.text)?.[1];
    if (!token || !/<IsTruncated>true<\/IsTruncated>/.test(list.res.text)) break;
  }
}
