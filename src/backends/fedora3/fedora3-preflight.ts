/**
 * Before any batch (and before `clean`): `GET /describe?xml=true` shows that the target is a Fedora
 * 3 repository (its name and version); then `POST /objects/nextPID?numPIDs=1&namespace=NS&format=xml`
 * shows that the credentials may use API-M. getNextPID needs API-M rights like every write, and it
 * mints a PID (Fedora advances its counter for the namespace) without creating an object, so a wrong
 * password or a read-only user stops the run here instead of at the first write.
 */
import { RunFailedError } from '../../errors.js';
import type { TargetInfo } from '../../model/timings.js';
import { authError, targetError, unreachable, type HttpResult, type HttpTarget } from '../http/http-target.js';
import { parseDescribe } from './fedora3-responses.js';

async function ask(
  http: HttpTarget,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
): Promise<HttpResult> {
  try {
    return await http.request(method, path, { headers, readText: true, ...(method === 'POST' ? { body: '' } : {}) });
  } catch (e) {
    throw unreachable(e, http.display);
  }
}

export async function preflightFedora3(http: HttpTarget, ns: string, name: string): Promise<TargetInfo> {
  const where = http.display;
  const describe = `${http.basePath}/describe?xml=true`;
  const r = await ask(http, 'GET', describe, { accept: 'text/xml' });
  if (r.status === 401 || r.status === 403)
    throw authError('GET', describe, r.status, r.headers, r.text, { target: where, sent: http.sentAuth });
  if (r.status >= 500) throw targetError('GET', describe, r.status, r.text, { target: where });
  const info = parseDescribe(r);
  if (!info) {
    const type = String(r.headers['content-type'] ?? 'no content type');
    throw new RunFailedError(
      'E_TARGET',
      `${where} does not look like a Fedora 3 repository: GET ${describe} answered HTTP ${r.status} (${type})`,
      {
        hint: 'give --url the Fedora webapp path, e.g. http://127.0.0.1:8080/fedora',
      },
    );
  }
  const nextPid = `${http.basePath}/objects/nextPID?${new URLSearchParams({ numPIDs: '1', namespace: ns, format: 'xml' }).toString()}`;
  const w = await ask(http, 'POST', nextPid, { accept: 'text/xml' });
  if (w.status === 401 || w.status === 403)
    throw authError('POST', nextPid, w.status, w.headers, w.text, { target: where, sent: http.sentAuth });
  if (w.status !== 200) {
    throw targetError('POST', nextPid, w.status, w.text, {
      target: where,
      hint:
        w.status >= 500
          ? undefined
          : 'the write check (getNextPID of API-M, which creates no object) failed: check that API-M is enabled and --url is the Fedora webapp path',
    });
  }
  return { backend: name, target: where, product: info.name, version: info.version, details: { pidNamespace: ns } };
}
