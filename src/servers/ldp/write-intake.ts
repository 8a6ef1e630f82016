/**
 * What a PUT or POST sends, read the Fedora 6 way before anything is stored: the interaction
 * model (§2.2, 400 for an invalid one), the media type, the Digest header (§2.3: 400 when
 * malformed or unsupported), the file name; then the body itself — a binary streamed into a new
 * blob and checked against every sent digest (mismatch → 409 text/plain, and the blob is dropped so
 * nothing half-stored is ever visible), or an RDF body for a container (415 if it is not RDF).
 */
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../common/http-error.js';
import { announcesBody } from '../common/request-body.js';
import { parseDigestHeader, type DigestAlg, type ExpectedDigest } from './digest-headers.js';
import { dispositionFilename, isRdfType, mediaType, requestedModel, type Model } from './interaction-model.js';
import type { StoredBlob } from './blob-store.js';
import { repoOf, type LdpContext } from './ldp-context.js';
import { bodyChunks, headerOf, readSmallBody } from './ldp-http.js';
import { newContainer, nextModified, type ContainerModel, type ResourceRecord } from './ldp-records.js';

export interface WriteIntent {
  model: Model | undefined;
  /** Media type without parameters (decides RDF or not). */
  mime: string | undefined;
  /** The Content-Type as sent (stored for binaries, parameters included). */
  contentType: string | undefined;
  hasBody: boolean;
  digests: ExpectedDigest[];
  filename: string | undefined;
}

export function readIntent(req: IncomingMessage): WriteIntent {
  const ct = req.headers['content-type']?.trim();
  return {
    model: requestedModel(headerOf(req, 'link')),
    mime: mediaType(ct),
    contentType: ct === '' ? undefined : ct,
    hasBody: announcesBody(req),
    digests: parseDigestHeader(headerOf(req, 'digest')),
    filename: dispositionFilename(req.headers['content-disposition']),
  };
}

/** A body ready to be pointed at: either a stored blob or RDF bytes. */
export type Intake =
  | { kind: 'binary'; stored: StoredBlob; mime: string; filename: string | undefined }
  | { kind: 'container'; model: ContainerModel | undefined; rdf: Buffer | null; rdfType: string | undefined };

export async function takeBody(ctx: LdpContext, kind: 'binary' | 'container', intent: WriteIntent): Promise<Intake> {
  if (kind === 'container') {
    if (intent.hasBody && intent.mime !== undefined && !isRdfType(intent.mime)) {
      throw new HttpError(415, `Unsupported Media Type: ${intent.mime} is not an RDF serialisation`);
    }
    const rdf = intent.hasBody ? await readSmallBody(ctx.req, ctx.maxRdfBytes) : Buffer.alloc(0);
    const model = intent.model === 'NonRDFSource' ? undefined : intent.model;
    return rdf.length === 0
      ? { kind, model, rdf: null, rdfType: undefined }
      : { kind, model, rdf, rdfType: intent.mime ?? 'text/turtle' };
  }
  const algs = new Set<DigestAlg>(['sha-256', ...intent.digests.map((d) => d.alg)]);
  const stored = await repoOf(ctx).blobs.write(bodyChunks(ctx.req), [...algs]);
  for (const d of intent.digests) {
    if (stored.digests[d.alg] !== d.value) {
      await repoOf(ctx).blobs.drop(stored.blob);
      throw new HttpError(
        409,
        `Checksum mismatch: the body's ${d.alg} is ${stored.digests[d.alg] ?? '?'}, the Digest header says ${d.value}`,
      );
    }
  }
  return { kind, stored, mime: intent.contentType ?? 'application/octet-stream', filename: intent.filename };
}

/** The new record for an intake; `previous` (same kind) keeps its creation date and file name. */
export function recordFor(intake: Intake, now: number, previous?: ResourceRecord): ResourceRecord {
  if (intake.kind === 'container') {
    const model = intake.model ?? (previous?.kind === 'container' ? previous.model : 'BasicContainer');
    const r = newContainer(model, now, intake.rdfType);
    if (previous !== undefined) {
      r.created = previous.created;
      r.modified = nextModified(previous.modified, now);
    }
    return r;
  }
  const { blob, size, chunkSize, digests } = intake.stored;
  const before = previous?.kind === 'binary' ? previous : undefined;
  const filename = intake.filename ?? before?.filename;
  return {
    kind: 'binary',
    created: previous?.created ?? now,
    modified: previous === undefined ? now : nextModified(previous.modified, now),
    blob,
    size,
    chunkSize,
    mime: intake.mime,
    digests,
    ...(filename === undefined ? {} : { filename }),
    ...(before?.rdfType === undefined ? {} : { rdfType: before.rdfType }),
  };
}

export const blobOf = (intake: Intake): string | undefined =>
  intake.kind === 'binary' ? intake.stored.blob : undefined;
