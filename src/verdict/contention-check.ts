/**
 * The host contention guard of a stored run (docs/growth-gate.md, "Host contention"): reads the
 * batches' host samples (store/host-samples.ts), looks for a significant rise in CPU or I/O pressure
 * (analysis/contention.ts), and where there is one re-runs the gate on the quiet batches before it.
 * evaluate-run.ts turns a FAIL into INCONCLUSIVE when the growth does not persist on them, and a PASS
 * or WARN into INCONCLUSIVE when they could not have seen the limit (analysis/quiet-power.ts).
 */
import {
  contentionRise,
  contentionVerdict,
  othersShare,
  type ContentionEffect,
  type ContentionRise,
} from '../analysis/contention.js';
import type { Verdict } from '../analysis/growth-gate.js';
import { operationGate, type OperationBatch } from '../analysis/op-gate.js';
import { quietPower } from '../analysis/quiet-power.js';
import { readHostSamples, type HostSample, type ResultsStore } from '../store/index.js';
import type { RunRecord } from '../model/records.js';

export interface QuietBatches {
  /** Batches 1..batches (those before the rise). */
  batches: number;
  /** The gate on them alone, on their own span. */
  verdict: Verdict;
  /** Their growth projected over the run's span, and its CI. */
  growthRatio: number;
  ci: [number, number];
  fails: boolean;
  /** The largest growth over the run's span they cannot exclude (their CI's upper end; NaN: cannot tell). */
  detectable: number;
  /** Kept quiet batches a rerun needs to see the limit, and the batches to plan for it. */
  rerunKept: number;
  rerunBatches: number;
}

export interface ContentionAssessment {
  /** Whether any batch has a pressure sample (false: no /proc/pressure, or a run recorded before schema 5). */
  available: boolean;
  /** Per batch (batch i+1 at i), for the reports' strip. */
  samples: HostSample[];
  rise: ContentionRise | null;
  /** Whether the target's own CPU was measured and kept apart from the host's (a local target found). */
  targetCounted: boolean;
  quiet: QuietBatches | null;
  /** What the guard did to the verdict. */
  effect: ContentionEffect;
  /**
   * Why an `inconclusive` effect: the FAIL did not persist on the quiet batches ('not-persisting'), or a
   * PASS or WARN whose quiet batches could not have seen the limit ('blind'); null otherwise.
   */
  inconclusiveReason: 'not-persisting' | 'blind' | null;
}

export interface ContentionCheckOptions {
  batchSize: number;
  limit: number;
  /** The verdict before the guard (the gate's, or FAIL for an early stop). */
  verdict: Verdict;
  /** The run's span as the gate measured it (GateResult.span). */
  span: number;
}

/** The guard on in-memory samples (tests and the reports use it as evaluate-run does). */
export function assessContention(
  samples: HostSample[],
  input: readonly OperationBatch[],
  o: ContentionCheckOptions,
): ContentionAssessment {
  const cpu = samples.map((s) => s.cpuPressure);
  const io = samples.map((s) => s.ioPressure);
  const wait = samples.map((s) => s.toolCpuWait);
  const others = samples.map((s) => othersShare(s.othersCpu, s.cpuSteal));
  const available = [others, cpu, io, wait].some((xs) => xs.some((v) => v !== null));
  const rise = available ? contentionRise({ others, cpu, io, wait }) : null;
  const targetCounted = samples.some((s) => s.targetCpu !== null);
  if (rise === null)
    return { available, samples, rise, targetCounted, quiet: null, effect: 'none', inconclusiveReason: null };
  const prefix = input.slice(0, rise.fromBatch - 1);
  const q = operationGate(prefix, { batchSize: o.batchSize, limit: o.limit });
  const v = contentionVerdict(
    o.verdict,
    { verdict: q.verdict, slope: q.slope, slopeCi: q.slopeCi, keptBatches: q.keptBatches },
    o.span,
    o.limit,
  );
  const power = quietPower({ verdict: o.verdict, quiet: q, span: o.span, limit: o.limit });
  const effect = power.blind ? 'inconclusive' : v.effect;
  return {
    available,
    samples,
    rise,
    targetCounted,
    quiet: {
      batches: prefix.length,
      verdict: q.verdict,
      growthRatio: v.quietGrowthRatio,
      ci: v.quietCi,
      fails: v.quietFails,
      detectable: power.detectable,
      rerunKept: power.rerunKept,
      rerunBatches: power.rerunBatches,
    },
    effect,
    inconclusiveReason: power.blind ? 'blind' : v.effect === 'inconclusive' ? 'not-persisting' : null,
  };
}

/** The guard of a stored run; null for an import (no host to speak of), which never builds input(). */
export async function checkContention(
  store: ResultsStore,
  run: RunRecord,
  input: () => readonly OperationBatch[],
  o: ContentionCheckOptions,
): Promise<ContentionAssessment | null> {
  if (run.source !== 'run') return null;
  return assessContention(await readHostSamples(store.db, run.id), input(), o);
}
