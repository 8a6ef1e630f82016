/**
 * Read-side probes over plain HTTP/WebDAV (docs/probes.md): HEAD and a byte Range GET on a datastream's
 * path (shared with the other HTTP backends), and the run collection's listing with WebDAV
 * `PROPFIND Depth: 1` (RFC 4918 §9.1): a 207 multistatus with one response per member plus the
 * collection itself. WebDAV does not page, so the whole listing is the first page. A server that
 * does not answer PROPFIND (405/501: nginx's dav_methods without dav_ext) cannot be listed:
 * E_LIST_UNSUPPORTED, which ends a run that asked for the list probe. The `update` probe PUTs the
 * next version over the datastream's path.
 */
import { contentChunks, type DatastreamPlan } from '../../generate/index.js';
import { refusal, type Asked, type HttpTarget } from '../http/http-target.js';
import { probeFailure } from '../http/probe-requests.js';
import { UsageError } from '../../errors.js';
import { OpError } from '../op-timer.js';

const PROPFIND_BODY =
  '<?xml version="1.0" encoding="utf-8"?>\n<propfind xmlns="DAV:"><prop><resourcetype/></prop></propfind>\n';

export async function propfindMembers(
  http: HttpTarget,
  collection: string,
  a: Asked,
): Promise<{ entries: number; httpStatus: number }> {
  const r = await http.request('PROPFIND', collection, {
    headers: {
      depth: '1',
      'content-type': 'application/xml; charset=utf-8',
      'content-length': String(Buffer.byteLength(PROPFIND_BODY)),
    },
    body: PROPFIND_BODY,
    readText: true,
  });
  if (r.status === 405 || r.status === 501) {
    throw new OpError(
      'E_LIST_UNSUPPORTED',
      `PROPFIND ${collection}: HTTP ${r.status}: the server does not list WebDAV collections (nginx needs the dav_ext module); drop list from --probe`,
      r.status,
    );
  }
  if (r.status !== 207) probeFailure(r.status, r.headers, r.text, a);
  const responses = [...r.text.matchAll(/<(?:[A-Za-z][\w.-]*:)?response[\s>]/g)].length;
  return { entries: Math.max(0, responses - 1), httpStatus: r.status };
}

/** PUT of a datastream's next version over the stored one: 200, 201 or 204. */
export async function putVersion(
  http: HttpTarget,
  path: string,
  ds: DatastreamPlan,
  a: Asked,
): Promise<{ httpStatus: number; ttfbMs: number }> {
  const r = await http.request('PUT', path, {
    headers: { 'content-type': ds.mime, 'content-length': String(ds.size) },
    body: contentChunks(ds),
    readText: true,
  });
  const refused = refusal(r, a);
  if (refused) throw refused;
  if (r.status !== 200 && r.status !== 201 && r.status !== 204)
    throw new OpError(`E_HTTP_${r.status}`, `PUT ${path}: HTTP ${r.status}`, r.status);
  return { httpStatus: r.status, ttfbMs: r.ttfbMs };
}

/**
 * Before anything is written: `PROPFIND Depth: 0` on the --url collection. A 405 or 501 means the
 * server cannot list (nginx's dav_methods), so `--probe list` is refused (exit 2). Any other answer,
 * or no answer, is left to preflight to judge.
 */
export async function refuseUnlistable(http: HttpTarget, path: string): Promise<void> {
  let status: number;
  try {
    status = (
      await http.request('PROPFIND', path, {
        headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8' },
        body: PROPFIND_BODY,
        readText: true,
      })
    ).status;
  } catch {
    return;
  }
  if (status === 405 || status === 501) {
    throw new UsageError(
      'E_PROBE_UNSUPPORTED',
      `--probe list: backend http-put cannot list ${http.display}: it answers PROPFIND with HTTP ${status}`,
      'drop list from --probe for this server (WebDAV listing needs PROPFIND; nginx needs the dav_ext module)',
    );
  }
}
