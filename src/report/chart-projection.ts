/**
 * The forecast on the ASCII chart (docs/forecast.md, "In the charts"): the objects-stored axis runs on
 * past the run's fill to the largest fill forecast, and in the columns beyond the run the projected
 * per-batch time is drawn with its own mark (PROJECTION_MARK) and the ends of its 90% prediction
 * interval with another (INTERVAL_MARK), each named in the legend, so the projection reads without
 * colour. Marks go on blank cells only: a run's own line always wins.
 */
import type { ChartedForecast } from '../verdict/index.js';
import { mapVisible, rowOf, type AxisScale } from './chart-markers.js';
import { formatCount } from './format.js';

export const PROJECTION_MARK = '*';
export const INTERVAL_MARK = ':';

export interface ChartProjection {
  /** Fills on the path, ascending: the run's end first, the largest fill forecast last. */
  objects: readonly number[];
  /** The projected per-batch time at each fill, ms. */
  estimateMs: readonly number[];
  /** The 90% prediction interval's ends at each fill, ms. */
  lowMs: readonly number[];
  highMs: readonly number[];
  /** The model the estimate extends. */
  model: string;
  /** Fitted after a cliff: the projection assumes no further steps. */
  afterCliff: boolean;
}

/** A forecast's path as a chart projection, or undefined when no fill asked for lies beyond the run. */
export function projectionOf(f: ChartedForecast): ChartProjection | undefined {
  if (f.path.length < 2) return undefined;
  return {
    objects: f.path.map((p) => p.objects),
    estimateMs: f.path.map((p) => p.estimateMs),
    lowMs: f.path.map((p) => p.pi[0]),
    highMs: f.path.map((p) => p.pi[1]),
    model: f.path[0]?.model ?? 'constant',
    afterCliff: f.cliff !== null,
  };
}

/** The last fill of a projection (0 without one). */
export function projectionEnd(p: ChartProjection | undefined): number {
  return p === undefined ? 0 : (p.objects[p.objects.length - 1] ?? 0);
}

/** The value of a path at fill x, linear between its fills (x within the path). */
function at(xs: readonly number[], ys: readonly number[], x: number): number {
  let hi = 1;
  while (hi < xs.length - 1 && (xs[hi] as number) < x) hi++;
  const x0 = xs[hi - 1] as number;
  const x1 = xs[hi] as number;
  const y0 = ys[hi - 1] as number;
  const y1 = ys[hi] as number;
  return x1 === x0 ? y1 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

export interface ProjectedColumn {
  /** Plot column (0 = the first). */
  col: number;
  estimate: number;
  low: number;
  high: number;
}

/**
 * The projection in the plot's columns over (0, axisEnd] objects stored (column c stands for the fills
 * up to axisEnd (c + 1) / columns, as chart-align.ts places the runs): every column whose right edge
 * lies beyond the run's fill and within the path, with the path's values there.
 */
export function projectionColumns(p: ChartProjection, axisEnd: number, columns: number): ProjectedColumn[] {
  const first = p.objects[0] as number;
  const last = projectionEnd(p);
  const out: ProjectedColumn[] = [];
  for (let c = 0; c < columns; c++) {
    const x = (axisEnd * (c + 1)) / columns;
    if (x <= first || x > last * (1 + 1e-9)) continue;
    const v = Math.min(x, last);
    out.push({
      col: c,
      estimate: at(p.objects, p.estimateMs, v),
      low: at(p.objects, p.lowMs, v),
      high: at(p.objects, p.highMs, v),
    });
  }
  return out;
}

export interface ProjectionMarkText {
  estimate: string;
  interval: string;
}

/**
 * Draws the projected columns on the plot (values already on the plot's axis, e.g. log10 ms on a log
 * axis): each row is first padded to the full width (asciichart ends a row where the longest run ends),
 * then each column gets its estimate's mark and its interval ends' marks, on blank cells only.
 */
export function overlayProjection(
  plot: string,
  cols: readonly ProjectedColumn[],
  s: AxisScale,
  firstDataColumn: number,
  columns: number,
  text: ProjectionMarkText,
): string {
  const at = new Map<string, string>();
  for (const c of cols) {
    const x = firstDataColumn + c.col;
    for (const v of [c.low, c.high]) at.set(`${rowOf(v, s)}:${x}`, text.interval);
    at.set(`${rowOf(c.estimate, s)}:${x}`, text.estimate);
  }
  const width = firstDataColumn + columns;
  return plot
    .split('\n')
    .map((line, r) => {
      let shown = 0;
      mapVisible(line, (ch) => {
        shown++;
        return ch;
      });
      const padded = shown < width ? line + ' '.repeat(width - shown) : line;
      return mapVisible(padded, (ch, col) => (ch === ' ' ? (at.get(`${r}:${col}`) ?? ch) : ch));
    })
    .join('\n');
}

/** The axis under a projected plot: the first fill, the run's fill under its last column, the forecast's end. */
export function projectionAxis(
  first: number,
  observed: number,
  axisEnd: number,
  columns: number,
  indent: number,
): string {
  const left = formatCount(first);
  const end = formatCount(axisEnd);
  // the longest label of the forecast's end that fits a narrow terminal
  const labels = [`${end} objects stored (forecast)`, `${end} objects (forecast)`, `${end} (forecast)`, end];
  const right = labels.find((l) => left.length + 1 + l.length <= columns) ?? end;
  const mid = `|${formatCount(observed)}`;
  const midAt = Math.round((columns * observed) / axisEnd) - 1;
  const room = midAt > left.length && midAt + mid.length < columns - right.length;
  const head = room ? `${left}${' '.repeat(midAt - left.length)}${mid}` : left;
  const gap = Math.max(1, columns - head.length - right.length);
  return `${' '.repeat(indent)}${head}${' '.repeat(gap)}${right}`;
}

/** The legend lines of a projection. */
export function projectionLegend(p: ChartProjection, indent: number): string[] {
  const pad = ' '.repeat(indent);
  const steps = p.afterCliff ? '; fitted after the cliff, it assumes no further steps' : '';
  return [
    `${pad}${PROJECTION_MARK}  forecast: projected per-batch time to ${formatCount(projectionEnd(p))} objects (${p.model})${steps}`,
    `${pad}${INTERVAL_MARK}  its 90% prediction interval (where one batch at that fill falls)`,
  ];
}
