/**
 * PUT to a path (docs/protocols.md §2.2, §2.5, §5.11-14, §5.18): creates (201) or replaces (204).
 * Changing the interaction model (container ↔ binary, or another container model) → 409. A deleted
 * path → 410 unless `Overwrite-Tombstone: true` names exactly that tombstone. Missing parents are
 * created as ordinary ldp:BasicContainers (interpretation: 6.x makes immutable "ghost nodes"
 * instead; real containers keep every path listable and POSTable, as CSS does). A binary parent → 409.
 *
 * The checks run once before the body is read (so a doomed 1 GiB upload is refused up front) and
 * again under the write mutex with the body in hand.
 */
import { HttpError } from '../common/http-error.js';
import { evaluatePreconditions } from './conditional.js';
import { requestedKind } from './interaction-model.js';
import type { KvReader } from './kv-store.js';
import { goneError, repoOf, type LdpContext } from './ldp-context.js';
import { ancestorsOf, nameOf, parentOf } from './ldp-path.js';
import { newContainer, type ResourceRecord } from './ldp-records.js';
import type { Mutation } from './mutations.js';
import type { LockTarget } from './tx-locks.js';
import { blobOf, readIntent, recordFor, takeBody, type WriteIntent } from './write-intake.js';
import { checkCreateAcceptable, respondCreated, respondUpdated } from './write-response.js';

interface PutPlan {
  existing: ResourceRecord | undefined;
  kind: 'binary' | 'container';
  /** Missing ancestors to create, top-down. */
  parents: string[];
  /** The path's own tombstone is being overwritten. */
  overwrite: boolean;
}

const conflict = (m: string): HttpError => new HttpError(409, m);

async function planPut(ctx: LdpContext, view: KvReader, path: string, intent: WriteIntent): Promise<PutPlan> {
  const repo = repoOf(ctx);
  const found = await repo.lookup(view, path);
  if (found.state === 'found') {
    const existing = found.record;
    const kind = requestedKind({ model: intent.model, mime: intent.mime, hasBody: intent.hasBody, existing });
    if (kind !== existing.kind)
      throw conflict(`Cannot change the interaction model of /${path} from ${existing.kind} to ${kind}`);
    if (existing.kind === 'container' && intent.model !== undefined && intent.model !== existing.model) {
      throw conflict(
        `Cannot change the interaction model of /${path} from ldp:${existing.model} to ldp:${intent.model}`,
      );
    }
    evaluatePreconditions(ctx.req, existing);
    return { existing, kind, parents: [], overwrite: false };
  }
  const overwrite =
    found.state === 'gone' &&
    found.tombstone === path &&
    /^\s*true\s*$/i.test(String(ctx.req.headers['overwrite-tombstone'] ?? ''));
  if (found.state === 'gone' && !overwrite) throw goneError(ctx, found.tombstone);
  evaluatePreconditions(ctx.req, undefined);
  const parents: string[] = [];
  for (const p of ancestorsOf(path)) {
    const r = await repo.record(view, p);
    if (r?.kind === 'binary') throw conflict(`Cannot create /${path}: /${p} is a binary and cannot have children`);
    if (r !== undefined) break;
    if (await repo.hasTombstone(view, p)) throw goneError(ctx, p);
    parents.unshift(p);
  }
  return {
    existing: undefined,
    kind: requestedKind({ model: intent.model, mime: intent.mime, hasBody: intent.hasBody }),
    parents,
    overwrite,
  };
}

export async function handlePut(ctx: LdpContext, path: string): Promise<void> {
  const intent = readIntent(ctx.req);
  const pre = await planPut(ctx, ctx.writer.view(ctx.session), path, intent);
  if (pre.existing === undefined) checkCreateAcceptable(ctx);
  const intake = await takeBody(ctx, pre.kind, intent);
  const outcome = await ctx.writer.write(
    ctx.session,
    async (view) => {
      const plan = await planPut(ctx, view, path, intent);
      if (plan.kind !== pre.kind) throw conflict(`/${path} changed while the body was uploading`);
      const now = Date.now();
      const record = recordFor(intake, now, plan.existing);
      // A container's RDF body replaces the stored one (none → removed); a binary keeps its description.
      let rdf: Buffer | null | undefined;
      if (intake.kind === 'container') rdf = plan.existing === undefined ? (intake.rdf ?? undefined) : intake.rdf;
      const muts: Mutation[] = [];
      const locks: LockTarget[] = [{ path, tree: false }];
      if (plan.existing?.kind === 'binary') muts.push({ op: 'dropBlob', blob: plan.existing.blob });
      if (plan.overwrite) muts.push({ op: 'untomb', path });
      for (const p of plan.parents) {
        muts.push(
          { op: 'put', path: p, record: newContainer('BasicContainer', now) },
          { op: 'link', parent: parentOf(p), name: nameOf(p) },
        );
        locks.push({ path: p, tree: false });
      }
      muts.push(rdf === undefined ? { op: 'put', path, record } : { op: 'put', path, record, rdf });
      if (plan.existing === undefined) {
        muts.push({ op: 'link', parent: parentOf(path), name: nameOf(path) });
        muts.push({ op: 'touch', path: parentOf(plan.parents[0] ?? path), at: now });
      }
      return { muts, locks, result: { record, created: plan.existing === undefined } };
    },
    blobOf(intake),
  );
  if (outcome.created) await respondCreated(ctx, path, outcome.record);
  else respondUpdated(ctx, path, outcome.record);
}
