/**
 * Read-side probes over Fedora 3 (issue 18; docs/protocols.md §1.4, §1.5): HEAD and a byte Range GET
 * on a datastream's `/content` (200 with Content-Length; 206 with Content-Range), and the first
 * page of `findObjects` on the run's PID prefix (`query=pid~NS:prefix*`, resultFormat=xml): Fedora
 * pages with a listSession, and caps a page at the fieldSearch module's maxResults (100 by default).
 */
import type { Asked, HttpTarget } from '../http/http-target.js';
import { probeFailure } from '../http/probe-requests.js';

/** The first findObjects page of PIDs matching `pattern` (e.g. `bench:abc123-*`): how many it names. */
export async function findObjectsPage(http: HttpTarget, pattern: string, max: number, asked: (path: string) => Asked): Promise<{ entries: number; httpStatus: number }> {
  const q = new URLSearchParams({ query: `pid~${pattern}`, pid: 'true', resultFormat: 'xml', maxResults: String(max) }).toString();
  const path = `${http.basePath}/objects?${q}`;
  const r = await http.request('GET', path, { readText: true });
  if (r.status !== 200) probeFailure(r.status, r.headers, r.text, asked(path));
  return { entries: [...r.text.matchAll(/<pid>[^<]*<\/pid>/g)].length, httpStatus: r.status };
}
