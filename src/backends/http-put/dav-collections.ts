/**
 * WebDAV collections for `http-put` (RFC 4918 §9.3, §9.7.1): a PUT whose parent collection does not
 * exist fails (Apache mod_dav 409, rclone 404), so with `--collections mkcol` the run's collection,
 * each level of the layout and each object's own collection are made with MKCOL first. A 2xx made
 * it; 405 means it exists already (success); 501 means the server has no MKCOL and makes paths on
 * PUT itself. Collection paths end with `/` (nginx refuses MKCOL and DELETE of a directory without).
 */
import { refusal, type Asked, type HttpResult, type HttpTarget } from '../http/http-target.js';
import { OpError } from '../op-timer.js';

export const COLLECTION_MODES = ['mkcol', 'none'] as const;
export type CollectionsMode = (typeof COLLECTION_MODES)[number];

export interface MkcolResult {
  httpStatus: number;
  ttfbMs: number | null;
  /** made (2xx), exists (405), or unsupported (501: the server makes paths itself). */
  outcome: 'made' | 'exists' | 'unsupported';
}

/** The request as a target error names it (never the credentials, only their kind). */
export function asked(http: HttpTarget, method: string, path: string): Asked {
  return { method, path, target: http.display, sent: http.sentAuth };
}

/** How a server answered MKCOL: made, exists or unsupported; null for any other answer. 401/403 end the run. */
export function mkcolOutcome(http: HttpTarget, r: HttpResult, path: string): MkcolResult | null {
  const base = { httpStatus: r.status, ttfbMs: r.ttfbMs };
  if (r.status >= 200 && r.status < 300) return { ...base, outcome: 'made' };
  if (r.status === 405) return { ...base, outcome: 'exists' };
  if (r.status === 501) return { ...base, outcome: 'unsupported' };
  const refused = refusal(r, asked(http, 'MKCOL', path));
  if (refused) throw refused;
  return null;
}

/** MKCOL of one collection; any other answer is an OpError naming the request (401/403 end the run). */
export async function mkcol(http: HttpTarget, path: string): Promise<MkcolResult> {
  const r = await http.send('MKCOL', path, {}, null);
  const known = mkcolOutcome(http, r, path);
  if (known) return known;
  const why =
    r.status === 409
      ? ' (its parent collection does not exist)'
      : r.status === 507
        ? ' (the server is out of space)'
        : '';
  throw new OpError(
    r.status === 409 ? 'E_CONFLICT' : `E_HTTP_${r.status}`,
    `MKCOL ${path}: HTTP ${r.status}${why}`,
    r.status,
  );
}

/** DELETE of one resource or collection: true when it was there, false when already gone (404). */
export async function deleteResource(http: HttpTarget, path: string): Promise<boolean> {
  const r = await http.send('DELETE', path, {}, null);
  if (r.status === 200 || r.status === 202 || r.status === 204) return true;
  if (r.status === 404 || r.status === 410) return false;
  const refused = refusal(r, asked(http, 'DELETE', path));
  if (refused) throw refused;
  throw new OpError(`E_HTTP_${r.status}`, `DELETE ${path}: HTTP ${r.status}`, r.status);
}

/**
 * The collection paths (each ending in `/`) of an object's layout levels below the run's root,
 * shallowest first, e.g. root/ab/, root/ab/cd/ for segments [ab, cd].
 */
export function levelPaths(root: string, segments: readonly string[]): string[] {
  const out: string[] = [];
  let p = root;
  for (const s of segments) {
    p += `/${encodeURIComponent(s)}`;
    out.push(`${p}/`);
  }
  return out;
}

/** Depth of a collection path below the root (its number of segments), for ordering parents first. */
export function depthOf(root: string, path: string): number {
  return path
    .slice(root.length)
    .split('/')
    .filter((s) => s.length > 0).length;
}

/** fn over items with at most `width` in flight, in input order of start; results in input order. */
export async function inSlices<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width) out.push(...(await Promise.all(items.slice(i, i + width).map(fn))));
  return out;
}
