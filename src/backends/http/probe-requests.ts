/**
 * The HTTP requests of read-side probes (docs/probes.md) that every HTTP backend shares: HEAD for a
 * datastream's metadata, and a single byte Range GET that must come back as 206 with the
 * Content-Range asked for (RFC 9110 §14.4, §15.3.7) — a 200 with the whole body would hide a store
 * that ignores ranges. Failures are operation errors (E_NOT_FOUND, E_HTTP_<status>); 401/403 end
 * the run as refusals, as in ingest.
 */
import { OpError } from '../op-timer.js';
import { refusal, type Asked, type HttpTarget } from './http-target.js';

type Headers = Record<string, string | string[] | undefined>;

/** Throws for a status that is not the one wanted: the refusal (401/403) or an operation error. */
export function probeFailure(status: number, headers: Headers, text: string, a: Asked): never {
  const refused = refusal({ status, headers, text }, a);
  if (refused) throw refused;
  throw new OpError(
    status === 404 || status === 410 ? 'E_NOT_FOUND' : `E_HTTP_${status}`,
    `${a.method} ${a.path}: HTTP ${status} ${text.slice(0, 120)}`.trim(),
    status,
  );
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** HEAD: the size from Content-Length (null when the server sends none). */
export async function headSize(
  http: HttpTarget,
  path: string,
  a: Asked,
  headers: Record<string, string> = {},
): Promise<{ size: number | null; httpStatus: number }> {
  const r = await http.request('HEAD', path, { headers, readText: true });
  if (r.status !== 200) probeFailure(r.status, r.headers, r.text, a);
  const length = first(r.headers['content-length']);
  return { size: length === undefined ? null : Number(length), httpStatus: r.status };
}

/** GET with `Range: bytes=start-(end-1)`: the body of a 206 whose Content-Range names exactly that range. */
export async function* rangeBody(
  http: HttpTarget,
  path: string,
  range: { start: number; end: number },
  a: Asked,
): AsyncIterable<Uint8Array> {
  const res = await http.open('GET', path, { range: `bytes=${range.start}-${range.end - 1}` });
  if (res.status !== 206) {
    const text = await res.body.text().catch(() => '');
    if (res.status === 200)
      throw new OpError(
        'E_RANGE_IGNORED',
        `${a.method} ${a.path}: the server answered a Range request with 200 and the whole body`,
        200,
      );
    probeFailure(res.status, res.headers, text, a);
  }
  const cr = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(first(res.headers['content-range']) ?? '');
  if (!cr || Number(cr[1]) !== range.start || Number(cr[2]) !== range.end - 1) {
    await res.body.dump().catch(() => undefined);
    throw new OpError(
      'E_RANGE_MISMATCH',
      `${a.method} ${a.path}: asked for bytes ${range.start}-${range.end - 1}, Content-Range says "${first(res.headers['content-range']) ?? ''}"`,
      206,
    );
  }
  yield* res.body;
}
