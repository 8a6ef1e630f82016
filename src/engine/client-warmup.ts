/**
 * An unrecorded warm-up of the client before batch 1 (docs/growth-gate.md, "The client's
 * warm-up"). On a 2-core machine the tool's own work per request fell for the first few thousand
 * requests (V8 compiling the request, content and recording paths; connections opening), so batch 1
 * and the few after it ran 20–35% slower on a constant store and the CI lay below 1.0. The trim of
 * the gate cannot tell that from a store that got faster; warming the client first removes the cause.
 *
 * What it does: ingests `count` objects that are not part of the run — ids `<prefix>warm-<i>` for
 * indices i past the run's last object (so their content too is no real object's), so no byte is shared with a real object — through
 * the same backend, at the run's concurrency, then removes them (as `clean` would) before batch 1.
 * Nothing is recorded: no batch, no operation, no time.
 *
 * What it costs the measurement: the store saw `count` writes and deletes before the run (a store
 * that keeps tombstones keeps these). A backend with a batch lifecycle (level containers made before a
 * batch, a transaction around it) runs it around the warm-up as around a batch, with the flat layout
 * only (the levels of another layout would stay). Backends that cannot remove an object and
 * in-process stores (takesClientWarmup) are not warmed. A run
 * stopped at once (a second signal) during the warm-up may leave warm-up objects behind. A warm-up object that cannot be removed fails the run before batch 1 (E_TARGET, exit 4).
 */
import { canRemove, hasBatchLifecycle, type Backend } from '../backends/index.js';
import { RunFailedError } from '../errors.js';
import { planObject } from '../generate/index.js';
import type { Workload } from '../workload/index.js';
import { ingestBatch } from './batch-step.js';
import { runPool } from './pool.js';

/**
 * Backends whose store runs inside the tool's own process are not warmed: an embedded LevelDB would
 * keep the warm-up's writes and deletes (tombstones, a compaction) in the very store measured (an OCFL
 * storage root likewise, in its directories), and the memory store measures nothing but the tool. A target over the network is warmed.
 */
const IN_PROCESS = new Set(['leveldb', 'memory', 'ocfl']);

export function takesClientWarmup(backendName: string): boolean {
  return !IN_PROCESS.has(backendName);
}

/** Objects warmed at most, and the share of the run's objects (the warm-up adds at most this to its time). */
export const CLIENT_WARMUP_MAX_OBJECTS = 1000;
export const CLIENT_WARMUP_SHARE = 0.1;

/** How many objects warm the client for this workload: min(1,000, ceil(10% of the run)). */
export function clientWarmupObjects(w: Workload): number {
  return Math.min(CLIENT_WARMUP_MAX_OBJECTS, Math.ceil(w.objects * CLIENT_WARMUP_SHARE));
}

export interface ClientWarmupResult {
  /** Objects written and removed; 0 when the backend is not warmed. */
  objects: number;
  /** Why not, when not. */
  skipped: string | null;
}

export async function warmUpClient(
  backend: Backend,
  w: Workload,
  idPrefix: string,
  count = clientWarmupObjects(w),
): Promise<ClientWarmupResult> {
  if (count <= 0) return { objects: 0, skipped: 'no objects to warm with' };
  if (!canRemove(backend)) return { objects: 0, skipped: `backend ${backend.name} cannot remove objects` };
  const lifecycle = hasBatchLifecycle(backend) ? backend : null;
  // a layout with levels would leave the warm-up's own level containers behind
  if (lifecycle && w.layout !== 'flat')
    return { objects: 0, skipped: `layout ${w.layout}: the warm-up would leave level containers behind` };
  const plans = Array.from({ length: count }, (_, k) => planObject(w, w.objects + k, { idPrefix: `${idPrefix}warm-` }));
  // the batch's own work around it too (a transaction per batch is begun and committed): the batch step itself
  const step = await ingestBatch(backend, plans, { concurrency: w.concurrency });
  const failed = step.objectsRan ? step.objectOps.filter((t) => t.status === 'failed').length : count;
  // each removal is tried twice (a transient failure of the target is not a reason to fail the run)
  const removals = await runPool(plans, w.concurrency, async (p) => {
    let why = '';
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await backend.remove({ id: p.id, index: p.index });
        return null;
      } catch (e) {
        why = `${p.id}: ${(e as Error).message}`;
      }
    }
    return why;
  });
  const left = removals.filter((r): r is string => r !== null);
  // an object whose writes all failed may not exist: only a failed removal of a written one counts
  if (left.length > failed) {
    throw new RunFailedError(
      'E_TARGET',
      `${left.length} of ${count} warm-up objects could not be removed before batch 1 (first: ${left[0]})`,
      {
        hint: `remove the objects named ${idPrefix}warm-* on the target, and check that it accepts deletes`,
      },
    );
  }
  return { objects: count, skipped: null };
}
