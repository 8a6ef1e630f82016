/** What `run` prints at the end: a summary line, the chart and the verdict, or one JSON object. */
import type { GateResult } from '../analysis/growth-gate.js';
import { renderChart } from '../report/chart.js';
import { gateJson } from '../report/gate-json.js';
import { chartSeriesOf } from '../report/chart-series.js';
import { formatCount, formatMBps, formatMs } from '../report/format.js';
import { renderVerdict } from '../report/verdict-text.js';
import type { BatchRecord, RunRecord } from '../store/records.js';

export interface RunOutputOptions {
  json: boolean;
  chart: boolean;
  color: boolean;
  width: number;
}

export function renderRunSummary(run: RunRecord, batches: readonly BatchRecord[], gate: GateResult, o: RunOutputOptions): string {
  const objects = batches.reduce((s, b) => s + b.objects, 0);
  const bytes = batches.reduce((s, b) => s + b.bytes, 0);
  const wallMs = batches.reduce((s, b) => s + b.wallMs, 0);
  const failed = batches.reduce((s, b) => s + b.failedOps, 0);
  if (o.json) {
    return JSON.stringify({ runId: run.id, status: run.status, backend: run.backend, target: run.target, batches: batches.length, objects, bytes, ingestMs: wallMs, failedOps: failed, ...gateJson(gate) });
  }
  const lines = [
    `run ${run.id} ${run.status}: ${formatCount(objects)} objects, ${(bytes / 1e6).toFixed(1)} MB in ${batches.length} batches, ` +
      `${formatMs(wallMs)} ingest time, ${formatMBps(bytes, wallMs)}${failed > 0 ? `, ${failed} failed operations` : ''}`,
  ];
  if (o.chart && batches.length > 0) lines.push('', renderChart([chartSeriesOf(run, batches, gate)], { color: o.color, width: o.width }));
  lines.push('', renderVerdict(gate, { label: run.label ?? run.id }));
  return lines.join('\n');
}
