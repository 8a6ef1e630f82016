/**
 * Probe latencies as series and verdicts (docs/probes.md): per batch, the median latency of a probe
 * kind's successful operations, indexed by the objects stored when the probes ran (the batch's
 * end), and the same gate as ingest on it (growthGate: warm-up trim, Theil–Sen, Sen CI, the run's
 * --max-growth). `check` prints a verdict per kind; with --gate-probes it exits on the worst.
 */
import { growthGate, type GateResult, type Verdict } from '../analysis/growth-gate.js';
import { readProbeOps, type ResultsStore } from '../store/index.js';
import { PROBE_KINDS, PROBE_OP_KINDS, type ProbeKind } from '../model/probe-kinds.js';

/** Median of a list (the mean of the middle two for an even count); null when empty. */
export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export interface ProbeRow {
  batch: number;
  kind: string;
  durationMs: number;
}

export interface ProbeSeries {
  kind: ProbeKind;
  /** Batches that have probes of this kind, ascending. */
  batches: number[];
  /** Median latency of the kind's verdict operation (get: the cold read) in each of those batches. */
  medianMs: number[];
  /** get only: the median of the warm (second) reads in each of those batches (the cold median where a batch has none). */
  warmMs: number[] | null;
  /** Median over the whole run of every cold (first) read, and of every warm (second) read; get only has warm. */
  coldMedianMs: number | null;
  warmMedianMs: number | null;
}

/** One series per probe kind present in the rows (successful probe operations only). */
export function probeSeries(rows: readonly ProbeRow[]): ProbeSeries[] {
  const out: ProbeSeries[] = [];
  for (const kind of PROBE_KINDS) {
    const [primary, second] = PROBE_OP_KINDS[kind];
    const byBatch = new Map<number, number[]>();
    const all: number[] = [];
    const warm: number[] = [];
    const warmByBatch = new Map<number, number[]>();
    for (const r of rows) {
      if (r.kind === primary) {
        let list = byBatch.get(r.batch);
        if (list === undefined) byBatch.set(r.batch, (list = []));
        list.push(r.durationMs);
        all.push(r.durationMs);
      } else if (kind === 'get' && r.kind === second) {
        warm.push(r.durationMs);
        let list = warmByBatch.get(r.batch);
        if (list === undefined) warmByBatch.set(r.batch, (list = []));
        list.push(r.durationMs);
      }
    }
    if (byBatch.size === 0) continue;
    const batches = [...byBatch.keys()].sort((a, b) => a - b);
    const medianMs = batches.map((b) => median(byBatch.get(b) as number[]) as number);
    out.push({
      kind,
      batches,
      medianMs,
      warmMs:
        kind === 'get' ? batches.map((b, i) => median(warmByBatch.get(b) ?? []) ?? (medianMs[i] as number)) : null,
      coldMedianMs: median(all),
      warmMedianMs: kind === 'get' ? median(warm) : null,
    });
  }
  return out;
}

export interface ProbeVerdict {
  kind: ProbeKind;
  verdict: Verdict;
  growthRatio: number;
  ci: [number, number];
  coldMedianMs: number | null;
  warmMedianMs: number | null;
  /** Batches with probes of this kind. */
  batches: number;
  gate: GateResult;
}

/** Successful probe operations of a run, in batch order. */
export async function probeRows(store: ResultsStore, runId: string): Promise<ProbeRow[]> {
  return readProbeOps(store.db, runId);
}

export function probeVerdictsOf(rows: readonly ProbeRow[], batchSize: number, limit: number): ProbeVerdict[] {
  return probeSeries(rows).map((s) => {
    const gate = growthGate(s.medianMs, { batchSize, limit });
    return {
      kind: s.kind,
      verdict: gate.verdict,
      growthRatio: gate.growthRatio,
      ci: gate.ci,
      coldMedianMs: s.coldMedianMs,
      warmMedianMs: s.warmMedianMs,
      batches: s.batches.length,
      gate,
    };
  });
}
