/**
 * `run --probe KINDS`: after every batch, outside its clock, K probes of each kind on objects
 * sampled with the seed from everything stored so far (the oldest and the newest always among
 * them), one at a time so that each latency is the store's alone. The engine records the probe
 * operations in the batch's transaction; the ingest gate never counts them (their kinds are
 * probe-*). After the batch is recorded, `shouldStop` fails the run on wrong bytes and stops it
 * (`stopped-early`) when a probe kind's median latency in the batch is above --probe-stop-above.
 */
import {
  canHead,
  canListPage,
  canRead,
  canReadRange,
  canRemove,
  canUpdate,
  type Backend,
} from '../../backends/index.js';
import type { OpTiming } from '../../model/timings.js';
import { RunFailedError } from '../../errors.js';
import { planObject, type ObjectPlan } from '../../generate/index.js';
import type { BatchRecord, StopInfo } from '../../model/records.js';
import { readProbeRestoreCounts, type ResultsStore } from '../../store/index.js';
import type { Workload } from '../../workload/index.js';
import { PROBE_OP_KINDS, type ProbeKind } from './probe-kinds.js';
import { probeDelete, probeGet, probeHead, probeList, probeRange, probeUpdate } from './probe-ops.js';
import { probeRange as rangeOf, sampleObjects } from './probe-sample.js';
import { median } from '../../verdict/index.js';

export interface ProbeOptions {
  kinds: readonly ProbeKind[];
  /** Probes of each kind per batch (--probe-sample, default 10). */
  sample: number;
  /** --probe-stop-above: stop the run when a kind's median probe latency in a batch is above this. */
  stopAboveMs?: number;
}

export const DEFAULT_PROBE_SAMPLE = 10;

export class ProbeRunner {
  private readonly failed = new Set<number>();
  /** The version each updated object's first datastream is at (absent: 0, as ingested). */
  private readonly versions = new Map<number, number>();
  private last: { batch: number; ops: OpTiming[] } | null = null;

  constructor(
    private readonly backend: Backend,
    private readonly workload: Workload,
    private readonly idPrefix: string,
    private readonly o: ProbeOptions,
    private readonly plannedBatches: number,
  ) {}

  /**
   * A resumed run (run --resume): the versions its earlier update probes wrote and the objects whose
   * ingest or update failed, from its stored operations, so that later probes expect what is stored.
   */
  async restore(store: ResultsStore, runId: string): Promise<void> {
    for (const r of await readProbeRestoreCounts(store.db, runId)) {
      if (r.kind === 'probe-update' && r.status === 'ok') this.versions.set(r.i, (this.versions.get(r.i) ?? 0) + r.n);
      else if (r.status === 'failed') this.failed.add(r.i);
    }
  }

  private plan(index: number): ObjectPlan {
    return planObject(this.workload, index, { idPrefix: this.idPrefix });
  }

  /** The probes after batch `batch` (1-based), with `stored` objects planned so far. */
  async afterBatch(batch: number, stored: number, ingestOps: readonly OpTiming[]): Promise<OpTiming[]> {
    for (const op of ingestOps) if (op.status === 'failed' && op.objectIndex >= 0) this.failed.add(op.objectIndex);
    const picked = sampleObjects(stored, this.o.sample, this.workload.seed, batch, (i) => !this.failed.has(i)).map(
      (i) => this.plan(i),
    );
    const b = this.backend;
    const ops: OpTiming[] = [];
    for (const kind of this.o.kinds) {
      if (kind === 'list' && canListPage(b)) {
        const newest = picked[picked.length - 1];
        for (let n = 0; newest && n < this.o.sample; n++) ops.push(await probeList(b, newest));
        continue;
      }
      if (kind === 'delete' && canRemove(b)) {
        // objects past the population, one per probe: index objects + (batch - 1) * K + n
        for (let n = 0; n < this.o.sample; n++) {
          const plan = this.plan(this.workload.objects + (batch - 1) * this.o.sample + n);
          ops.push(...(await probeDelete(b, plan)));
        }
        continue;
      }
      for (const plan of picked) {
        const first = plan.datastreams[0];
        if (first === undefined) continue;
        const version = this.versions.get(plan.index) ?? 0;
        const ds = version === 0 ? first : { ...first, version };
        if (kind === 'update' && canUpdate(b)) {
          const op = await probeUpdate(b, plan, { ...first, version: version + 1 });
          // a failed write may or may not have landed: the object is left out of later probes
          if (op.status === 'ok') this.versions.set(plan.index, version + 1);
          else this.failed.add(plan.index);
          ops.push(op);
          continue;
        }
        if (kind === 'get' && canRead(b)) ops.push(...(await probeGet(b, plan, ds)));
        else if (kind === 'head' && canHead(b)) ops.push(await probeHead(b, plan, ds));
        else if (kind === 'range' && canReadRange(b)) {
          const range = rangeOf(ds.size, this.workload.seed, batch, plan.index);
          if (range) ops.push(await probeRange(b, plan, ds, range));
        }
      }
    }
    this.last = { batch, ops };
    return ops;
  }

  /** After the batch was recorded: wrong bytes fail the run (exit 4); a median above the limit stops it. */
  shouldStop(): StopInfo | null {
    const last = this.last;
    if (last === null) return null;
    const wrong = last.ops.filter((op) => op.errorCode === 'E_PROBE_MISMATCH');
    if (wrong.length > 0) {
      throw new RunFailedError(
        'E_PROBE_MISMATCH',
        `${wrong.length} probe(s) after batch ${last.batch} read wrong content (first: ${wrong[0]?.kind} ${wrong[0]?.objectId}/${wrong[0]?.datastreamId})`,
        {
          hint: 'the target returned bytes that differ from what was stored; see the probe operations in the results database',
        },
      );
    }
    const unlisted = last.ops.find((op) => op.errorCode === 'E_LIST_UNSUPPORTED');
    if (unlisted) {
      throw new RunFailedError(
        'E_PROBE_UNSUPPORTED',
        `--probe list: the target does not list the run's objects (${unlisted.kind} answered HTTP ${unlisted.httpStatus ?? '?'})`,
        {
          hint: 'drop list from --probe for this server (a WebDAV server needs PROPFIND; nginx needs the dav_ext module)',
        },
      );
    }
    const limit = this.o.stopAboveMs;
    if (limit === undefined) return null;
    for (const kind of this.o.kinds) {
      const primary = PROBE_OP_KINDS[kind][0];
      const m = median(last.ops.filter((op) => op.kind === primary && op.status === 'ok').map((op) => op.durationMs));
      if (m !== null && m > limit) {
        return {
          batch: last.batch,
          plannedBatches: this.plannedBatches,
          projectedGrowth: m / limit,
          lowerBound: m / limit,
          limit: 1,
          shareOfPlannedTime: last.batch / this.plannedBatches,
          probe: { kind, medianMs: m, limitMs: limit },
        };
      }
    }
    return null;
  }
}

/**
 * The engine's probe options: the runner's probes after each batch, and a stop check that asks the
 * probes first (wrong bytes, --probe-stop-above) and then the early-FAIL look, if armed.
 */
export function probeStops(
  probes: ProbeRunner | undefined,
  early: ((batches: readonly BatchRecord[]) => StopInfo | null) | undefined,
): { probes?: ProbeRunner; shouldStop?: (batches: readonly BatchRecord[]) => StopInfo | null } {
  if (!probes) return early ? { shouldStop: early } : {};
  return { probes, shouldStop: (batches) => probes.shouldStop() ?? early?.(batches) ?? null };
}
