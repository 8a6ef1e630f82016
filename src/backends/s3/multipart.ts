/**
 * Multipart upload of one large datastream: CreateMultipartUpload, then each part streamed from
 * the generator's byte range (its SHA-256 computed from the same range first, so nothing is held
 * in memory), CompleteMultipartUpload with the parts' ETags — and AbortMultipartUpload on any
 * failure, so no orphan upload is left behind.
 */
import { contentChunks, contentSha256, type DatastreamPlan } from '../../generate/index.js';
import { OpError } from '../op-timer.js';
import { EMPTY_SHA256, UNSIGNED, type S3Client } from './s3-client.js';

export interface MultipartResult {
  parts: number;
  attempts: number;
}

export async function multipartUpload(
  s3: S3Client,
  key: string,
  ds: DatastreamPlan,
  partSize: number,
  unsignedPayload: boolean,
): Promise<MultipartResult> {
  const created = await s3.send({
    method: 'POST',
    key,
    query: 'uploads=',
    headers: { 'content-type': ds.mime, 'content-length': '0' },
    payloadHash: EMPTY_SHA256,
    body: () => '',
    what: `CreateMultipartUpload ${key}`,
  });
  const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created.res.text)?.[1];
  if (!uploadId) throw new OpError('E_S3_PROTOCOL', `CreateMultipartUpload ${key}: no UploadId in the answer`);
  const q = (extra: string): string => `${extra}uploadId=${encodeURIComponent(uploadId)}`;
  let attempts = created.attempts;
  try {
    const etags: string[] = [];
    for (let start = 0, n = 1; start < ds.size || n === 1; start += partSize, n++) {
      const range = { start, end: Math.min(ds.size, start + partSize) };
      const hash = unsignedPayload ? UNSIGNED : contentSha256(ds, range);
      const part = await s3.send({
        method: 'PUT',
        key,
        query: q(`partNumber=${n}&`),
        headers: { 'content-length': String(range.end - range.start) },
        payloadHash: hash,
        body: () => contentChunks(ds, undefined, range),
        what: `UploadPart ${n} of ${key}`,
      });
      attempts += part.attempts - 1;
      const etag = part.res.headers.etag;
      etags.push(String(Array.isArray(etag) ? etag[0] : (etag ?? '')));
      if (range.end >= ds.size) break;
    }
    const xml = `<CompleteMultipartUpload>${etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
    const body = Buffer.from(xml);
    const done = await s3.send({
      method: 'POST',
      key,
      query: q(''),
      headers: { 'content-type': 'application/xml', 'content-length': String(body.length) },
      payloadHash: (await import('node:crypto')).createHash('sha256').update(body).digest('hex'),
      body: () => body,
      what: `CompleteMultipartUpload ${key}`,
    });
    // a 200 can still carry an error document (S3 reports late failures this way)
    if (/<Error>/.test(done.res.text))
      throw new OpError('E_S3_COMPLETE', `CompleteMultipartUpload ${key}: ${done.res.text.slice(0, 200)}`);
    return { parts: etags.length, attempts: attempts + done.attempts - 1 };
  } catch (e) {
    await s3
      .send({ method: 'DELETE', key, query: q(''), payloadHash: EMPTY_SHA256, what: `AbortMultipartUpload ${key}` })
      .catch(() => undefined);
    throw e;
  }
}
