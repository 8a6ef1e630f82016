/**
 * Request targets under /rest (docs/protocols.md §2.1) and the path arithmetic on canonical encoded
 * paths ('' is the root container, 'a/b' a grandchild). Malformed escapes, encoded slashes, dot
 * segments, empty inner segments, control characters and bad UTF-8 → 400 before any lookup.
 */
import { HttpError, badRequest, notFound } from '../common/http-error.js';
import { parseRequestTarget } from '../common/request-target.js';

export const BASE_SEGMENT = 'rest';

export type Target =
  | { kind: 'resource'; path: string } //   /rest/a/b
  | { kind: 'metadata'; path: string } //   /rest/a/b/fcr:metadata (description of a binary)
  | { kind: 'tombstone'; path: string } //  /rest/a/b/fcr:tombstone
  | { kind: 'tx-collection' } //            /rest/fcr:tx
  | { kind: 'tx'; id: string }; //          /rest/fcr:tx/{id}

/** Decodes one raw segment strictly: malformed UTF-8, '/', control characters, '.', '..' → 400. */
export function decodeStrict(raw: string, what = 'path segment'): string {
  let s: string;
  try {
    s = decodeURIComponent(raw);
  } catch {
    throw badRequest(`Bad Request: malformed percent-encoding in ${what}`);
  }
  if (s === '.' || s === '..') throw badRequest(`Bad Request: dot segments are not allowed in ${what}`);
  if (s.includes('/') || s.includes('\\')) throw badRequest(`Bad Request: '/' is not allowed in ${what}`);
  if (/[\u0000-\u001f\u007f]/.test(s)) throw badRequest(`Bad Request: control characters are not allowed in ${what}`);
  return s;
}

/** Canonical encoding of a decoded segment (used for keys and URIs alike). */
export function encodeSegment(decoded: string): string {
  try {
    return encodeURIComponent(decoded);
  } catch {
    throw badRequest('Bad Request: the name is not valid Unicode');
  }
}

export function parseTarget(url: string | undefined): Target {
  const t = parseRequestTarget(url);
  const segs = [...t.segments];
  if (segs[0] !== BASE_SEGMENT) throw notFound('Not Found: resources live under /rest');
  segs.shift();
  if (segs.length > 0 && segs[segs.length - 1] === '') segs.pop();
  if (segs.some((s) => s === '')) throw badRequest('Bad Request: empty path segment');
  const decoded = segs.map((s) => decodeStrict(s));
  if (decoded[0] === 'fcr:tx') {
    if (decoded.length === 1) return { kind: 'tx-collection' };
    const id = decoded[1];
    if (decoded.length === 2 && id !== undefined) return { kind: 'tx', id };
    throw notFound('Not Found: no such transaction endpoint');
  }
  const last = decoded[decoded.length - 1];
  let kind: 'resource' | 'metadata' | 'tombstone' = 'resource';
  if (last === 'fcr:metadata') kind = 'metadata';
  else if (last === 'fcr:tombstone') kind = 'tombstone';
  if (kind !== 'resource') decoded.pop();
  if (decoded.some((s) => s.startsWith('fcr:'))) {
    throw new HttpError(404, 'Not Found: this reference server has no such fcr: endpoint');
  }
  if (kind !== 'resource' && decoded.length === 0) throw notFound(`Not Found: the root has no ${last}`);
  return { kind, path: decoded.map(encodeSegment).join('/') };
}

export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function childPath(parent: string, name: string): string {
  return parent === '' ? name : `${parent}/${name}`;
}

/** True when `path` lies strictly below `ancestor`. */
export function isBelow(path: string, ancestor: string): boolean {
  if (ancestor === '') return path !== '';
  return path.startsWith(`${ancestor}/`);
}

/** Proper ancestors from the parent up to (and including) the root ''. */
export function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  let p = path;
  while (p !== '') {
    p = parentOf(p);
    out.push(p);
  }
  return out;
}

/** The resource's URI; the root is `{base}/` as in Fedora. */
export function uriOf(base: string, path: string): string {
  return path === '' ? `${base}/` : `${base}/${path}`;
}
