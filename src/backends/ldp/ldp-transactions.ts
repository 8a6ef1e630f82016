/**
 * One transaction per batch (docs/protocols.md §2.7). Fedora 4/5: `POST /fcr:tx` → `…/tx:<id>`, work
 * under that URL prefix, commit with `POST …/tx:<id>/fcr:tx/fcr:commit`. Fedora 6: `POST /fcr:tx` →
 * `…/fcr:tx/<uuid>`, work with an `Atomic-ID` header, commit with `PUT` on the transaction URI. A
 * transaction a killed run left open is rolled back by its URI (Fedora 4/5 `POST …/fcr:tx/fcr:rollback`,
 * Fedora 6 `DELETE`); unknown (404) or closed and expired (410) means it is gone already.
 */
import { RunFailedError } from '../../errors.js';
import type { HttpTarget } from '../http/http-target.js';
import { OpError } from '../op-timer.js';
import type { Flavor } from './flavor.js';
import { locationPath } from './ldp-responses.js';
import { refusal } from '../http/target-errors.js';

export interface OpenTx {
  /** Fedora 4/5: the path that replaces the base path inside the transaction. */
  prefix?: string;
  /** Fedora 6: the Atomic-ID header value (the transaction URI). */
  atomicId?: string;
  /** Path of the transaction resource. */
  path: string;
}

export async function beginTx(http: HttpTarget, flavor: Flavor): Promise<OpenTx> {
  if (flavor.tx === 'none')
    throw new RunFailedError('E_TARGET', `--tx per-batch: flavor ${flavor.name} has no transactions`, {
      hint: 'use --tx none',
    });
  const r = await http.request('POST', `${http.basePath}/fcr:tx`, { body: '', readText: true });
  const refused = refusal(r, {
    method: 'POST',
    path: `${http.basePath}/fcr:tx`,
    target: http.display,
    sent: http.sentAuth,
  });
  if (refused) throw refused;
  if (r.status !== 201) throw new OpError(`E_HTTP_${r.status}`, `POST fcr:tx: HTTP ${r.status}`, r.status);
  const path = locationPath(r, http.base.origin, '');
  if (!path) throw new OpError('E_PROTOCOL', 'POST fcr:tx answered 201 without a Location');
  return flavor.tx === 'prefix' ? { prefix: path, path } : { atomicId: `${http.base.origin}${path}`, path };
}

export async function commitTx(http: HttpTarget, flavor: Flavor, tx: OpenTx): Promise<number> {
  const r =
    flavor.tx === 'prefix'
      ? await http.request('POST', `${tx.path}/fcr:tx/fcr:commit`, { body: '', readText: true })
      : await http.request('PUT', tx.path, { body: '', readText: true });
  const refused = refusal(r, {
    method: flavor.tx === 'prefix' ? 'POST' : 'PUT',
    path: flavor.tx === 'prefix' ? `${tx.path}/fcr:tx/fcr:commit` : tx.path,
    target: http.display,
    sent: http.sentAuth,
  });
  if (refused) throw refused;
  if (r.status !== 204 && r.status !== 200) {
    throw new OpError(
      r.status === 410 ? 'E_TX_EXPIRED' : r.status === 409 ? 'E_TX_CONFLICT' : `E_HTTP_${r.status}`,
      `commit ${tx.path}: HTTP ${r.status} ${r.text.slice(0, 120)}`,
      r.status,
    );
  }
  return r.status;
}

/** Rolls back the transaction at `uri` (its full URI, as openTransaction recorded it). */
export async function rollbackTx(http: HttpTarget, flavor: Flavor, uri: string): Promise<'rolled-back' | 'gone'> {
  const path = new URL(uri, http.base).pathname;
  const [method, target] = flavor.tx === 'prefix' ? ['POST', `${path}/fcr:tx/fcr:rollback`] : ['DELETE', path];
  const r = await http.request(method, target, { ...(method === 'POST' ? { body: '' } : {}), readText: true });
  const refused = refusal(r, { method, path: target, target: http.display, sent: http.sentAuth });
  if (refused) throw refused;
  if (r.status === 404 || r.status === 410) return 'gone';
  if (r.status !== 204 && r.status !== 200)
    throw new OpError(`E_HTTP_${r.status}`, `roll back ${path}: HTTP ${r.status} ${r.text.slice(0, 120)}`, r.status);
  return 'rolled-back';
}
