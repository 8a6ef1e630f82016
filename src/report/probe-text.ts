/**
 * Probe verdicts (docs/probes.md) in words and as JSON, the same for `run`, `check` and every report: a
 * line per probe kind (verdict, growth and CI over the kept batches, cold and warm medians), the
 * `probes` object of `check --json` and of the JSON report (the worst verdict that `--gate-probes`
 * exits on is the verdict's: src/verdict/exit-code.ts).
 */
import type { ProbeVerdict } from '../verdict/index.js';
import type { RunRecord } from '../model/records.js';
import type { ProbeKind } from '../model/probe-kinds.js';
import type { Verdict } from '../analysis/growth-gate.js';
import { formatCount, formatMs } from './format.js';

const fx = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '-');
const num = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : x);

/** One probe kind's verdict in words, without its kind or verdict word: "x1.42 [1.20, 1.71] over …; cold median …". */
export function probeDetail(v: ProbeVerdict, run: Pick<RunRecord, 'batchSize'>): string {
  const g = v.gate;
  const span =
    g.keptBatches > 0
      ? `batches ${g.firstKeptBatch}-${g.batches} (objects ${formatCount(g.firstKeptBatch * run.batchSize)}-${formatCount(g.batches * run.batchSize)})`
      : `${v.batches} batches`;
  const growth =
    v.verdict === 'INCONCLUSIVE' && g.keptBatches < 2
      ? g.reason
      : `x${fx(v.growthRatio)} [${fx(v.ci[0])}, ${fx(v.ci[1])}] over ${span}`;
  const medians =
    v.kind === 'get'
      ? `cold median ${formatMs(v.coldMedianMs ?? NaN)}, warm ${formatMs(v.warmMedianMs ?? NaN)}`
      : `median ${formatMs(v.coldMedianMs ?? NaN)}`;
  return `${growth}; ${medians}`;
}

/** Whether probe verdicts are gated, in the words every output uses. */
export function probeGateNote(gated: boolean): string {
  return gated ? 'gated: --gate-probes' : 'reported; check --gate-probes gates on them';
}

export function probeText(verdicts: readonly ProbeVerdict[], run: Pick<RunRecord, 'batchSize'>, gated = false): string {
  const lines = [`probes: median latency per batch, by objects stored (${probeGateNote(gated)}):`];
  const width = Math.max(...verdicts.map((v) => v.kind.length));
  for (const v of verdicts) lines.push(`  ${v.kind.padEnd(width)}  ${v.verdict.padEnd(12)} ${probeDetail(v, run)}`);
  return lines.join('\n');
}

/** One probe kind's verdict in `probes` of `check --json`, `run --json` and the JSON report. */
export interface ProbeKindJson {
  verdict: Verdict;
  growthRatio: number | null;
  ci: [number | null, number | null];
  coldMedianMs: number | null;
  warmMedianMs: number | null;
  batches: number;
  warmupDropped: number;
  keptBatches: number;
}

/** The probe kinds a run recorded, each with its verdict. */
export type ProbesJson = Partial<Record<ProbeKind, ProbeKindJson>>;

export function probeJson(verdicts: readonly ProbeVerdict[]): ProbesJson {
  const out: ProbesJson = {};
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
