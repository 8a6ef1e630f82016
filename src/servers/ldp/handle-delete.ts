/**
 * DELETE (docs/protocols.md §2.5, §5.18): → 204, recursively for a container. The deleted path gets
 * a tombstone; everything below it is removed (their records, child lists, binary bodies and any
 * older tombstones, which the new one subsumes), so afterwards the path and everything below answer
 * 410 with `Link: <…/fcr:tombstone>; rel="hasTombstone"`. `DELETE …/fcr:tombstone` purges the
 * tombstone → 204 and the path can be reused; 404 when no tombstone is exactly there. A Depth header
 * other than `infinity` → 400 (6.x). The root cannot be deleted (405).
 */
import { HttpError, badRequest } from '../common/http-error.js';
import { evaluatePreconditions } from './conditional.js';
import { repoOf, requireFound, type LdpContext } from './ldp-context.js';
import { nameOf, parentOf } from './ldp-path.js';
import { headerOf, sendHeaders } from './ldp-http.js';
import type { Mutation } from './mutations.js';
import { ALLOW_ROOT, sessionHeaders } from './response-headers.js';

export async function handleDelete(ctx: LdpContext, path: string): Promise<void> {
  const depth = headerOf(ctx.req, 'depth');
  if (depth !== undefined && depth.trim().toLowerCase() !== 'infinity')
    throw badRequest('Bad Request: only Depth: infinity is supported');
  if (path === '')
    throw new HttpError(405, 'Method Not Allowed: the root container cannot be deleted', {
      headers: { Allow: ALLOW_ROOT },
    });
  const repo = repoOf(ctx);
  await ctx.writer.write(ctx.session, async (view) => {
    const record = await requireFound(ctx, view, path);
    evaluatePreconditions(ctx.req, record);
    const now = Date.now();
    const muts: Mutation[] = [];
    for (const node of await repo.subtree(view, path, record)) {
      muts.push({ op: 'remove', path: node.path, container: node.record.kind === 'container' });
      if (node.record.kind === 'binary') muts.push({ op: 'dropBlob', blob: node.record.blob });
    }
    for (const t of await repo.tombstonesBelow(view, path)) muts.push({ op: 'untomb', path: t });
    muts.push(
      { op: 'unlink', parent: parentOf(path), name: nameOf(path) },
      { op: 'touch', path: parentOf(path), at: now },
      { op: 'tomb', path, at: now },
    );
    return { muts, locks: [{ path, tree: true }], result: undefined };
  });
  sendHeaders(ctx.req, ctx.res, 204, sessionHeaders(ctx.session));
}

export async function handleDeleteTombstone(ctx: LdpContext, path: string): Promise<void> {
  await ctx.writer.write(ctx.session, async (view) => {
    if (!(await repoOf(ctx).hasTombstone(view, path)))
      throw new HttpError(404, `Not Found: there is no tombstone at /${path}`);
    return { muts: [{ op: 'untomb', path }], locks: [{ path, tree: false }], result: undefined };
  });
  sendHeaders(ctx.req, ctx.res, 204, sessionHeaders(ctx.session));
}

/** Anything but DELETE on …/fcr:tombstone: 405 when the tombstone exists, else 404. */
export async function otherOnTombstone(ctx: LdpContext, path: string): Promise<void> {
  if (!(await repoOf(ctx).hasTombstone(ctx.writer.view(ctx.session), path)))
    throw new HttpError(404, `Not Found: there is no tombstone at /${path}`);
  throw new HttpError(405, 'Method Not Allowed: a tombstone can only be deleted', { headers: { Allow: 'DELETE' } });
}
