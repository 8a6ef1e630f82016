/**
 * POST and PUT /fedora/objects/{pid}/datastreams/{dsID} (docs/protocols.md §1.3, §5 items 4-8).
 *
 * Order as in DatastreamResource.addOrUpdateDatastream: the object must exist (404 text/plain); the
 * body is opened; the MIME type is resolved (400); PUT on a missing datastream → 404 with an empty
 * body; a new X or M datastream without content → 400 with an empty body; then apiM validation
 * (dsID, label, control group, state, checksum type → 500). Content streams into LevelDB chunks
 * while being hashed; the checksum is compared when both checksum and checksumType were given.
 * POST answers 201 with Location even when it modified an existing datastream; PUT answers 200.
 */
import { HttpError, notFound, serverError } from '../common/http-error.js';
import { openRequestBody, type RequestBody } from '../common/request-body.js';
import { siblingPath } from '../common/request-target.js';
import { send } from '../common/respond.js';
import { decodeSegment, javaUrlEncode } from '../common/url-encoding.js';
import { writeBlob, type BlobWrite } from './blob-store.js';
import { DISABLED, nodeAlgorithm, resolveChecksumType, storedChecksum, verifyChecksum } from './checksum.js';
import { checkControlGroup, checkLabel, checkState, readDatastreamParams, resolveMime } from './datastream-params.js';
import { commitDatastream, type NewContent } from './datastream-commit.js';
import { type Exchange, type Fedora3Context, objectNotFound, routeDsId, routePid } from './exchange.js';
import { checkInlineXml } from './inline-xml.js';
import { checkLastModified } from './object-handlers.js';
import { currentVersion, type ControlGroup } from './records.js';
import { datastreamProfileXml } from './xml-profiles.js';

const NOT_SUPPORTED_LOCATION =
  'Fetching content from dsLocation is not supported by this reference server: send the content in the request body.';

async function ingest(
  ctx: Fedora3Context,
  body: RequestBody,
  group: ControlGroup,
  dsID: string,
  checksumType: string,
): Promise<BlobWrite> {
  const algo = nodeAlgorithm(checksumType);
  const chunks = group === 'X' ? checkInlineXml(body.chunks, dsID) : body.chunks;
  const blob = await writeBlob(ctx.store.db, chunks, algo === undefined ? [] : [algo]);
  try {
    await body.complete(); // a truncated multipart form fails here: nothing gets stored
  } catch (e) {
    ctx.store.discardLater(blob.blobId);
    throw e;
  }
  return blob;
}

export async function handleWriteDatastream(
  ctx: Fedora3Context,
  x: Exchange,
  rawPid: string,
  rawDsId: string,
  posted: boolean,
): Promise<void> {
  const pid = routePid(rawPid);
  const p = readDatastreamParams(x, posted);
  const obj = await ctx.store.getObject(pid);
  if (obj === undefined) throw objectNotFound(pid);
  const existing = await ctx.store.getDatastream(pid, decodeSegment(rawDsId));
  const body = p.ignoreContent ? null : await openRequestBody(x.req);
  try {
    const mime = resolveMime(
      p,
      body?.mimeType,
      x.req.headers['content-type'],
      existing ? currentVersion(existing).mime : undefined,
    );
    if (existing === undefined && !posted) throw notFound('', { body: '' });
    const dsID = routeDsId(rawDsId);
    if (!posted) checkLastModified(x, obj);

    const group: ControlGroup = existing?.controlGroup ?? checkControlGroup(p.controlGroup ?? 'X');
    const managed = group === 'X' || group === 'M';
    if (existing === undefined && managed && body === null && p.dsLocation === undefined)
      throw new HttpError(400, '', { body: '' });
    if (existing === undefined && !managed && p.dsLocation === undefined)
      throw serverError(`dsLocation is required for control group ${group}`);
    if (managed && body === null && p.dsLocation !== undefined) throw new HttpError(501, NOT_SUPPORTED_LOCATION);
    checkLabel(p.dsLabel);
    const state = checkState(p.dsState, existing === undefined);
    const previousType = existing ? currentVersion(existing).checksumType : DISABLED;
    const checksumType = resolveChecksumType(p.checksumType, previousType);

    let content: NewContent | undefined;
    if (managed && body !== null) {
      const blob = await ingest(ctx, body, group, dsID, checksumType);
      const checksum = storedChecksum(checksumType, blob.digests);
      try {
        verifyChecksum(p.checksum, p.checksumType, checksum);
      } catch (e) {
        ctx.store.discardLater(blob.blobId);
        throw e;
      }
      content = { blob, checksum };
    }

    const record = await commitDatastream(ctx.store, {
      pid,
      dsID,
      posted,
      group,
      mime,
      state,
      checksumType,
      content,
      label: p.dsLabel,
      formatURI: p.formatURI,
      altIDs: p.altIDs,
      versionable: p.versionable,
      location: managed ? undefined : p.dsLocation,
    });
    const xml = datastreamProfileXml(record, currentVersion(record));
    if (posted) {
      const location = `${x.origin}${siblingPath(x.target.rawPath, javaUrlEncode(dsID))}`;
      send(x.req, x.res, 201, xml, { Location: location, 'Content-Type': 'text/xml' });
    } else {
      send(x.req, x.res, 200, xml, { 'Content-Type': 'text/xml' });
    }
  } finally {
    body?.discard(); // a no-op when the body was read to the end
  }
}
