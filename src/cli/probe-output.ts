/** What `run --probe` and `check` print about probes: one line per probe kind, and a probe stop. */
import type { Verdict } from '../analysis/growth-gate.js';
import type { ProbeVerdict } from '../engine/probes/probe-verdicts.js';
import { formatCount, formatMs } from '../report/format.js';
import type { RunRecord } from '../store/records.js';

const fx = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '-');
const num = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : x);

/** The stop by --probe-stop-above, in words; null for any other run. */
export function probeStopText(run: RunRecord): string | null {
  const p = run.stopInfo?.probe;
  if (!p) return null;
  return `FAIL  stopped at batch ${run.stopInfo?.batch} of ${run.plannedBatches}: the ${p.kind} probe's median latency ${formatMs(p.medianMs)} is above --probe-stop-above ${formatMs(p.limitMs)}`;
}

/** Lines to put before the fixed rule's verdict of a run a probe stopped (its verdict is that FAIL). */
export function probeStopHead(run: RunRecord): string[] {
  const stop = probeStopText(run);
  return stop ? [stop, '', 'the fixed rule on the batches run so far (not the verdict):'] : [];
}

export function probeText(verdicts: readonly ProbeVerdict[], run: RunRecord, gated = false): string {
  const lines = [`probes: median latency per batch, by objects stored (${gated ? 'gated: --gate-probes' : 'reported; check --gate-probes gates on them'}):`];
  const width = Math.max(...verdicts.map((v) => v.kind.length));
  for (const v of verdicts) {
    const g = v.gate;
    const span = g.keptBatches > 0 ? `batches ${g.firstKeptBatch}-${g.batches} (objects ${formatCount(g.firstKeptBatch * run.batchSize)}-${formatCount(g.batches * run.batchSize)})` : `${v.batches} batches`;
    const growth = v.verdict === 'INCONCLUSIVE' && g.keptBatches < 2 ? g.reason : `x${fx(v.growthRatio)} [${fx(v.ci[0])}, ${fx(v.ci[1])}] over ${span}`;
    const medians = v.kind === 'get'
      ? `cold median ${formatMs(v.coldMedianMs ?? NaN)}, warm ${formatMs(v.warmMedianMs ?? NaN)}`
      : `median ${formatMs(v.coldMedianMs ?? NaN)}`;
    lines.push(`  ${v.kind.padEnd(width)}  ${v.verdict.padEnd(12)} ${growth}; ${medians}`);
  }
  return lines.join('\n');
}

export function probeJson(verdicts: readonly ProbeVerdict[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const v of verdicts) {
    out[v.kind] = {
      verdict: v.verdict,
      growthRatio: num(v.growthRatio),
      ci: [num(v.ci[0]), num(v.ci[1])],
      coldMedianMs: num(v.coldMedianMs),
      warmMedianMs: num(v.warmMedianMs),
      batches: v.batches,
      warmupDropped: v.gate.warmupDropped,
      keptBatches: v.gate.keptBatches,
    };
  }
  return out;
}

const RANK: Record<Verdict, number> = { PASS: 0, WARN: 1, INCONCLUSIVE: 2, FAIL: 3 };

/** The worst of the ingest verdict and the probe verdicts (--gate-probes): FAIL > INCONCLUSIVE > WARN > PASS. */
export function worstVerdict(ingest: Verdict, verdicts: readonly ProbeVerdict[]): Verdict {
  return verdicts.reduce<Verdict>((w, v) => (RANK[v.verdict] > RANK[w] ? v.verdict : w), ingest);
}
