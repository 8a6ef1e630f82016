/**
 * ASCII chart of per-batch time against objects stored (asciichart), with the fitted trend of the
 * growth gate beside each run and several runs overlaid. Returns a string; colour only on request.
 * Several runs share one objects-stored axis (chart-align.ts) and each line carries its own marker
 * letter, named in the legend (chart-markers.ts), so the chart reads without colour. A series with a
 * forecast runs the axis on to the forecast's fill and draws the projection (chart-projection.ts).
 */
import asciichart from 'asciichart';
import { alignByObjects, batchEnds } from './chart-align.js';
import { columnMedian, columnP90, spreadColumns, type ColumnStat } from './chart-columns.js';
import { lineMarks, mapVisible, markerOf, overlayMarks, rowOf, type AxisScale } from './chart-markers.js';
import {
  INTERVAL_MARK,
  PROJECTION_MARK,
  overlayProjection,
  projectionAxis,
  projectionColumns,
  projectionEnd,
  projectionLegend,
  type ChartProjection,
} from './chart-projection.js';
import { formatMs, formatCount } from './format.js';

export interface ChartSeries {
  label: string;
  /** Per-batch wall times in ms, batch 1 first. */
  timesMs: readonly number[];
  /** Objects stored before each batch started (same length as timesMs). */
  objectsBefore: readonly number[];
  batchSize: number;
  /** Fitted trend in ms per batch (same length), drawn when given. */
  trendMs?: readonly number[];
  /** The forecast beyond the run (its first fill is the run's end), drawn when given. */
  projection?: ChartProjection;
}

export interface ChartOptions {
  /** Total width in characters, axis labels included (default 80). */
  width?: number;
  /** Plot height in rows (default 12). */
  height?: number;
  color?: boolean;
  /** Logarithmic time axis: equal ratios take equal heights, so growth reads as a slope at any level. */
  log?: boolean;
}

const LABEL_WIDTH = 10;
const PALETTE = [
  asciichart.cyan,
  asciichart.yellow,
  asciichart.magenta,
  asciichart.green,
  asciichart.blue,
  asciichart.red,
];

/**
 * Resamples a series to n columns: linear interpolation when stretching; when shrinking, one
 * statistic of each column's values (the median by default: chart-columns.ts says why not the mean).
 */
export function resample(values: readonly number[], n: number, stat: ColumnStat = columnMedian): number[] {
  const m = values.length;
  if (m === 0 || n <= 0) return [];
  if (m === 1) return new Array<number>(n).fill(values[0] as number);
  const out: number[] = [];
  if (n >= m) {
    for (let c = 0; c < n; c++) {
      const x = (c * (m - 1)) / (n - 1 || 1);
      const lo = Math.floor(x);
      const hi = Math.min(lo + 1, m - 1);
      const a = values[lo] as number;
      const b = values[hi] as number;
      out.push(a + (b - a) * (x - lo));
    }
    return out;
  }
  for (let c = 0; c < n; c++) {
    const from = Math.floor((c * m) / n);
    const to = Math.max(from + 1, Math.floor(((c + 1) * m) / n));
    out.push(stat(values.slice(from, to)));
  }
  return out;
}

/**
 * The value range of the axis. asciichart scales rows by height / (max - min): a range of rounding
 * noise (equal batch times beside a trend that is equal up to the last bit) would ask it for
 * billions of rows. A range narrower than a millionth of the values is widened to ±5% of them.
 */
export function axisRange(min: number, max: number): [number, number] {
  const scale = Math.max(Math.abs(min), Math.abs(max));
  if (max - min > scale * 1e-6) return [min, max];
  const pad = scale > 0 ? scale * 0.05 : 1;
  return [min - pad, max + pad];
}

export function renderChart(series: readonly ChartSeries[], opts: ChartOptions = {}): string {
  const usable = series.filter((s) => s.timesMs.length > 0);
  if (usable.length === 0) return '(no batches to chart)';
  const columns = Math.max(10, Math.min(200, (opts.width ?? 80) - LABEL_WIDTH - 2));
  const projected = usable.find((s) => s.projection !== undefined)?.projection;
  // the axis ends where the fullest run ended, or further on where a forecast reaches
  const most = Math.max(...usable.map(objectsAtEnd), projectionEnd(projected));
  const widths = seriesColumns(usable, columns, most);
  const colsOf = (s: ChartSeries): number => widths[usable.indexOf(s)] ?? columns;
  // on a log axis the series are plotted as log10 ms and the labels turned back into times
  const toAxis = opts.log ? (v: number): number => Math.log10(Math.max(v, 1e-6)) : (v: number): number => v;
  const fromAxis = opts.log ? (v: number): number => 10 ** v : (v: number): number => v;
  // one run: its batches resampled across the plot; several, or a forecast: one objects-stored axis
  const several = usable.length > 1;
  const toColumns = (s: ChartSeries, values: readonly number[], stat: ColumnStat = columnMedian): number[] =>
    several || projected !== undefined
      ? alignByObjects(batchEnds(s.objectsBefore, s.batchSize), values.map(toAxis), most, columns, colsOf(s), stat)
      : resample(values.map(toAxis), colsOf(s), stat);
  const lines = usable.map((s) => toColumns(s, s.timesMs));
  const spreads = usable.map((s) => toColumns(s, s.timesMs, columnP90));
  const trends = usable.filter((s) => s.trendMs?.length === s.timesMs.length).map((s) => toColumns(s, s.trendMs ?? []));
  const ahead = (projected ? projectionColumns(projected, most, columns) : []).map((c) => ({
    col: c.col,
    estimate: toAxis(c.estimate),
    low: toAxis(c.low),
    high: toAxis(c.high),
  }));
  const aheadValues = ahead.flatMap((c) => [c.estimate, c.low, c.high]);
  const all = [...lines, ...spreads, ...trends, aheadValues].flat().filter(Number.isFinite);
  const [min, max] = axisRange(Math.min(...all), Math.max(...all));
  const cfg = {
    min,
    max,
    height: opts.height ?? 12,
    format: (x: number) => formatMs(fromAxis(x)).padStart(LABEL_WIDTH),
  };
  const colors = usable.map((_, k) => (opts.color ? PALETTE[k % PALETTE.length] : undefined));
  const plot = asciichart.plot(lines, { ...cfg, colors });
  const scale: AxisScale = { min, max, height: cfg.height };
  const marks = spreadMarks(lines, spreads, scale);
  const spread = marks.length > 0 ? overlaySpread(plot, marks, opts.color === true) : plot;
  const dotted = trends.length > 0 ? overlayDots(spread, asciichart.plot(trends, cfg), opts.color === true) : spread;
  const letter = (k: number): string =>
    opts.color ? `${colors[k] ?? ''}${markerOf(k)}${asciichart.reset}` : markerOf(k);
  const out = several
    ? overlayMarks(
        dotted,
        lineMarks(lines, { min, max, height: cfg.height }, Math.max(6, columns / 8), letter),
        LABEL_WIDTH + 2,
      )
    : dotted;
  const paint = (t: string, c: string | undefined): string => (c === undefined ? t : `${c}${t}${asciichart.reset}`);
  const own = colors[usable.findIndex((s) => s.projection === projected)];
  const drawn =
    ahead.length > 0
      ? overlayProjection(out, ahead, scale, LABEL_WIDTH + 2, columns, {
          estimate: paint(PROJECTION_MARK, own),
          interval: paint(INTERVAL_MARK, opts.color ? asciichart.darkgray : undefined),
        })
      : out;
  const notes = [
    ...(marks.length > 0
      ? [`${' '.repeat(LABEL_WIDTH + 2)}${SPREAD_MARK} p90 of a column's batches (the line is their median)`]
      : []),
    ...(opts.log ? [`${' '.repeat(LABEL_WIDTH + 2)}(logarithmic time axis)`] : []),
  ];
  const axis =
    projected === undefined
      ? axisLine(usable, columns)
      : projectionAxis(usable[0]?.objectsBefore[0] ?? 0, projected.objects[0] ?? 0, most, columns, LABEL_WIDTH + 2);
  const forecastLegend = projected === undefined ? [] : projectionLegend(projected, LABEL_WIDTH + 2);
  return [drawn, axis, ...legend(usable, opts.color === true), ...forecastLegend, ...notes].join('\n');
}

/** The mark of a column's p90 where it lies a row or more above the column's median. */
const SPREAD_MARK = "'";

/** Where each line's spread marks go: the p90's row in each column whose p90 is a row or more above the median. */
function spreadMarks(
  lines: readonly number[][],
  spreads: readonly number[][],
  s: AxisScale,
): { row: number; col: number }[] {
  const rowHeight = (s.max - s.min) / s.height;
  const out: { row: number; col: number }[] = [];
  lines.forEach((line, k) => {
    const p90 = spreads[k] ?? [];
    spreadColumns(line, p90, rowHeight).forEach((show, c) => {
      if (show) out.push({ row: rowOf(p90[c] as number, s), col: c });
    });
  });
  return out;
}

/** Puts the spread marks on blank cells of the plot (the data line always wins), faint when coloured. */
function overlaySpread(plot: string, marks: readonly { row: number; col: number }[], color: boolean): string {
  const mark = color ? `${asciichart.darkgray}${SPREAD_MARK}${asciichart.reset}` : SPREAD_MARK;
  const at = new Set(marks.map((m) => `${m.row}:${m.col + LABEL_WIDTH + 2}`));
  return plot
    .split('\n')
    .map((line, r) => mapVisible(line, (ch, col) => (ch === ' ' && at.has(`${r}:${col}`) ? mark : ch)))
    .join('\n');
}

/** Draws the trend plot as dots wherever the data plot left a blank, so both read without colour. */
function overlayDots(plot: string, trend: string, color: boolean): string {
  const dot = color ? `${asciichart.darkgray}·${asciichart.reset}` : '·';
  const tl = trend.split('\n');
  return plot
    .split('\n')
    .map((line, r) => {
      const t = [...(tl[r] ?? '')];
      // the data plot may hold colour escapes: walk its visible characters in step with the trend row
      return mapVisible(line, (ch, col) => (ch === ' ' && col > LABEL_WIDTH + 1 && (t[col] ?? ' ') !== ' ' ? dot : ch));
    })
    .join('\n');
}

/** Objects stored when a series' last batch ended. */
function objectsAtEnd(s: ChartSeries): number {
  return (s.objectsBefore[s.objectsBefore.length - 1] ?? 0) + s.batchSize;
}

/**
 * Columns each series spans: a share of the plot proportional to the objects it stored, so that runs
 * line up by how full the store was (not by batch number) even when their batch sizes differ.
 */
export function seriesColumns(
  series: readonly ChartSeries[],
  columns: number,
  most: number = Math.max(...series.map(objectsAtEnd)),
): number[] {
  return series.map((s) => Math.max(2, Math.round((columns * objectsAtEnd(s)) / (most > 0 ? most : 1))));
}

function axisLine(series: readonly ChartSeries[], columns: number): string {
  const most = Math.max(...series.map(objectsAtEnd));
  const longest = series.find((s) => objectsAtEnd(s) === most) ?? series[0];
  if (!longest) return '';
  const first = longest.objectsBefore[0] ?? 0;
  const last = objectsAtEnd(longest);
  const left = formatCount(first);
  const right = `${formatCount(last)} objects stored`;
  const gap = Math.max(1, columns - left.length - right.length);
  return `${' '.repeat(LABEL_WIDTH + 2)}${left}${' '.repeat(gap)}${right}`;
}

function legend(series: readonly ChartSeries[], color: boolean): string[] {
  const out: string[] = [];
  series.forEach((s, k) => {
    const c = color ? (PALETTE[k % PALETTE.length] ?? '') : '';
    const r = color ? asciichart.reset : '';
    const trend = s.trendMs?.length === s.timesMs.length ? ', fitted trend ····' : '';
    const swatch = series.length > 1 ? `─${markerOf(k)}─` : '──';
    out.push(
      `${' '.repeat(LABEL_WIDTH + 2)}${c}${swatch}${r} ${s.label}: per-batch time, ${s.timesMs.length} batches of ${formatCount(s.batchSize)}${trend}`,
    );
  });
  return out;
}
