/**
 * Several runs on one ASCII chart, aligned by how full the store was (docs/commands/chart.md): one
 * objects-stored axis for all of them, so runs of different batch sizes land at the right fill.
 *
 * The plot has `columns` columns over (0, most] objects stored, where `most` is the fill the
 * longest run reached; column c stands for the objects stored in (most c / columns, most (c+1) / columns].
 * A run's batch i is the point (objects stored at its end, its value). A column holding the ends
 * of one or more batches shows one statistic of them (the median by default, chart-columns.ts); a column between two ends shows the value interpolated
 * linearly at the column's right edge; a column before the run's first end shows the first batch
 * (it was filling the store from 0 to there). A run covers seriesColumns() of the columns (its
 * share of the fill), so a run that stored half as much ends half-way across.
 */

import { columnMedian, type ColumnStat } from './chart-columns.js';

/** Objects stored at the end of each batch: the next batch's start, and the batch size after the last. */
export function batchEnds(objectsBefore: readonly number[], batchSize: number): number[] {
  return objectsBefore.map((o, i) => objectsBefore[i + 1] ?? o + batchSize);
}

/** The value of a series of points (ends ascending) at fill x, interpolated; the first value before the first end, the last after the last. */
function valueAt(ends: readonly number[], values: readonly number[], x: number): number {
  const n = ends.length;
  if (x <= (ends[0] as number)) return values[0] as number;
  if (x >= (ends[n - 1] as number)) return values[n - 1] as number;
  let hi = 1;
  while ((ends[hi] as number) < x) hi++;
  const x0 = ends[hi - 1] as number;
  const x1 = ends[hi] as number;
  const y0 = values[hi - 1] as number;
  const y1 = values[hi] as number;
  return x1 === x0 ? y1 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

/**
 * The values of one series in the first `span` of `columns` plot columns over (0, most] objects
 * stored. `values[i]` belongs to the batch ending at `ends[i]` (ascending).
 */
export function alignByObjects(
  ends: readonly number[],
  values: readonly number[],
  most: number,
  columns: number,
  span: number,
  stat: ColumnStat = columnMedian,
): number[] {
  if (values.length === 0 || columns <= 0 || !(most > 0)) return [];
  const out: number[] = [];
  let i = 0;
  for (let c = 0; c < span; c++) {
    const lo = (most * c) / columns;
    const hi = (most * (c + 1)) / columns;
    const held: number[] = [];
    while (i < ends.length && (ends[i] as number) <= hi) {
      if ((ends[i] as number) > lo) held.push(values[i] as number);
      i++;
    }
    out.push(held.length > 0 ? stat(held) : valueAt(ends, values, hi));
  }
  return out;
}
