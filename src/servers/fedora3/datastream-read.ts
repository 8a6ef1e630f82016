/**
 * GET …/datastreams/{dsID} (datastreamProfile; default format HTML) and DELETE …/datastreams/{dsID}
 * (purge → 200 with a JSON array of the purged versions' dates). Reference notes §1.3, §1.4, §5 item 8.
 */
import { isoMillis, parseXsdDateTime, xsdDateTime } from '../common/dates.js';
import { notFound } from '../common/http-error.js';
import { send } from '../common/respond.js';
import { decodeSegment } from '../common/url-encoding.js';
import { digestBlob } from './blob-store.js';
import { CHECKSUM_NONE, DISABLED, nodeAlgorithm } from './checksum.js';
import {
  type Exchange,
  type Fedora3Context,
  boolParam,
  dateParam,
  objectNotFound,
  param,
  routePid,
  wantsXml,
} from './exchange.js';
import { keys, type DatastreamRecord, type DatastreamVersion } from './records.js';
import { Fedora3Store } from './store.js';
import { datastreamProfileXml } from './xml-profiles.js';
import { simpleHtml } from './xml-repository.js';

/** The version current at asOfMs (the newest when undefined). */
export function versionAsOf(ds: DatastreamRecord, asOfMs: number | undefined): DatastreamVersion | undefined {
  for (let i = ds.versions.length - 1; i >= 0; i--) {
    const v = ds.versions[i];
    if (v !== undefined && (asOfMs === undefined || v.createdMs <= asOfMs)) return v;
  }
  return undefined;
}

/**
 * The datastream version a GET names: {pid}/datastreams/{dsID} as of `asOfDateTime` (the newest
 * without it). A missing object is objectNotFound; a missing datastream or version is `missing`,
 * since the profile and the content endpoints word their 404s differently.
 */
export async function requestedVersion(
  ctx: Fedora3Context,
  x: Exchange,
  rawPid: string,
  rawDsId: string,
  missing: (pid: string, dsID: string) => Error,
): Promise<{ pid: string; dsID: string; ds: DatastreamRecord; v: DatastreamVersion }> {
  const pid = routePid(rawPid);
  const dsID = decodeSegment(rawDsId);
  const asOf = dateParam(x, 'asOfDateTime', parseXsdDateTime);
  if ((await ctx.store.getObject(pid)) === undefined) throw objectNotFound(pid);
  const ds = await ctx.store.getDatastream(pid, dsID);
  const v = ds === undefined ? undefined : versionAsOf(ds, asOf);
  if (ds === undefined || v === undefined) throw missing(pid, dsID);
  return { pid, dsID, ds, v };
}

/** DatastreamResource.getDatastreamProfile's 404 text, verbatim. */
function noDatastream(pid: string, dsID: string, dateTime: string | null): Error {
  return notFound(
    `No datastream could be found. Either there is no datastream for the digital object "${pid}" with datastream ID of "${dsID}"` +
      `  OR  there are no datastreams that match the specified date/time value of "${dateTime ?? 'null'}".`,
  );
}

/** Datastream.compareChecksum: DISABLED counts as valid; otherwise recompute over the stored content. */
async function checksumValid(ctx: Fedora3Context, v: DatastreamVersion): Promise<boolean> {
  if (v.checksumType === DISABLED) return true;
  const algo = nodeAlgorithm(v.checksumType);
  if (algo === undefined || v.checksum === CHECKSUM_NONE || v.blobId === null) return false;
  return (await digestBlob(ctx.store.db, v.blobId, v.size, algo)) === v.checksum;
}

export async function handleGetDatastream(
  ctx: Fedora3Context,
  x: Exchange,
  rawPid: string,
  rawDsId: string,
): Promise<void> {
  const { pid, dsID, ds, v } = await requestedVersion(ctx, x, rawPid, rawDsId, (pid, dsID) =>
    noDatastream(pid, dsID, param(x, 'asOfDateTime')),
  );
  const valid = boolParam(x, 'validateChecksum', false) ? await checksumValid(ctx, v) : undefined;
  if (wantsXml(param(x, 'format'))) {
    send(x.req, x.res, 200, datastreamProfileXml(ds, v, valid), { 'Content-Type': 'text/xml' });
    return;
  }
  const rows: Array<[string, string]> = [
    ['Datastream Label', v.label],
    ['Version ID', v.versionId],
    ['Create Date', isoMillis(v.createdMs)],
    ['State', ds.state],
    ['MIME Type', v.mime],
    ['Control Group', ds.controlGroup],
    ['Size', String(v.size)],
    ['Checksum Type', v.checksumType],
    ['Checksum', v.checksum],
  ];
  send(x.req, x.res, 200, simpleHtml(`Datastream Profile: ${pid} / ${dsID}`, rows), { 'Content-Type': 'text/html' });
}

/** DELETE …/datastreams/{dsID}?startDT&endDT: purges the versions created in [startDT, endDT]. */
export async function handlePurgeDatastream(
  ctx: Fedora3Context,
  x: Exchange,
  rawPid: string,
  rawDsId: string,
): Promise<void> {
  const pid = routePid(rawPid);
  const dsID = decodeSegment(rawDsId);
  const start = dateParam(x, 'startDT', parseXsdDateTime) ?? Number.NEGATIVE_INFINITY;
  const end = dateParam(x, 'endDT', parseXsdDateTime) ?? Number.POSITIVE_INFINITY;
  const purged = await ctx.store.withLock(pid, async () => {
    const obj = await ctx.store.getObject(pid);
    if (obj === undefined) throw objectNotFound(pid);
    const ds = await ctx.store.getDatastream(pid, dsID);
    if (ds === undefined) throw notFound(`Datastream ${dsID} not found in object ${pid}`);
    const gone = ds.versions.filter((v) => v.createdMs >= start && v.createdMs <= end);
    if (gone.length === 0) return [];
    const kept = ds.versions.filter((v) => !gone.includes(v));
    const stillUsed = new Set(kept.map((v) => v.blobId));
    const orphans = gone.map((v) => v.blobId).filter((id): id is string => id !== null && !stillUsed.has(id));
    const now = Math.max(Date.now(), obj.lastModifiedMs + 1);
    await ctx.store.commit(
      [
        kept.length === 0
          ? { type: 'del', key: keys.datastream(pid, dsID) }
          : Fedora3Store.putDatastream({ ...ds, versions: kept }),
        Fedora3Store.putObject({ ...obj, lastModifiedMs: now }),
      ],
      orphans,
    );
    return gone.map((v) => xsdDateTime(v.createdMs));
  });
  send(x.req, x.res, 200, JSON.stringify(purged), { 'Content-Type': 'application/json' });
}
