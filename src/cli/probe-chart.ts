/** `chart RUN --probe KIND`: a probe kind's median latency per batch against objects stored (get: cold and warm as two lines). */
import { growthGate } from '../analysis/growth-gate.js';
import { PROBE_KINDS, type ProbeKind } from '../engine/probes/probe-kinds.js';
import { probeSeries } from '../engine/probes/probe-stats.js';
import { probeRows } from '../engine/probes/probe-verdicts.js';
import { UsageError } from '../errors.js';
import type { ChartSeries } from '../report/chart.js';
import type { RunRecord } from '../store/records.js';
import type { ResultsStore } from '../store/results-store.js';

export function parseChartProbe(raw: string): ProbeKind {
  if (!(PROBE_KINDS as readonly string[]).includes(raw)) throw new UsageError('E_BAD_FLAG', `--probe "${raw}" is not a probe kind`, `give one of ${PROBE_KINDS.join(', ')}`);
  return raw as ProbeKind;
}

export async function probeChartSeries(store: ResultsStore, run: RunRecord, kind: ProbeKind, trend: boolean): Promise<ChartSeries[]> {
  const s = probeSeries(await probeRows(store, run.id)).find((x) => x.kind === kind);
  if (!s) throw new UsageError('E_BAD_FLAG', `run ${run.id} has no ${kind} probes`, `chart a run made with run --probe ${kind} (or --probe all)`);
  const name = run.label ? `${run.label} (${run.id})` : `run ${run.id}`;
  // the chart's axis runs from the first batch's start to the last batch's end: the objects the last probes saw
  const objectsBefore = s.batches.map((b) => (b - 1) * run.batchSize);
  const line = (label: string, timesMs: number[]): ChartSeries => {
    const out: ChartSeries = { label, timesMs, objectsBefore, batchSize: run.batchSize };
    const gate = trend ? growthGate(timesMs, { batchSize: run.batchSize }) : null;
    if (gate && Number.isFinite(gate.slope) && Number.isFinite(gate.intercept)) out.trendMs = timesMs.map((_, i) => Math.exp(gate.intercept + gate.slope * (i + 1)));
    return out;
  };
  if (s.warmMs === null) return [line(`${name}: ${kind} probe, median per batch`, s.medianMs)];
  return [line(`${name}: get probe, cold median per batch`, s.medianMs), line(`${name}: get probe, warm median per batch`, s.warmMs)];
}
