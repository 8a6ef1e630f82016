/**
 * What one chart column shows when it holds several batches. The growth gate fits its trend to the
 * logs of the batch times (a median-like centre), so a column plots the **median** of its batches:
 * the mean of a heavy right tail sits above the fitted trend and makes a sound fit look wrong. The
 * spread of a column is shown by its p90 (chart.ts draws it as faint marks above the line).
 *
 * Both are order statistics, so they commute with the log axis: the median of log times is the log
 * of the median time.
 */

/** One value of a column's batches (never called with an empty list). */
export type ColumnStat = (values: readonly number[]) => number;

/** The q-quantile of the values, linear between order statistics (type 7, as R's default and numpy's). */
export function quantileOf(values: readonly number[], q: number): number {
  const xs = [...values].sort((a, b) => a - b);
  const n = xs.length;
  if (n === 0) return NaN;
  const h = (n - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(h);
  const a = xs[lo] as number;
  const b = xs[Math.min(lo + 1, n - 1)] as number;
  return a + (b - a) * (h - lo);
}

/** The median of a column: the centre the fitted trend runs through. */
export const columnMedian: ColumnStat = (values) => quantileOf(values, 0.5);

/** The p90 of a column: the spread drawn above the median. */
export const columnP90: ColumnStat = (values) => quantileOf(values, 0.9);

/**
 * The columns worth a spread mark: those where the p90 lies at least one plot row above the median
 * (rowHeight is the value one row stands for). Elsewhere the mark would sit on the line itself.
 */
export function spreadColumns(median: readonly number[], p90: readonly number[], rowHeight: number): boolean[] {
  return median.map((m, c) => {
    const p = p90[c];
    return p !== undefined && Number.isFinite(p) && Number.isFinite(m) && p - m >= rowHeight;
  });
}
