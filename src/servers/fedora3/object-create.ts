/**
 * POST /fedora/objects/{pid} and POST /fedora/objects/new (docs/protocols.md §1.2, §5 items 1-3).
 *
 * - @Consumes text/xml, multipart/form-data and (on /{pid} only) application/zip; another
 *   Content-Type → 415. No Content-Type is accepted.
 * - With no body, or a body whose type is neither text/xml nor zip (and ignoreMime=false), the server
 *   builds the object from label, ownerId and state and adds the DC datastream. The ignored body is
 *   drained (or the connection closed).
 * - A FOXML or ZIP body is NOT supported by this reference server: 501 Not Implemented, so a client
 *   relying on FOXML ingest learns it at once instead of getting an empty object.
 * - 201, Location = request URI resolved against URLEncoder.encode(pid), body = the bare PID.
 *   An existing PID → 500 "The PID 'x' already exists in the registry; the object can't be re-created."
 */
import { HttpError, serverError } from '../common/http-error.js';
import { announcesBody, openRequestBody } from '../common/request-body.js';
import { siblingPath } from '../common/request-target.js';
import { send } from '../common/respond.js';
import { javaUrlEncode } from '../common/url-encoding.js';
import { newBlobId, smallBlobOps } from './blob-store.js';
import { boolParam, type Exchange, type Fedora3Context, param, routePid } from './exchange.js';
import { MAX_LABEL_LENGTH, isValidNamespace } from './pid.js';
import { mintPids } from './pid-minting.js';
import type { DatastreamRecord, ObjectRecord, State } from './records.js';
import { Fedora3Store } from './store.js';
import { DC_FORMAT_URI, DC_LABEL, dublinCoreXml, validationXml } from './xml-profiles.js';
import { DEFAULT_NAMESPACE } from './xml-repository.js';

/** ownerId when neither the parameter nor an authenticated user supplies one. */
export const DEFAULT_OWNER = 'fedoraAdmin';

function mediaType(value: string | undefined): string | undefined {
  const t = value?.split(';')[0]?.trim().toLowerCase();
  return t === undefined || t === '' ? undefined : t;
}

function isFoxmlType(t: string | undefined, allowZip: boolean): boolean {
  return t === 'text/xml' || (allowZip && t === 'application/zip');
}

function objectState(raw: string | null, pid: string): State {
  const s = (raw ?? 'A').slice(0, 1).toUpperCase();
  if (s === 'A' || s === 'I' || s === 'D') return s;
  const reason = `Object state must be A, I or D, not "${raw ?? ''}"`;
  throw new HttpError(400, reason, { contentType: 'text/xml', body: validationXml(pid, reason) });
}

/** JAX-RS @Consumes, checked before the resource method runs. */
function checkConsumes(x: Exchange, allowZip: boolean): void {
  const ct = mediaType(x.req.headers['content-type']);
  const accepted =
    ct === undefined || ct === 'text/xml' || ct === 'multipart/form-data' || (allowZip && ct === 'application/zip');
  if (!accepted) throw new HttpError(415, 'Unsupported Media Type');
}

/** Reads (and discards) whatever body came with an empty-object ingest; 501 for real FOXML/ZIP. */
async function consumeBody(x: Exchange, allowZip: boolean): Promise<void> {
  if (!announcesBody(x.req)) return;
  const body = await openRequestBody(x.req);
  if (body === null) return;
  try {
    if (boolParam(x, 'ignoreMime', false) || isFoxmlType(mediaType(body.mimeType), allowZip)) {
      throw new HttpError(
        501,
        'FOXML and ZIP ingest are not supported by this reference server: send an empty body to create an object.',
      );
    }
    for await (const chunk of body.chunks) void chunk; // silently ignored, as Fedora does
    await body.complete();
  } finally {
    body.discard();
  }
}

export async function handleCreateObject(ctx: Fedora3Context, x: Exchange, rawPid: string | undefined): Promise<void> {
  const isNew = rawPid === undefined;
  checkConsumes(x, !isNew);
  const label = param(x, 'label') ?? '';
  let pid: string | undefined;
  if (!isNew) pid = routePid(rawPid);
  const state = objectState(param(x, 'state'), pid ?? '');
  if (label.length > MAX_LABEL_LENGTH)
    throw serverError(`Object label is too long: it may be at most ${MAX_LABEL_LENGTH} characters`);
  const ownerId = param(x, 'ownerId') ?? x.user ?? DEFAULT_OWNER;
  await consumeBody(x, !isNew);

  if (pid === undefined) {
    const namespace = param(x, 'namespace') || DEFAULT_NAMESPACE;
    if (!isValidNamespace(namespace)) throw serverError(`Invalid PID namespace: ${namespace}`);
    [pid] = await mintPids(ctx.store, namespace, 1);
  }
  const finalPid = pid ?? '';
  await ctx.store.withLock(finalPid, async () => {
    if ((await ctx.store.getObject(finalPid)) !== undefined) {
      throw serverError(`The PID '${finalPid}' already exists in the registry; the object can't be re-created.`);
    }
    const now = Date.now();
    const obj: ObjectRecord = { pid: finalPid, label, ownerId, state, createdMs: now, lastModifiedMs: now };
    const dc = Buffer.from(dublinCoreXml(finalPid, label), 'utf8');
    const blobId = newBlobId();
    const ds: DatastreamRecord = {
      pid: finalPid,
      dsID: 'DC',
      controlGroup: 'X',
      state: 'A',
      versionable: true,
      nextVersion: 1,
      versions: [
        {
          versionId: 'DC1.0',
          label: DC_LABEL,
          createdMs: now,
          mime: 'text/xml',
          formatURI: DC_FORMAT_URI,
          altIDs: [],
          size: dc.length,
          checksumType: 'DISABLED',
          checksum: 'none',
          blobId,
          location: null,
        },
      ],
    };
    await ctx.store.commit([...smallBlobOps(blobId, dc), Fedora3Store.putDatastream(ds), Fedora3Store.putObject(obj)]);
  });
  const location = `${x.origin}${siblingPath(x.target.rawPath, javaUrlEncode(finalPid))}`;
  send(x.req, x.res, 201, finalPid, { Location: location, 'Content-Type': 'text/plain' });
}
