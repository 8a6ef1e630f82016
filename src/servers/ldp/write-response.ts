/**
 * Answers to a successful create or update (docs/protocols.md §2.4, §5.11): 201 with Location and,
 * by default, the new URI as text/plain; `Prefer: return=minimal` → no body; `return=representation`
 * → the container's RDF. An Accept header that excludes text/plain with no Prefer header → 406,
 * checked before anything is stored (this server answers 406 without side effects). Updates → 204.
 */
import { HttpError } from '../common/http-error.js';
import { send, type HeaderMap } from '../common/respond.js';
import { RDF_OFFERS, renderContainer } from './container-rdf.js';
import { repoOf, type LdpContext } from './ldp-context.js';
import { uriOf } from './ldp-path.js';
import type { ResourceRecord } from './ldp-records.js';
import { headerOf, sendHeaders } from './ldp-http.js';
import { accepts, negotiate, parsePrefer } from './negotiation.js';
import { resourceHeaders } from './response-headers.js';

/** 406 before the work when the 201 body (text/plain) would not be acceptable. */
export function checkCreateAcceptable(ctx: LdpContext): void {
  const prefs = parsePrefer(headerOf(ctx.req, 'prefer'));
  if (!prefs.sent && !accepts(ctx.req.headers.accept, 'text/plain')) {
    throw new HttpError(
      406,
      'Not Acceptable: a create answers with the new URI as text/plain (send Accept: */* or Prefer: return=minimal)',
    );
  }
}

export async function respondCreated(ctx: LdpContext, path: string, r: ResourceRecord): Promise<void> {
  const uri = uriOf(ctx.base, path);
  const prefs = parsePrefer(headerOf(ctx.req, 'prefer'));
  const headers: HeaderMap = { ...resourceHeaders(ctx.base, path, r, ctx.session), Location: uri };
  if (prefs.return === 'minimal') {
    send(ctx.req, ctx.res, 201, '', { ...headers, 'Preference-Applied': 'return=minimal' });
    return;
  }
  if (prefs.return === 'representation' && r.kind === 'container') {
    const mime = negotiate(ctx.req.headers.accept, RDF_OFFERS) ?? 'text/turtle';
    const out = await renderContainer(repoOf(ctx), ctx.writer.view(ctx.session), ctx.base, path, r, mime, prefs);
    send(ctx.req, ctx.res, 201, out.body, {
      ...headers,
      'Content-Type': out.contentType,
      'Preference-Applied': 'return=representation',
    });
    return;
  }
  send(ctx.req, ctx.res, 201, uri, { ...headers, 'Content-Type': 'text/plain;charset=utf-8' });
}

export function respondUpdated(ctx: LdpContext, path: string, r: ResourceRecord): void {
  const h = resourceHeaders(ctx.base, path, r, ctx.session);
  sendHeaders(ctx.req, ctx.res, 204, {
    ETag: h.ETag ?? '',
    'Last-Modified': h['Last-Modified'] ?? '',
    Link: h.Link ?? [],
    ...(h['Atomic-ID'] === undefined ? {} : { 'Atomic-ID': h['Atomic-ID'] }),
  });
}
