/**
 * An ASCII chart over the groups of a history: one column per group, the estimate `o` with its CI
 * as `|` whiskers on a log axis, and `^` under the first group after each change of that metric.
 * Plain characters only (readable without colour); groups beyond the width are thinned from the left.
 */
import type { HistoryChange, Interval } from '../verdict/index.js';

const ROWS = 9;
const COL = 3;
const AXIS = 8;

export function historyChart(
  title: string,
  points: readonly (Interval | null)[],
  at: readonly boolean[],
  width = 80,
): string {
  const fit = Math.max(1, Math.floor((width - AXIS - 2) / COL));
  const from = Math.max(0, points.length - fit);
  const shown = points.slice(from);
  const values = shown
    .flatMap((p) => (p === null ? [] : [p.ci[0], p.ci[1], p.estimate]))
    .filter((v) => v > 0 && Number.isFinite(v));
  if (values.length === 0) return `${title}: nothing to chart`;
  let lo = Math.log(Math.min(...values));
  let hi = Math.log(Math.max(...values));
  if (hi - lo < 1e-3) [lo, hi] = [lo - 0.05, hi + 0.05];
  const row = (v: number): number => Math.round(((hi - Math.log(v)) / (hi - lo)) * (ROWS - 1));
  const grid = Array.from({ length: ROWS }, () => Array.from({ length: shown.length * COL }, () => ' '));
  shown.forEach((p, i) => {
    if (p === null) return;
    const c = i * COL + 1;
    const top = row(Math.min(p.ci[1], Math.exp(hi)));
    const bottom = row(Math.max(p.ci[0], Math.exp(lo)));
    for (let r = top; r <= bottom; r++) (grid[r] as string[])[c] = '|';
    (grid[row(p.estimate)] as string[])[c] = 'o';
  });
  const label = (r: number): string => `x${Math.exp(hi - (r / (ROWS - 1)) * (hi - lo)).toFixed(2)}`.padStart(AXIS);
  const lines = [`${title}${from > 0 ? ` (the last ${shown.length} of ${points.length} groups)` : ''}`];
  grid.forEach((cells, r) =>
    lines.push(`${r % 2 === 0 ? label(r) : ' '.repeat(AXIS)} ${r === ROWS - 1 ? '+' : '|'}${cells.join('')}`),
  );
  const marks = shown.map((_, i) => (at[from + i] ? ' ^ ' : '   ')).join('');
  if (marks.trim() !== '') lines.push(`${' '.repeat(AXIS + 2)}${marks}  ^ = first group after a change`);
  return lines.join('\n');
}

/** Which groups start a change of the metric. */
export function changeMarks(values: readonly string[], changes: readonly HistoryChange[], metric: string): boolean[] {
  return values.map((v) => changes.some((c) => c.metric === metric && c.at === v));
}
