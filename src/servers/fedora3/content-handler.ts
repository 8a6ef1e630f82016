/**
 * GET and HEAD …/datastreams/{dsID}/content (docs/protocols.md §1.4, §5 item 9): Content-Type = dsMIME,
 * Content-Length = dsSize, Accept-Ranges: bytes, an UNQUOTED ETag (the checksum, else the MD5 of pid,
 * dsID, versionID and create time), Last-Modified = the version's create date, Content-Disposition
 * inline (attachment with download=true); If-None-Match / If-Modified-Since → 304; one byte range →
 * 206 (unsatisfiable → 416). The body streams from LevelDB chunks with backpressure. E and R
 * datastreams answer 307 to their location (this server fetches nothing remote).
 */
import { httpDate, parseHttpDate } from '../common/dates.js';
import { HttpError, notFound } from '../common/http-error.js';
import { contentRange, parseRange } from '../common/byte-range.js';
import { send, writeChunk } from '../common/respond.js';
import { readBlob } from './blob-store.js';
import { contentEtag } from './checksum.js';
import { requestedVersion } from './datastream-read.js';
import { type Exchange, type Fedora3Context, boolParam } from './exchange.js';
import type { DatastreamVersion } from './records.js';

const EXTENSIONS: Record<string, string> = {
  'text/xml': '.xml',
  'application/xml': '.xml',
  'text/plain': '.txt',
  'text/html': '.html',
  'application/json': '.json',
  'application/octet-stream': '.bin',
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/tiff': '.tif',
};

/** DatastreamFilenameHelper defaults: the label as is, else the dsID plus an extension for the MIME type. */
function filename(dsID: string, v: DatastreamVersion): string {
  const base = v.label !== '' ? v.label : dsID + (EXTENSIONS[v.mime.split(';')[0]?.trim().toLowerCase() ?? ''] ?? '');
  return base.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}

function etagMatches(header: string, etag: string): boolean {
  return header.split(',').some((t) => {
    const tag = t
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1');
    return tag === '*' || tag === etag;
  });
}

export async function handleContent(ctx: Fedora3Context, x: Exchange, rawPid: string, rawDsId: string): Promise<void> {
  const { pid, dsID, v } = await requestedVersion(ctx, x, rawPid, rawDsId, (p, d) =>
    notFound(`Datastream ${d} was not found in object ${p}`),
  );
  if (v.blobId === null) {
    send(x.req, x.res, 307, '', { Location: v.location ?? '' });
    return;
  }

  const etag = contentEtag(pid, dsID, v.versionId, v.createdMs, v.checksum);
  const disposition = boolParam(x, 'download', false) ? 'attachment' : 'inline';
  const common = { ETag: etag, 'Last-Modified': httpDate(v.createdMs) };
  const inm = x.req.headers['if-none-match'];
  const ims = parseHttpDate(x.req.headers['if-modified-since']);
  const notModified =
    inm !== undefined
      ? etagMatches(inm, etag)
      : ims !== undefined && Math.floor(v.createdMs / 1000) <= Math.floor(ims / 1000);
  if (notModified) {
    send(x.req, x.res, 304, '', common);
    return;
  }

  const ifRange = x.req.headers['if-range'] as string | undefined;
  const rangeAllowed =
    ifRange === undefined || ifRange.replace(/^"(.*)"$/, '$1') === etag || ifRange === common['Last-Modified'];
  const range = rangeAllowed ? parseRange(x.req.headers.range, v.size) : null;
  if (range === 'unsatisfiable') {
    throw new HttpError(416, '', { body: '', headers: { 'Content-Range': `bytes */${v.size}`, ...common } });
  }
  const span = range ?? { start: 0, end: v.size - 1 };
  x.res.statusCode = range ? 206 : 200;
  x.res.setHeader('Content-Type', v.mime);
  x.res.setHeader('Content-Length', span.end - span.start + 1);
  x.res.setHeader('Accept-Ranges', 'bytes');
  x.res.setHeader('ETag', etag);
  x.res.setHeader('Last-Modified', common['Last-Modified']);
  x.res.setHeader('Content-Disposition', `${disposition}; filename="${filename(dsID, v)}"`);
  if (range) x.res.setHeader('Content-Range', contentRange(range, v.size));
  if (x.method === 'HEAD' || v.size === 0) {
    x.res.end();
    return;
  }
  try {
    for await (const chunk of readBlob(ctx.store.db, v.blobId, span.start, span.end)) await writeChunk(x.res, chunk);
    x.res.end();
  } catch {
    x.res.destroy(); // headers are gone: cutting the connection is the only honest signal left
  }
}
