/**
 * Splits a request-target into raw path segments and query parameters, rejecting the path tricks a
 * servlet container (Tomcat, which fronts Fedora) rejects with 400 before any resource sees them:
 * malformed %-escapes, encoded slashes or backslashes, and dot segments.
 */
import { badRequest } from './http-error.js';
import { decodeSegment, hasValidEscapes } from './url-encoding.js';

export interface RequestTarget {
  /** The path as sent, without query or fragment, e.g. `/fedora/objects/demo:1`. */
  rawPath: string;
  /** Raw (still percent-encoded) segments after the leading slash; `/a/b/` → ['a', 'b', '']. */
  segments: string[];
  query: URLSearchParams;
}

export function parseRequestTarget(url: string | undefined): RequestTarget {
  if (url === undefined || url === '') throw badRequest('Bad Request: empty request-target');
  let target = url;
  const abs = /^https?:\/\/[^/?#]*/i.exec(target);
  if (abs) target = target.slice(abs[0].length) || '/';
  if (!target.startsWith('/')) throw badRequest('Bad Request: the request-target must be a path');
  const hash = target.indexOf('#');
  if (hash >= 0) target = target.slice(0, hash);
  const q = target.indexOf('?');
  const rawPath = q >= 0 ? target.slice(0, q) : target;
  const rawQuery = q >= 0 ? target.slice(q + 1) : '';
  if (!hasValidEscapes(rawPath)) throw badRequest('Bad Request: malformed percent-encoding in the path');
  if (/%2f|%5c|\\/i.test(rawPath))
    throw badRequest('Bad Request: encoded slashes and backslashes are not allowed in the path');
  const segments = rawPath.slice(1).split('/');
  for (const s of segments) {
    const d = decodeSegment(s);
    if (d === '.' || d === '..') throw badRequest('Bad Request: dot segments are not allowed in the path');
  }
  return { rawPath, segments, query: new URLSearchParams(rawQuery) };
}

/** The path with its last segment replaced, as `URI.resolve(relative)` does for a request URI. */
export function siblingPath(rawPath: string, lastSegment: string): string {
  return rawPath.slice(0, rawPath.lastIndexOf('/') + 1) + lastSegment;
}
