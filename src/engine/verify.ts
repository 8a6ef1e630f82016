/**
 * `--verify readback`: read every datastream of a batch back from the target and compare its
 * SHA-256 with the content regenerated from (seed, object, datastream). A mismatch or a read error
 * is a failed `verify` operation; verification runs after the batch's clock has stopped, so it
 * never inflates the batch time the gate reads.
 */
import { createHash } from 'node:crypto';
import { clockOf, OpError, timeOp, type Backend, type ReadCapability } from '../backends/index.js';
import type { OpTiming } from '../model/timings.js';
import { contentSha256, type ObjectPlan } from '../generate/index.js';

export async function verifyObject(
  backend: Backend & ReadCapability,
  plan: ObjectPlan,
  stored: ReadonlySet<string>,
): Promise<OpTiming[]> {
  const out: OpTiming[] = [];
  for (const ds of plan.datastreams) {
    if (!stored.has(`${plan.id}/${ds.id}`)) continue; // a failed ingest is already a record; nothing to read
    const meta = {
      kind: 'verify' as const,
      objectId: plan.id,
      objectIndex: plan.index,
      datastreamId: ds.id,
      bytes: ds.size,
    };
    out.push(
      await timeOp(
        meta,
        async () => {
          const hash = createHash('sha256');
          let bytes = 0;
          for await (const chunk of backend.read(plan.id, ds.id)) {
            hash.update(chunk);
            bytes += chunk.length;
          }
          const got = hash.digest('hex');
          const want = contentSha256(ds);
          if (bytes !== ds.size || got !== want) {
            throw new OpError(
              'E_VERIFY_MISMATCH',
              `${plan.id}/${ds.id}: read ${bytes} bytes with SHA-256 ${got}, expected ${ds.size} bytes with ${want}`,
            );
          }
          return { sha256: got };
        },
        clockOf(backend),
      ),
    );
  }
  return out;
}

/** Keys "objectId/datastreamId" of the datastreams that were stored successfully. */
export function storedDatastreams(ops: readonly OpTiming[]): Set<string> {
  const out = new Set<string>();
  for (const op of ops)
    if (op.kind === 'add-datastream' && op.status === 'ok' && op.datastreamId)
      out.add(`${op.objectId}/${op.datastreamId}`);
  return out;
}
