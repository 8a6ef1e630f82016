/**
 * The one line per batch `watch` prints when its output is not a terminal (a log, a pipe, a pod's
 * stdout): the batch, objects stored, the batch time, and the growth so far.
 */
import { formatCount, formatMs } from './format.js';
import type { LiveState } from './live-state.js';

/** The line of one batch; `latest` adds the growth so far (the state's analysis is that of the latest batch). */
export function liveBatchLine(state: LiveState, batchIndex: number, latest = true): string {
  const run = state.runs[0];
  const b = run?.batches.find((x) => x.index === batchIndex);
  if (!run || !b) return '';
  const gate = state.analysis.gates[0] ?? null;
  const growth = gate
    ? `growth so far x${gate.growthRatio.toFixed(2)} [${gate.ci[0].toFixed(2)}, ${gate.ci[1].toFixed(2)}] ${gate.verdict}`
    : 'growth: too early';
  const failed = b.failedOps > 0 ? `, ${formatCount(b.failedOps)} failed` : '';
  return (
    `run ${run.id} batch ${b.index}/${run.plannedBatches}: ${formatCount(b.objectsBefore + b.objects)} objects stored,` +
    ` ${formatMs(b.wallMs)}${failed}${latest ? `; ${growth}` : ''}`
  );
}
