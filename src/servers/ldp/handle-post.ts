/**
 * POST to a container (docs/protocols.md §2.2, §2.6, §5.16-17): creates a child named by the Slug
 * (URL-decoded, as in 6.x) or by a flat UUID. A Slug whose path exists, is a tombstone, or is
 * locked by another open transaction silently gets a UUID instead — never 409. POST to a binary
 * → 409, to a missing parent → 404, to a deleted one → 410. Also PUT …/fcr:metadata, which replaces
 * the client-supplied description of a binary (stored as bytes, echoed on GET).
 */
import { randomUUID } from 'node:crypto';
import { HttpError, badRequest } from '../common/http-error.js';
import { evaluatePreconditions } from './conditional.js';
import { isRdfType, requestedKind } from './interaction-model.js';
import type { KvReader } from './kv-store.js';
import { notFoundError, repoOf, requireFound, type LdpContext } from './ldp-context.js';
import { childPath, decodeStrict, encodeSegment } from './ldp-path.js';
import { nextModified, type ResourceRecord } from './ldp-records.js';
import { readSmallBody } from './ldp-http.js';
import { blobOf, readIntent, recordFor, takeBody } from './write-intake.js';
import { checkCreateAcceptable, respondCreated, respondUpdated } from './write-response.js';

function slugName(header: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw.trim() === '') return undefined;
  // Header bytes arrive as latin1: a Slug sent as raw UTF-8 is decoded back to what was meant.
  const text = /[\u0080-\u00ff]/.test(raw) ? Buffer.from(raw, 'latin1').toString('utf8') : raw;
  const decoded = decodeStrict((text.includes('\uFFFD') ? raw : text).trim(), 'the Slug');
  if (decoded.startsWith('fcr:')) throw badRequest('Bad Request: a Slug may not start with fcr:');
  return encodeSegment(decoded);
}

async function requireContainer(ctx: LdpContext, view: KvReader, path: string): Promise<ResourceRecord> {
  const parent = await requireFound(ctx, view, path);
  if (parent.kind === 'binary')
    throw new HttpError(409, `InteractionModelViolation: /${path} is a binary and cannot have children`);
  evaluatePreconditions(ctx.req, parent);
  return parent;
}

async function chooseName(ctx: LdpContext, view: KvReader, parent: string, slug: string | undefined): Promise<string> {
  const repo = repoOf(ctx);
  const free = async (n: string): Promise<boolean> =>
    !(await repo.isTaken(view, childPath(parent, n))) &&
    !ctx.writer.txm.locks.heldByOther(ctx.session.tx?.id, childPath(parent, n));
  if (slug !== undefined && (await free(slug))) return slug;
  for (;;) {
    const n = randomUUID();
    if (await free(n)) return n;
  }
}

export async function handlePost(ctx: LdpContext, parent: string): Promise<void> {
  const intent = readIntent(ctx.req);
  const slug = slugName(ctx.req.headers.slug);
  await requireContainer(ctx, ctx.writer.view(ctx.session), parent);
  checkCreateAcceptable(ctx);
  const kind = requestedKind({ model: intent.model, mime: intent.mime, hasBody: intent.hasBody });
  const intake = await takeBody(ctx, kind, intent);
  const created = await ctx.writer.write(
    ctx.session,
    async (view) => {
      await requireContainer(ctx, view, parent);
      const name = await chooseName(ctx, view, parent, slug);
      const path = childPath(parent, name);
      const now = Date.now();
      const record = recordFor(intake, now);
      const rdf = intake.kind === 'container' ? (intake.rdf ?? undefined) : undefined;
      return {
        muts: [
          rdf === undefined ? { op: 'put', path, record } : { op: 'put', path, record, rdf },
          { op: 'link', parent, name },
          { op: 'touch', path: parent, at: now },
        ],
        locks: [{ path, tree: false }],
        result: { path, record },
      };
    },
    blobOf(intake),
  );
  await respondCreated(ctx, created.path, created.record);
}

/** PUT …/fcr:metadata: replaces a binary's description (RDF bytes, not parsed) → 204. */
export async function handlePutMetadata(ctx: LdpContext, path: string): Promise<void> {
  const intent = readIntent(ctx.req);
  const mime = intent.mime ?? 'text/turtle';
  if (!isRdfType(mime)) throw new HttpError(415, `Unsupported Media Type: ${mime} is not an RDF serialisation`);
  const rdf = await readSmallBody(ctx.req, ctx.maxRdfBytes);
  const record = await ctx.writer.write(ctx.session, async (view) => {
    const r = await requireFound(ctx, view, path);
    if (r.kind !== 'binary') throw notFoundError(`${path}/fcr:metadata`);
    evaluatePreconditions(ctx.req, r);
    const next: ResourceRecord = { ...r, modified: nextModified(r.modified, Date.now()), rdfType: mime };
    return {
      muts: [{ op: 'put', path, record: next, rdf: rdf.length === 0 ? null : rdf }],
      locks: [{ path, tree: false }],
      result: next,
    };
  });
  respondUpdated(ctx, path, record);
}
