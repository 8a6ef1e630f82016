/**
 * One probe operation each, timed like any operation (timeOp) and recorded with a probe kind of its
 * own. Expected bytes and digests are made before the clock starts, so a probe's latency is the
 * store's answer and the read, never the content generator. Wrong bytes are a failed operation with
 * E_PROBE_MISMATCH (the runner then fails the run, as --verify readback does).
 */
import { createHash } from 'node:crypto';
import {
  clockOf,
  hasBatchLifecycle,
  OpError,
  timeOp,
  type Backend,
  type HeadCapability,
  type ListPageCapability,
  type RangeReadCapability,
  type ReadCapability,
  type RemoveCapability,
  type UpdateCapability,
} from '../../backends/index.js';
import type { OpTiming, ProbeOpKind } from '../../model/timings.js';
import {
  CHUNK_SIZE,
  contentChunks,
  contentSha256,
  type DatastreamPlan,
  type ObjectPlan,
} from '../../generate/index.js';

/**
 * The first page of a listing: the same bound as S3's ListObjectsV2 and the list probe's "up to 1,000
 * entries" (docs/probes.md).
 */
export const LIST_PAGE = 1000;

const meta = (kind: ProbeOpKind, plan: ObjectPlan, ds: DatastreamPlan | null, bytes: number) => ({
  kind,
  objectId: plan.id,
  objectIndex: plan.index,
  datastreamId: ds?.id ?? null,
  bytes,
});

/** A whole datastream, SHA-256 compared with the regenerated content: the cold read, then the warm one. */
export async function probeGet(b: Backend & ReadCapability, plan: ObjectPlan, ds: DatastreamPlan): Promise<OpTiming[]> {
  const want = contentSha256(ds);
  const once = (kind: ProbeOpKind): Promise<OpTiming> =>
    timeOp(
      meta(kind, plan, ds, ds.size),
      async () => {
        const h = createHash('sha256');
        let bytes = 0;
        for await (const chunk of b.read(plan.id, ds.id)) {
          h.update(chunk);
          bytes += chunk.length;
        }
        const got = h.digest('hex');
        if (bytes !== ds.size || got !== want) {
          throw new OpError(
            'E_PROBE_MISMATCH',
            `${plan.id}/${ds.id}: GET gave ${bytes} bytes with SHA-256 ${got}, expected ${ds.size} bytes with ${want}`,
          );
        }
        return { sha256: got };
      },
      clockOf(b),
    );
  const cold = await once('probe-get');
  return [cold, await once('probe-get-warm')];
}

/** Metadata only: the size the store reports must be the size stored (where it reports one). */
export function probeHead(b: Backend & HeadCapability, plan: ObjectPlan, ds: DatastreamPlan): Promise<OpTiming> {
  return timeOp(
    meta('probe-head', plan, ds, 0),
    async () => {
      const r = await b.head(plan.id, ds.id);
      if (r.size !== null && r.size !== ds.size)
        throw new OpError(
          'E_PROBE_MISMATCH',
          `${plan.id}/${ds.id}: HEAD reports ${r.size} bytes, ${ds.size} were stored`,
          r.httpStatus ?? null,
        );
      return r.httpStatus === undefined ? {} : { httpStatus: r.httpStatus };
    },
    clockOf(b),
  );
}

/** Bytes [start, end) of a datastream, compared byte for byte. */
export function probeRange(
  b: Backend & RangeReadCapability,
  plan: ObjectPlan,
  ds: DatastreamPlan,
  range: { start: number; end: number },
): Promise<OpTiming> {
  const want = Buffer.concat([...contentChunks(ds, CHUNK_SIZE, range)]);
  return timeOp(
    meta('probe-range', plan, ds, want.length),
    async () => {
      const parts: Buffer[] = [];
      for await (const chunk of b.readRange(plan.id, ds.id, range)) parts.push(Buffer.from(chunk));
      const got = Buffer.concat(parts);
      if (!got.equals(want)) {
        throw new OpError(
          'E_PROBE_MISMATCH',
          `${plan.id}/${ds.id}: range ${range.start}-${range.end - 1} gave ${got.length} bytes that differ from the ${want.length} stored`,
        );
      }
    },
    clockOf(b),
  );
}

/** The first page of the listing that holds the run's objects. */
export function probeList(b: Backend & ListPageCapability, newest: ObjectPlan): Promise<OpTiming> {
  return timeOp(
    { kind: 'probe-list', objectId: '', objectIndex: newest.index, datastreamId: null, bytes: 0 },
    async () => {
      const r = await b.listFirstPage(LIST_PAGE);
      if (r.entries < 1)
        throw new OpError(
          'E_PROBE_MISMATCH',
          `the run's listing is empty after object ${newest.id} was stored`,
          r.httpStatus ?? null,
        );
      return r.httpStatus === undefined ? {} : { httpStatus: r.httpStatus };
    },
    clockOf(b),
  );
}

/** Writes version `ds.version` of the datastream over the stored one (the get probes then verify it). */
export function probeUpdate(b: Backend & UpdateCapability, plan: ObjectPlan, ds: DatastreamPlan): Promise<OpTiming> {
  return timeOp(
    meta('probe-update', plan, ds, ds.size),
    async () => (await b.update(plan, ds)) ?? undefined,
    clockOf(b),
  );
}

/**
 * Creates an object outside the population (its operations recorded as probe-create) and deletes
 * it (probe-delete): the objects the trend is indexed by do not change.
 */
export async function probeDelete(b: Backend & RemoveCapability, plan: ObjectPlan): Promise<OpTiming[]> {
  const prep = hasBatchLifecycle(b) ? await b.prepareBatch([plan]) : [];
  const created = [...prep, ...(await b.ingest(plan))].map((op) => ({ ...op, kind: 'probe-create' as const }));
  if (created.some((op) => op.status === 'failed')) return created;
  const del = await timeOp(
    meta('probe-delete', plan, null, 0),
    async () => {
      await b.remove({ id: plan.id, index: plan.index });
    },
    clockOf(b),
  );
  return [...created, del];
}
