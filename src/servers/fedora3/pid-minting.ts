/**
 * PID minting for POST /objects/new and POST /objects/nextPID (docs/protocols.md §1.2, §1.5):
 * `{namespace}:{n}` from a per-namespace sequence kept in LevelDB, skipping numbers already taken by
 * objects ingested under an explicit PID.
 */
import { serverError } from '../common/http-error.js';
import { send } from '../common/respond.js';
import { type Exchange, type Fedora3Context, intParam, param, wantsXml } from './exchange.js';
import { isValidNamespace, normalizePid } from './pid.js';
import type { Fedora3Store } from './store.js';
import { DEFAULT_NAMESPACE, pidListXml, simpleHtml } from './xml-repository.js';

export const MAX_PIDS_PER_REQUEST = 1000;

export async function mintPids(store: Fedora3Store, namespace: string, count: number): Promise<string[]> {
  return store.withLock(`\u0000seq\u0000${namespace}`, async () => {
    const out: string[] = [];
    while (out.length < count) {
      const n = await store.allocate(namespace, 1);
      const checked = normalizePid(`${namespace}:${n}`);
      if (!checked.ok) throw serverError(checked.reason);
      if ((await store.getObject(checked.value)) === undefined) out.push(checked.value);
    }
    return out;
  });
}

/** POST /objects/nextPID?numPIDs=1&namespace=…&format=xml → 200 pidList (management namespace). */
export async function handleNextPid(ctx: Fedora3Context, x: Exchange): Promise<void> {
  const count = intParam(x, 'numPIDs', 1);
  const namespace = param(x, 'namespace') || DEFAULT_NAMESPACE;
  if (!isValidNamespace(namespace)) throw serverError(`Invalid PID namespace: ${namespace}`);
  if (count > MAX_PIDS_PER_REQUEST)
    throw serverError(`numPIDs may be at most ${MAX_PIDS_PER_REQUEST} on this reference server`);
  if (count < 1) {
    send(x.req, x.res, 204, '');
    return;
  }
  const pids = await mintPids(ctx.store, namespace, count);
  if (wantsXml(param(x, 'format'))) send(x.req, x.res, 200, pidListXml(pids), { 'Content-Type': 'text/xml' });
  else
    send(
      x.req,
      x.res,
      200,
      simpleHtml(
        'Next PIDs',
        pids.map((p, i) => [String(i + 1), p]),
      ),
      { 'Content-Type': 'text/html' },
    );
}
