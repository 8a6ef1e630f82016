/**
 * The headers every LDP response about a resource carries (docs/protocols.md §2.4, §5.19): type
 * links, describedby/describes, ETag and X-State-Token, Last-Modified, Allow, Accept-Post,
 * Content-Disposition for binaries, and Atomic-ID inside a transaction.
 */
import { httpDate } from '../common/dates.js';
import type { HeaderMap } from '../common/respond.js';
import { LDP, RDF_TYPES } from './interaction-model.js';
import { nameOf, uriOf } from './ldp-path.js';
import { etagOf, stateToken, type BinaryRecord, type ResourceRecord } from './ldp-records.js';
import type { Session } from './sessions.js';

export const ALLOW_CONTAINER = 'DELETE, POST, HEAD, GET, PUT, OPTIONS';
export const ALLOW_ROOT = 'POST, HEAD, GET, PUT, OPTIONS';
export const ALLOW_BINARY = 'DELETE, HEAD, GET, PUT, OPTIONS';
export const ALLOW_METADATA = 'HEAD, GET, PUT, OPTIONS';
export const ACCEPT_POST = [...RDF_TYPES, '*/*'].join(', ');

const typeLink = (t: string): string => `<${LDP}${t}>;rel="type"`;

export function typeLinks(r: ResourceRecord): string[] {
  if (r.kind === 'binary') return [typeLink('NonRDFSource'), typeLink('Resource')];
  return [typeLink(r.model), typeLink('Container'), typeLink('RDFSource'), typeLink('Resource')];
}

/** A header-safe quoted file name, plus filename* when it is not plain ASCII (RFC 6266). */
function filenameParams(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, (c) => `\\${c}`);
  const plain = `filename="${ascii}"`;
  return /^[\x20-\x7e]*$/.test(name) ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function contentDisposition(r: BinaryRecord, path: string): string {
  const name = r.filename ?? decodeURIComponent(nameOf(path));
  return `attachment; ${filenameParams(name)}; creation-date="${httpDate(r.created)}"; modification-date="${httpDate(r.modified)}"; size=${r.size}`;
}

export function allowFor(path: string, r: ResourceRecord): string {
  if (r.kind === 'binary') return ALLOW_BINARY;
  return path === '' ? ALLOW_ROOT : ALLOW_CONTAINER;
}

export function sessionHeaders(session: Session): HeaderMap {
  return session.txUri === undefined ? {} : { 'Atomic-ID': session.txUri };
}

/** Headers for a GET/HEAD/OPTIONS/create response about the resource itself. */
export function resourceHeaders(base: string, path: string, r: ResourceRecord, session: Session): HeaderMap {
  const uri = uriOf(base, path);
  const links = typeLinks(r);
  const h: HeaderMap = {
    ETag: etagOf(r),
    'X-State-Token': stateToken(r),
    'Last-Modified': httpDate(r.modified),
    Allow: allowFor(path, r),
    ...sessionHeaders(session),
  };
  if (r.kind === 'binary') {
    links.unshift(`<${uri}/fcr:metadata>; rel="describedby"`);
    h['Accept-Ranges'] = 'bytes';
    h['Content-Disposition'] = contentDisposition(r, path);
  } else {
    h['Accept-Post'] = ACCEPT_POST;
  }
  h.Link = links;
  return h;
}

/** Headers for the description (fcr:metadata) of a binary. */
export function metadataHeaders(base: string, path: string, r: BinaryRecord, session: Session): HeaderMap {
  const uri = uriOf(base, path);
  return {
    ETag: `W/"${stateToken(r)}"`,
    'X-State-Token': stateToken(r),
    'Last-Modified': httpDate(r.modified),
    Allow: ALLOW_METADATA,
    Link: [`<${uri}>; rel="describes"`, typeLink('RDFSource'), typeLink('Resource')],
    ...sessionHeaders(session),
  };
}

export function tombstoneLink(base: string, tombstonePath: string): string {
  return `<${uriOf(base, tombstonePath).replace(/\/$/, '')}/fcr:tombstone>; rel="hasTombstone"`;
}
