/**
 * Conditional requests (docs/protocols.md §2.4, §5.20; RFC 9110 §13.2.2 order). Last-Modified is
 * compared at whole seconds. If-Match / If-Unmodified-Since / X-If-State-Token failures → 412; a
 * matching If-None-Match → 304 for GET/HEAD and 412 otherwise; If-Modified-Since → 304 (GET/HEAD).
 * Interpretation: If-Match compares the opaque tag ignoring W/, so a client can guard a container
 * update with the weak ETag it was given (RFC strictness would make that impossible).
 */
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../common/http-error.js';
import { parseHttpDate } from '../common/dates.js';
import { etagOf, stateToken, type ResourceRecord } from './ldp-records.js';

export type Precondition = 'proceed' | 'not-modified';

function tags(header: string): string[] {
  return header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

const opaque = (tag: string): string => tag.replace(/^W\//, '');

const seconds = (ms: number): number => Math.floor(ms / 1000);

function failed(what: string): HttpError {
  return new HttpError(412, `Precondition Failed: ${what}`);
}

/** Evaluates the request's preconditions against the current resource (undefined when absent). */
export function evaluatePreconditions(req: IncomingMessage, current: ResourceRecord | undefined): Precondition {
  const h = req.headers;
  const method = req.method ?? 'GET';
  const safe = method === 'GET' || method === 'HEAD';
  const etag = current === undefined ? undefined : etagOf(current);
  const ifMatch = h['if-match'];
  if (ifMatch !== undefined) {
    const list = tags(ifMatch);
    const ok = etag !== undefined && (list.includes('*') || list.some((t) => opaque(t) === opaque(etag)));
    if (!ok) throw failed('If-Match');
  } else {
    const since = parseHttpDate(h['if-unmodified-since']);
    if (since !== undefined && current !== undefined && seconds(current.modified) > seconds(since))
      throw failed('If-Unmodified-Since');
  }
  const token = h['x-if-state-token'];
  if (
    typeof token === 'string' &&
    token.trim() !== '' &&
    (current === undefined || token.trim() !== stateToken(current))
  ) {
    throw failed('X-If-State-Token');
  }
  const ifNoneMatch = h['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const list = tags(ifNoneMatch);
    const matched = etag !== undefined && (list.includes('*') || list.some((t) => opaque(t) === opaque(etag)));
    if (matched) {
      if (safe) return 'not-modified';
      throw failed('If-None-Match');
    }
  } else if (safe && current !== undefined) {
    const since = parseHttpDate(h['if-modified-since']);
    if (since !== undefined && seconds(current.modified) <= seconds(since)) return 'not-modified';
  }
  return 'proceed';
}
