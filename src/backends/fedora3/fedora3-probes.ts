/**
 * Read-side probes over Fedora 3 (docs/probes.md; docs/protocols.md §1.4, §1.5): HEAD and a byte Range GET
 * on a datastream's `/content` (200 with Content-Length; 206 with Content-Range), and the first
 * page of `findObjects` on the run's PID prefix (`query=pid~NS:prefix*`, resultFormat=xml): Fedora
 * pages with a listSession, and caps a page at the fieldSearch module's maxResults (100 by default).
 * The `update` probe is modifyDatastream.
 */
import { contentChunks, contentSha256, type DatastreamPlan } from '../../generate/index.js';
import type { Asked, HttpTarget } from '../http/http-target.js';
import { OpError } from '../op-timer.js';
import { probeFailure } from '../http/probe-requests.js';

/** The first findObjects page of PIDs matching `pattern` (e.g. `bench:abc123-*`): how many it names. */
export async function findObjectsPage(
  http: HttpTarget,
  pattern: string,
  max: number,
  asked: (path: string) => Asked,
): Promise<{ entries: number; httpStatus: number }> {
  const q = new URLSearchParams({
    query: `pid~${pattern}`,
    pid: 'true',
    resultFormat: 'xml',
    maxResults: String(max),
  }).toString();
  const path = `${http.basePath}/objects?${q}`;
  const r = await http.request('GET', path, { readText: true });
  if (r.status !== 200) probeFailure(r.status, r.headers, r.text, asked(path));
  return { entries: [...r.text.matchAll(/<pid>[^<]*<\/pid>/g)].length, httpStatus: r.status };
}

/**
 * modifyDatastream (§1.3): `PUT …/datastreams/{dsID}` with the next version's bytes and its SHA-256
 * for the server to check; 200 with the new profile.
 */
export async function modifyDatastream(
  http: HttpTarget,
  path: string,
  ds: DatastreamPlan,
  asked: Asked,
): Promise<{ httpStatus: number; ttfbMs: number; sha256: string }> {
  const sha256 = contentSha256(ds);
  const q = new URLSearchParams({ mimeType: ds.mime, checksumType: 'SHA-256', checksum: sha256 }).toString();
  const r = await http.request('PUT', `${path}?${q}`, {
    headers: { 'content-type': ds.mime, 'content-length': String(ds.size) },
    body: contentChunks(ds),
    readText: true,
  });
  if (r.status !== 200) {
    if (r.status === 500 && /Checksum Mismatch/i.test(r.text))
      throw new OpError(
        'E_CHECKSUM',
        `PUT ${path}: the server computed another checksum: ${r.text.slice(0, 120)}`,
        500,
      );
    probeFailure(r.status, r.headers, r.text, asked);
  }
  return { httpStatus: r.status, ttfbMs: r.ttfbMs, sha256 };
}
