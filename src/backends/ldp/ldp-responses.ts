/**
 * How LDP answers are read (docs/protocols.md §2.2–2.5, §5.11–5.18): 201 creates, 204 or 205 updates
 * and deletes, 409 for a digest mismatch or conflict, 410 for a tombstone, 401/403 end the run.
 */
import type { HttpResult } from '../http/http-target.js';
import { HttpOpError, refusal, type Asked } from '../http/target-errors.js';

const snippet = (t: string): string => t.replace(/\s+/g, ' ').trim().slice(0, 160);

function fail(code: string, message: string, r: HttpResult, a: Asked): HttpOpError {
  return new HttpOpError(code, message, { method: a.method, path: a.path, status: r.status, text: r.text });
}

/** Create or replace: 201 Created, or 204/205 when the resource already existed. */
export function checkWrite(r: HttpResult, what: string, a: Asked, opts: { digest: boolean } = { digest: false }): void {
  if (r.status === 201 || r.status === 204 || r.status === 205) return;
  const refused = refusal(r, a);
  if (refused) throw refused;
  if (r.status === 409 && opts.digest && /digest|checksum|fixity/i.test(r.text))
    throw fail('E_CHECKSUM', `fixity failure on ${what}: ${snippet(r.text)}`, r, a);
  if (r.status === 410) throw fail('E_GONE', `${what} is a tombstone (HTTP 410)`, r, a);
  if (r.status === 409) throw fail('E_CONFLICT', `${what}: HTTP 409 ${snippet(r.text)}`, r, a);
  if (r.status === 412) throw fail('E_EXISTS', `${what} exists (HTTP 412)`, r, a);
  throw fail(`E_HTTP_${r.status}`, `${what}: HTTP ${r.status} ${snippet(r.text)}`, r, a);
}

export function checkDelete(r: HttpResult, what: string, a: Asked): void {
  if (r.status === 200 || r.status === 204 || r.status === 205) return;
  const refused = refusal(r, a);
  if (refused) throw refused;
  if (r.status === 404 || r.status === 410) throw fail('E_NOT_FOUND', `${what} not found (HTTP ${r.status})`, r, a);
  throw fail(`E_HTTP_${r.status}`, `delete ${what}: HTTP ${r.status} ${snippet(r.text)}`, r, a);
}

/** The path of a Location header (absolute or relative) against the target origin. */
export function locationPath(r: HttpResult, origin: string, fallback: string): string {
  const loc = r.headers.location;
  const value = Array.isArray(loc) ? loc[0] : loc;
  if (!value) return fallback;
  const url = new URL(value, `${origin}${fallback}`);
  return url.origin === origin ? url.pathname : fallback;
}

/** Children named by `ldp:contains` in a Turtle container listing (absolute or relative IRIs). */
export function containedIris(turtle: string, base: string): string[] {
  const out: string[] = [];
  const re = /(?:ldp:contains|<http:\/\/www\.w3\.org\/ns\/ldp#contains>)\s+((?:<[^>]*>\s*,?\s*)+)/g;
  for (const m of turtle.matchAll(re)) {
    for (const iri of (m[1] ?? '').matchAll(/<([^>]*)>/g)) out.push(new URL(iri[1] ?? '', base).href);
  }
  return out;
}
