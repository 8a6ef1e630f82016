/** A stored run (and its gate result) as a chart series: batch times and the gate's fitted trend. */
import type { GateResult } from '../analysis/growth-gate.js';
import type { BatchRecord, RunRecord } from '../model/records.js';
import type { ChartSeries } from './chart.js';

export function chartSeriesOf(run: RunRecord, batches: readonly BatchRecord[], gate?: GateResult): ChartSeries {
  const s: ChartSeries = {
    label: run.label ? `${run.label} (${run.id})` : `run ${run.id}`,
    timesMs: batches.map((b) => b.wallMs),
    objectsBefore: batches.map((b) => b.objectsBefore),
    batchSize: run.batchSize,
  };
  if (gate && Number.isFinite(gate.slope) && Number.isFinite(gate.intercept)) {
    s.trendMs = batches.map((b) => Math.exp(gate.intercept + gate.slope * b.index));
  }
  return s;
}
