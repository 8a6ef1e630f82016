/**
 * Read-side probes over S3 (docs/probes.md): HeadObject for a datastream key's size, GetObject with a
 * single byte Range (206 and the Content-Range asked for), ListObjectsV2 on the run's prefix (one
 * page, max-keys as asked: S3 pages at 1,000), and the delete probe's object removal: a HeadObject
 * on its first key (a missing object is E_NOT_FOUND: S3's DeleteObject answers 204 either way),
 * then DeleteObject on each of its datastream keys.
 */
import { OpError } from '../op-timer.js';
import { probeFailure } from '../http/probe-requests.js';
import { EMPTY_SHA256, type S3Client } from './s3-client.js';
import { listPage } from './s3-list.js';

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

export async function s3HeadSize(s3: S3Client, key: string): Promise<{ size: number | null; httpStatus: number }> {
  try {
    const r = await s3.send({ method: 'HEAD', key, payloadHash: EMPTY_SHA256, what: `HeadObject ${key}` });
    const length = first(r.res.headers['content-length']);
    return { size: length === undefined ? null : Number(length), httpStatus: r.res.status };
  } catch (e) {
    if ((e as { httpStatus?: number }).httpStatus === 404 || /HTTP 404/.test((e as Error).message))
      throw new OpError('E_NOT_FOUND', `HeadObject ${key}: HTTP 404`, 404);
    throw e;
  }
}

export async function* s3RangeBody(
  s3: S3Client,
  key: string,
  range: { start: number; end: number },
): AsyncIterable<Uint8Array> {
  const res = await s3.open(key, { range: `bytes=${range.start}-${range.end - 1}` });
  const asked = { method: 'GET', path: key, target: s3.display, sent: s3.http.sentAuth };
  if (res.status !== 206) {
    const text = await res.body.text().catch(() => '');
    if (res.status === 200)
      throw new OpError(
        'E_RANGE_IGNORED',
        `GetObject ${key}: a Range request answered with 200 and the whole body`,
        200,
      );
    probeFailure(res.status, res.headers, text, asked);
  }
  const cr = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(first(res.headers['content-range']) ?? '');
  if (!cr || Number(cr[1]) !== range.start || Number(cr[2]) !== range.end - 1) {
    await res.body.dump().catch(() => undefined);
    throw new OpError(
      'E_RANGE_MISMATCH',
      `GetObject ${key}: asked for bytes ${range.start}-${range.end - 1}, Content-Range says "${first(res.headers['content-range']) ?? ''}"`,
      206,
    );
  }
  yield* res.body;
}

/** The first ListObjectsV2 page under prefix: how many keys it names. */
export async function s3ListPage(
  s3: S3Client,
  prefix: string,
  max: number,
): Promise<{ entries: number; httpStatus: number }> {
  const page = await listPage(s3, prefix, null, max);
  return { entries: page.keys.length, httpStatus: page.httpStatus };
}

/** Removes an object stored as the given keys; E_NOT_FOUND when its first key is missing. */
export async function s3RemoveKeys(s3: S3Client, keys: readonly string[]): Promise<void> {
  const [head] = keys;
  if (head === undefined) return;
  await s3HeadSize(s3, head);
  for (const key of keys)
    await s3.send({ method: 'DELETE', key, payloadHash: EMPTY_SHA256, what: `DeleteObject ${key}` });
}
