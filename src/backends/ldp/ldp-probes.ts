/**
 * Read-side probes over LDP (issue 18; docs/protocols.md §2.3): HEAD on a binary, a byte Range GET
 * (206), and the run container's listing — a container GET as Turtle, whose `ldp:contains` names
 * every child: LDP does not page, so the whole listing is the first page and grows with the container.
 */
import type { HttpTarget, Asked } from '../http/http-target.js';
import { probeFailure } from '../http/probe-requests.js';
import { containedIris } from './ldp-responses.js';

/** GET the container as Turtle and count its `ldp:contains` children. */
export async function ldpListContainer(http: HttpTarget, path: string, a: Asked): Promise<{ entries: number; httpStatus: number }> {
  const r = await http.request('GET', path, { headers: { accept: 'text/turtle', prefer: 'return=representation; include="http://www.w3.org/ns/ldp#PreferContainment"' }, readText: true });
  if (r.status !== 200) probeFailure(r.status, r.headers, r.text, a);
  return { entries: containedIris(r.text, `${http.base.origin}${path}`).length, httpStatus: r.status };
}
