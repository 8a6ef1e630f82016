/**
 * The live view of a run or a compare as lines of text: a pure function of the state
 * (live-state.ts) and the terminal's size. A header (what, how far, how fast, failures), the chart so
 * far (chart.ts, the same renderer as the final chart, sized to the terminal), and the interim
 * answer (live-answer-text.ts). The terminal driver in src/cli/ redraws it in place; nothing here
 * writes to a terminal.
 */
import { projectBatchTime } from '../analysis/growth-gate.js';
import { renderChart, type ChartSeries } from './chart.js';
import { formatCount, formatMs } from './format.js';
import { answerLines, compareLines } from './live-answer-text.js';
import {
  RECENT_BATCHES,
  STALE_BATCHES,
  STALE_MIN_MS,
  type LiveRun,
  type LiveState,
  type LiveView,
} from './live-state.js';
import { progressBar } from './sparkline.js';
import { clipLine, wrapLine } from './live-text.js';

const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** Whether the latest batch ended long enough ago that the recent rates no longer describe now. */
export function ratesStale(state: LiveState): boolean {
  const recent = state.runs.flatMap((r) => r.batches.slice(-RECENT_BATCHES).map((b) => b.wallMs));
  if (recent.length === 0) return false;
  return state.sinceBatchMs > Math.max(STALE_MIN_MS, STALE_BATCHES * median(recent));
}

/** Time left: the batches not run, projected by the fit so far (power law, as the early stop does), scaled by the overhead so far. */
export function etaMs(state: LiveState): number {
  let ingestLeft = 0;
  let ingestDone = 0;
  state.runs.forEach((r, k) => {
    const done = r.batches.length;
    ingestDone += sum(r.batches.map((b) => b.wallMs));
    const gate = state.analysis.gates[k] ?? null;
    const recent = r.batches.slice(-RECENT_BATCHES).map((b) => b.wallMs);
    for (let i = done + 1; i <= r.plannedBatches; i++) {
      const projected = gate ? projectBatchTime(gate, i * r.batchSize) : NaN;
      ingestLeft += Number.isFinite(projected) ? projected : sum(recent) / Math.max(1, recent.length);
    }
  });
  if (!(ingestDone > 0)) return NaN;
  return ingestLeft * Math.max(1, state.elapsedMs / ingestDone);
}

function headerLines(state: LiveState): string[] {
  const first = state.runs[0] as LiveRun;
  const all = state.runs.flatMap((r) => r.batches);
  const objects = sum(all.map((b) => b.objects));
  const planned = sum(state.runs.map((r) => r.plannedObjects));
  const bytes = sum(all.map((b) => b.bytes));
  const left = planned - objects;
  const eta = left <= 0 ? 'done' : formatMs(etaMs(state));
  const title = state.compareId
    ? `compare ${state.compareId}: ${state.runs.length} targets, batch ${Math.max(...state.runs.map((r) => r.batches.length))} of ${first.plannedBatches}`
    : `run ${first.id}${first.label ? ` (${first.label})` : ''}: ${first.backend} at ${first.target}`;
  const where = state.compareId
    ? ''
    : `batch ${first.batches.length} of ${first.plannedBatches}  ${progressBar(objects / Math.max(1, planned), 12)}  `;
  return [
    title,
    `${where}${formatCount(objects)} of ${formatCount(planned)} objects, ${(bytes / 1e6).toFixed(1)} MB  elapsed ${formatMs(state.elapsedMs)}  ETA ${eta}`,
    rateLine(state),
  ];
}

function rateLine(state: LiveState): string {
  const recent = state.runs.flatMap((r) => r.batches.slice(-RECENT_BATCHES));
  const all = state.runs.flatMap((r) => r.batches);
  const wall = sum(recent.map((b) => b.wallMs));
  const ops = sum(recent.map((b) => b.okOps + b.failedOps));
  const rates =
    wall > 0
      ? `last ${Math.min(RECENT_BATCHES, state.runs[0]?.batches.length ?? 0)} batches: ${formatCount(Math.round((ops / wall) * 1000))} ops/s, ${((sum(recent.map((b) => b.bytes)) / 1e6 / wall) * 1000).toFixed(1)} MB/s`
      : 'no batch recorded yet';
  const stale = ratesStale(state) ? ` (stale: the last batch ended ${formatMs(state.sinceBatchMs)} ago)` : '';
  const failed = sum(all.map((b) => b.failedOps));
  const total = sum(all.map((b) => b.okOps + b.failedOps));
  const budget = Math.floor(state.maxErrorRate * total) - failed;
  const fails =
    failed === 0
      ? `no failed operations (budget ${(100 * state.maxErrorRate).toFixed(1)}%)`
      : `${formatCount(failed)} failed operations, ${budget >= 0 ? `${formatCount(budget)} more within` : `over`} the ${(100 * state.maxErrorRate).toFixed(1)}% budget`;
  return `${rates}${stale}  ${fails}`;
}

function chartSeries(state: LiveState): ChartSeries[] {
  return state.runs.map((r, k) => {
    const s: ChartSeries = {
      label: r.name ? `${r.name} (${r.id})` : r.label ? `${r.label} (${r.id})` : `run ${r.id}`,
      timesMs: r.batches.map((b) => b.wallMs),
      objectsBefore: r.batches.map((b) => b.objectsBefore),
      batchSize: r.batchSize,
    };
    const gate = state.analysis.gates[k];
    if (gate && Number.isFinite(gate.slope) && Number.isFinite(gate.intercept))
      s.trendMs = r.batches.map((b) => Math.exp(gate.intercept + gate.slope * b.index));
    return s;
  });
}

/** The live screen: at most view.height - 1 lines (the cursor's line stays free), none wider than view.width - 1. */
export function renderLiveScreen(state: LiveState, view: LiveView): string[] {
  const wrap = (lines: string[]): string[] => lines.flatMap((l) => wrapLine(l, view.width - 1));
  const head = wrap(headerLines(state));
  const body = wrap(state.compareId ? compareLines(state, view.color) : []);
  const answer = wrap(answerLines(state, view.color));
  const tail = wrap(state.note ? [state.note] : []);
  const fixed = head.length + body.length + answer.length + tail.length + 2;
  const series = chartSeries(state);
  // the chart's rows: its plot (height + 1 rows), the axis line, a legend line per run and a note on the p90 marks
  const trailer = 1 + series.length + 1;
  const plotHeight = Math.min(16, view.height - 1 - fixed - trailer - 1);
  const hasBatches = series.some((s) => s.timesMs.length > 0);
  const chart =
    hasBatches && plotHeight >= 3
      ? ['', ...renderChart(series, { width: view.width - 1, height: plotHeight, color: view.color }).split('\n')]
      : [];
  const lines = [...head, ...body, ...chart, '', ...answer, ...tail];
  return lines.slice(0, Math.max(1, view.height - 1)).map((l) => clipLine(l, view.width - 1));
}
