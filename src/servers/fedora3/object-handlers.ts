/**
 * Object resources other than creation (docs/protocols.md §1.4, §1.5, §5 item 8):
 * GET /objects/{pid} (objectProfile; default format HTML), PUT /objects/{pid} (modifyObject),
 * DELETE /objects/{pid} (purge → 200 text/plain XSD dateTime), GET /objects/{pid}/datastreams.
 */
import { isoMillis, parseXsdDateTime, xsdDateTime } from '../common/dates.js';
import { HttpError, serverError } from '../common/http-error.js';
import { send } from '../common/respond.js';
import {
  type Exchange,
  type Fedora3Context,
  dateParam,
  objectNotFound,
  param,
  routePid,
  wantsXml,
} from './exchange.js';
import { MAX_LABEL_LENGTH } from './pid.js';
import { currentVersion, type ObjectRecord } from './records.js';
import { Fedora3Store } from './store.js';
import { objectDatastreamsXml, objectProfileXml } from './xml-profiles.js';
import { simpleHtml } from './xml-repository.js';

export async function handleGetObject(ctx: Fedora3Context, x: Exchange, rawPid: string): Promise<void> {
  const pid = routePid(rawPid);
  const obj = await ctx.store.getObject(pid);
  if (obj === undefined) throw objectNotFound(pid);
  if (wantsXml(param(x, 'format'))) {
    send(x.req, x.res, 200, objectProfileXml(obj, x.baseUrl), { 'Content-Type': 'text/xml' });
    return;
  }
  const rows: Array<[string, string]> = [
    ['Object Label', obj.label],
    ['Owner', obj.ownerId],
    ['Create Date', isoMillis(obj.createdMs)],
    ['Last Modified', isoMillis(obj.lastModifiedMs)],
    ['State', obj.state],
  ];
  send(x.req, x.res, 200, simpleHtml(`Object Profile: ${pid}`, rows), { 'Content-Type': 'text/html' });
}

/**
 * Fedora's optimistic lock: a lastModifiedDate older than the object's → 409 (ObjectLockedException).
 * Shared with datastream modification.
 */
export function checkLastModified(x: Exchange, obj: ObjectRecord): void {
  const given = dateParam(x, 'lastModifiedDate', parseXsdDateTime);
  if (given !== undefined && obj.lastModifiedMs > given) {
    throw new HttpError(
      409,
      `${obj.pid} was modified at ${isoMillis(obj.lastModifiedMs)}, after the given lastModifiedDate ${isoMillis(given)}`,
    );
  }
}

/** PUT /objects/{pid}?label&ownerId&state → 200 text/plain with the new modification date. */
export async function handleModifyObject(ctx: Fedora3Context, x: Exchange, rawPid: string): Promise<void> {
  const pid = routePid(rawPid);
  const label = param(x, 'label');
  const ownerId = param(x, 'ownerId');
  const stateParam = param(x, 'state');
  if (label !== null && label.length > MAX_LABEL_LENGTH)
    throw serverError(`Object label is too long: it may be at most ${MAX_LABEL_LENGTH} characters`);
  const state = stateParam === null ? undefined : stateParam.slice(0, 1).toUpperCase();
  if (state !== undefined && state !== 'A' && state !== 'I' && state !== 'D')
    throw serverError(`Invalid object state: ${stateParam ?? ''}`);
  const modified = await ctx.store.withLock(pid, async () => {
    const obj = await ctx.store.getObject(pid);
    if (obj === undefined) throw objectNotFound(pid);
    checkLastModified(x, obj);
    const next: ObjectRecord = {
      ...obj,
      label: label ?? obj.label,
      ownerId: ownerId ?? obj.ownerId,
      state: state ?? obj.state,
      lastModifiedMs: Math.max(Date.now(), obj.lastModifiedMs + 1),
    };
    await ctx.store.commit([Fedora3Store.putObject(next)]);
    return next.lastModifiedMs;
  });
  send(x.req, x.res, 200, xsdDateTime(modified), { 'Content-Type': 'text/plain' });
}

/** DELETE /objects/{pid} → 200 text/plain XSD dateTime; a GET afterwards is 404 (FCREPO-594). */
export async function handlePurgeObject(ctx: Fedora3Context, x: Exchange, rawPid: string): Promise<void> {
  const pid = routePid(rawPid);
  const purged = await ctx.store.withLock(pid, () => ctx.store.purgeObject(pid));
  if (!purged) throw objectNotFound(pid);
  send(x.req, x.res, 200, xsdDateTime(Date.now()), { 'Content-Type': 'text/plain' });
}

/** GET /objects/{pid}/datastreams?format=xml → objectDatastreams (access namespace). */
export async function handleListDatastreams(ctx: Fedora3Context, x: Exchange, rawPid: string): Promise<void> {
  const pid = routePid(rawPid);
  if ((await ctx.store.getObject(pid)) === undefined) throw objectNotFound(pid);
  const list = await ctx.store.listDatastreams(pid);
  if (wantsXml(param(x, 'format'))) {
    send(x.req, x.res, 200, objectDatastreamsXml(pid, list, currentVersion, x.baseUrl), { 'Content-Type': 'text/xml' });
    return;
  }
  const rows = list.map((ds): [string, string] => [
    ds.dsID,
    `${currentVersion(ds).label} (${currentVersion(ds).mime})`,
  ]);
  send(x.req, x.res, 200, simpleHtml(`Datastreams of ${pid}`, rows), { 'Content-Type': 'text/html' });
}
