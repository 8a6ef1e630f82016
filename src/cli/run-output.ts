/** What `run` and `check` print: a summary line, the chart and the verdict, or one JSON object. */
import {
  chartSeriesOf,
  errorBudgetText,
  evaluationJson,
  formatCount,
  formatMBps,
  formatMs,
  renderChart,
  runVerdictText,
} from '../report/index.js';
import type { StoredEvaluation } from '../verdict/index.js';

export interface RunOutputOptions {
  json: boolean;
  chart: boolean;
  color: boolean;
  width: number;
}

/** The verdict as text: the early stop first when the run stopped early, then the gate's own lines. */
export const evaluationText = runVerdictText;

/** The summary of a finished run's evaluation: its own verdict and, when operations failed or were retried, its error budget. */
export function renderRunSummary(s: StoredEvaluation, o: RunOutputOptions): string {
  const e = s.candidate.evaluation;
  const { run, batches } = e;
  const objects = batches.reduce((s, b) => s + b.objects, 0);
  const bytes = batches.reduce((s, b) => s + b.bytes, 0);
  const wallMs = batches.reduce((s, b) => s + b.wallMs, 0);
  const failed = batches.reduce((s, b) => s + b.failedOps, 0);
  if (o.json) {
    return JSON.stringify({
      ...evaluationJson(e),
      backend: run.backend,
      target: run.target,
      batches: batches.length,
      plannedBatches: run.plannedBatches,
      objects,
      bytes,
      ingestMs: wallMs,
      failedOps: failed,
    });
  }
  const lines = [
    `run ${run.id} ${run.status}: ${formatCount(objects)} objects, ${(bytes / 1e6).toFixed(1)} MB in ${batches.length} batches, ` +
      `${formatMs(wallMs)} ingest time, ${formatMBps(bytes, wallMs)}${failed > 0 ? `, ${failed} failed operations` : ''}`,
  ];
  if (o.chart && batches.length > 0)
    lines.push('', renderChart([chartSeriesOf(run, batches, e.gate.wallTime)], { color: o.color, width: o.width }));
  lines.push('', evaluationText(e));
  // failed or retried operations: the verdict says how much of the error budget they spent, and why
  if (s.errorBudget.failed > 0 || s.errorBudget.retried > 0)
    lines.push(`error budget: ${errorBudgetText(s.errorBudget)}`);
  return lines.join('\n');
}
