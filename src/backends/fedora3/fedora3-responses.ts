/**
 * How a Fedora 3 REST response is read, the Fedora 3 way (docs/protocols.md §1.2–1.6): an existing
 * PID is a 500 whose body says it already exists; a checksum mismatch is a 500 saying "Checksum
 * Mismatch"; 401/403 end the run (naming the request and what the server asked for); anything else
 * unexpected is an operation error with its status.
 */
import { HttpOpError, refusal, type Asked } from '../http/target-errors.js';
import type { HttpResult } from '../http/http-target.js';
import { OpError } from '../op-timer.js';

const snippet = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, 160);

export type { Asked };

function refused(r: HttpResult, a: Asked): void {
  const e = refusal(r, a);
  if (e) throw e;
}

const failed = (code: string, message: string, r: HttpResult, a: Asked): HttpOpError =>
  new HttpOpError(code, message, { method: a.method, path: a.path, status: r.status, text: r.text });

/** POST /objects/{pid}: 201 is success. */
export function checkCreateObject(r: HttpResult, pid: string, a: Asked): void {
  if (r.status === 201) return;
  refused(r, a);
  if (r.status === 500 && /already exists/i.test(r.text)) throw new OpError('E_EXISTS', `object exists: ${pid}`, 500);
  throw failed(`E_HTTP_${r.status}`, `create ${pid}: HTTP ${r.status} ${snippet(r.text)}`, r, a);
}

/** POST /objects/{pid}/datastreams/{dsID}: 201 is success (also when it modified an existing one). */
export function checkAddDatastream(r: HttpResult, pid: string, dsId: string, a: Asked): void {
  if (r.status === 201) return;
  refused(r, a);
  if (r.status === 500 && /Checksum Mismatch/i.test(r.text))
    throw new OpError('E_CHECKSUM', `fixity failure on ${pid}/${dsId}: ${snippet(r.text)}`, 500);
  if (r.status === 404) throw new OpError('E_NOT_FOUND', `object ${pid} not found when adding ${dsId}`, 404);
  throw failed(`E_HTTP_${r.status}`, `add ${pid}/${dsId}: HTTP ${r.status} ${snippet(r.text)}`, r, a);
}

/** DELETE /objects/{pid}: 200 is success, 404 means it was not there. */
export function checkPurge(r: HttpResult, pid: string, a: Asked): void {
  if (r.status === 200) return;
  refused(r, a);
  if (r.status === 404) throw new OpError('E_NOT_FOUND', `object ${pid} not found`, 404);
  throw failed(`E_HTTP_${r.status}`, `purge ${pid}: HTTP ${r.status} ${snippet(r.text)}`, r, a);
}

export interface DescribeInfo {
  name: string;
  version: string;
  baseUrl: string | undefined;
}

/** GET /describe?xml=true → repository name and version; null when it is not a Fedora 3 describe document. */
export function parseDescribe(r: HttpResult): DescribeInfo | null {
  if (r.status !== 200 || !/<fedoraRepository[\s>]/.test(r.text)) return null;
  const field = (name: string): string | undefined =>
    new RegExp(`<${name}>([^<]*)</${name}>`).exec(r.text)?.[1]?.trim();
  const version = field('repositoryVersion');
  if (version === undefined) return null;
  return { name: field('repositoryName') ?? 'Fedora Repository', version, baseUrl: field('repositoryBaseURL') };
}
