/**
 * GET, HEAD and OPTIONS on containers, binaries and binary descriptions (docs/protocols.md §2.3,
 * §2.4, §5.15, §5.19, §5.20, §5.23). Plain requests read from one LevelDB snapshot, so a binary
 * replaced or deleted while it streams is still served whole.
 */
import { HttpError } from '../common/http-error.js';
import { httpDate } from '../common/dates.js';
import { send, type HeaderMap } from '../common/respond.js';
import { evaluatePreconditions } from './conditional.js';
import { RDF_OFFERS, renderContainer, renderDescription } from './container-rdf.js';
import type { KvReader, KvStore, Snapshot } from './kv-store.js';
import { notFoundError, repoOf, requireFound, type LdpContext } from './ldp-context.js';
import { etagOf, type ResourceRecord } from './ldp-records.js';
import { negotiate, parsePrefer } from './negotiation.js';
import { metadataHeaders, resourceHeaders, sessionHeaders } from './response-headers.js';
import { headerOf, sendHeaders } from './ldp-http.js';
import { sendBinary } from './binary-read.js';

function snapshotView(kv: KvStore, snapshot: Snapshot): KvReader {
  return { get: (key) => kv.get(key, snapshot), keys: (prefix) => kv.keys(prefix) };
}

/** Runs a read against the session's view: a snapshot of the store outside transactions. */
async function withView<T>(
  ctx: LdpContext,
  fn: (view: KvReader, snapshot: Snapshot | undefined) => Promise<T>,
): Promise<T> {
  if (ctx.session.tx !== undefined) return fn(ctx.session.tx.overlay, undefined);
  const kv = repoOf(ctx).kv;
  const snapshot = kv.snapshot();
  try {
    return await fn(snapshotView(kv, snapshot), snapshot);
  } finally {
    await snapshot.close();
  }
}

function notModified(ctx: LdpContext, r: ResourceRecord, extra: HeaderMap = {}): void {
  sendHeaders(ctx.req, ctx.res, 304, {
    ETag: etagOf(r),
    'Last-Modified': httpDate(r.modified),
    ...sessionHeaders(ctx.session),
    ...extra,
  });
}

export async function getResource(ctx: LdpContext, path: string): Promise<void> {
  await withView(ctx, async (view, snapshot) => {
    const r = await requireFound(ctx, view, path);
    if (evaluatePreconditions(ctx.req, r) === 'not-modified') return notModified(ctx, r);
    if (r.kind === 'binary') return sendBinary(ctx, path, r, snapshot);
    const mime = negotiate(ctx.req.headers.accept, RDF_OFFERS);
    if (mime === undefined)
      throw new HttpError(406, `Not Acceptable: containers are served as ${RDF_OFFERS.join(' or ')}`);
    const prefs = parsePrefer(headerOf(ctx.req, 'prefer'));
    const out = await renderContainer(repoOf(ctx), view, ctx.base, path, r, mime, prefs);
    const headers: HeaderMap = {
      ...resourceHeaders(ctx.base, path, r, ctx.session),
      'Content-Type': out.contentType,
      Vary: 'Accept, Prefer',
    };
    if (prefs.return === 'representation') headers['Preference-Applied'] = 'return=representation';
    send(ctx.req, ctx.res, 200, out.body, headers);
  });
}

export async function getMetadata(ctx: LdpContext, path: string): Promise<void> {
  await withView(ctx, async (view) => {
    const r = await requireFound(ctx, view, path);
    if (r.kind !== 'binary') throw notFoundError(`${path}/fcr:metadata`);
    if (evaluatePreconditions(ctx.req, r) === 'not-modified')
      return notModified(ctx, r, { ETag: `W/"${etagOf(r).replace(/"/g, '')}"` });
    const mime = negotiate(ctx.req.headers.accept, RDF_OFFERS);
    if (mime === undefined)
      throw new HttpError(406, `Not Acceptable: descriptions are served as ${RDF_OFFERS.join(' or ')}`);
    const out = await renderDescription(repoOf(ctx), view, ctx.base, path, r, mime);
    send(ctx.req, ctx.res, 200, out.body, {
      ...metadataHeaders(ctx.base, path, r, ctx.session),
      'Content-Type': out.contentType,
      Vary: 'Accept',
    });
  });
}

export async function optionsResource(ctx: LdpContext, path: string, metadata: boolean): Promise<void> {
  const r = await requireFound(ctx, ctx.writer.view(ctx.session), path);
  if (metadata && r.kind !== 'binary') throw notFoundError(`${path}/fcr:metadata`);
  const headers =
    metadata && r.kind === 'binary'
      ? metadataHeaders(ctx.base, path, r, ctx.session)
      : resourceHeaders(ctx.base, path, r, ctx.session);
  send(ctx.req, ctx.res, 200, '', headers);
}
