/**
 * Serving a binary (docs/protocols.md §2.3, §2.4, §5.15, §5.19): the stored Content-Type (406 when
 * the Accept header excludes it), Content-Length, Accept-Ranges, a single byte Range → 206 (416 when
 * unsatisfiable; If-Range honoured), and Want-Digest → `Digest: alg=hex` identically on GET and HEAD.
 * The body streams chunk by chunk with backpressure.
 */
import { HttpError } from '../common/http-error.js';
import { parseHttpDate } from '../common/dates.js';
import { contentRange, parseRange, type RangeResult } from '../common/byte-range.js';
import { settleUnreadBody, writeChunk, type HeaderMap } from '../common/respond.js';
import { headerOf, sendHeaders } from './ldp-http.js';
import { parseWantDigest, type DigestAlg } from './digest-headers.js';
import type { Snapshot } from './kv-store.js';
import { repoOf, type LdpContext } from './ldp-context.js';
import { etagOf, type BinaryRecord } from './ldp-records.js';
import { accepts } from './negotiation.js';
import { resourceHeaders } from './response-headers.js';

async function digestHeader(
  ctx: LdpContext,
  r: BinaryRecord,
  algs: readonly DigestAlg[],
  snapshot: Snapshot | undefined,
): Promise<string> {
  const parts: string[] = [];
  for (const alg of algs) {
    const hex = r.digests[alg] ?? (await repoOf(ctx).blobs.digest(r, alg, snapshot));
    parts.push(`${alg}=${hex}`);
  }
  return parts.join(', ');
}

function rangeFor(ctx: LdpContext, r: BinaryRecord): RangeResult {
  const ifRange = headerOf(ctx.req, 'if-range');
  if (ifRange !== undefined) {
    const v = ifRange.trim();
    const date = v.startsWith('"') || v.startsWith('W/') ? undefined : parseHttpDate(v);
    const fresh = date !== undefined ? Math.floor(r.modified / 1000) <= Math.floor(date / 1000) : v === etagOf(r);
    if (!fresh) return null;
  }
  const range = ctx.req.headers.range;
  return parseRange(Array.isArray(range) ? range[0] : range, r.size);
}

export async function sendBinary(
  ctx: LdpContext,
  path: string,
  r: BinaryRecord,
  snapshot: Snapshot | undefined,
): Promise<void> {
  const { req, res } = ctx;
  if (!accepts(req.headers.accept, r.mime)) throw new HttpError(406, `Not Acceptable: this binary is ${r.mime}`);
  const want = parseWantDigest(headerOf(req, 'want-digest'));
  const headers: HeaderMap = { ...resourceHeaders(ctx.base, path, r, ctx.session), 'Content-Type': r.mime };
  if (want !== undefined) headers.Digest = await digestHeader(ctx, r, want, snapshot);
  const range = rangeFor(ctx, r);
  if (range === 'unsatisfiable') {
    throw new HttpError(416, 'Range Not Satisfiable', { headers: { 'Content-Range': `bytes */${r.size}` } });
  }
  const span = range ?? undefined;
  const length = span === undefined ? r.size : span.end - span.start + 1;
  if (span !== undefined) headers['Content-Range'] = contentRange(span, r.size);
  const status = span === undefined ? 200 : 206;
  if (req.method === 'HEAD' || length === 0) {
    sendHeaders(req, res, status, { ...headers, 'Content-Length': length });
    return;
  }
  settleUnreadBody(req, res);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Content-Length', length);
  res.writeHead(status);
  try {
    for await (const chunk of repoOf(ctx).blobs.read(r, span, snapshot)) await writeChunk(res, chunk);
    res.end();
  } catch {
    res.destroy();
  }
}
