/**
 * The three charts of the HTML report, as ChartSpecs for svg-chart.ts:
 *
 * (a) per-batch time against objects stored. Candidate points (warm-up batches hollow), the fitted
 *     trend of the wall-time look exp(intercept + slope i) over the kept batches, and its slope band:
 *     through the kept window's centre c = (first kept + last)/2 at the fitted value, the lines with
 *     the slope CI's bounds, exp(intercept + slope c + b (i - c)) for b = lower and upper; the band
 *     spans them at each batch (narrow at c, widest at the ends). It shows the trends the slope CI
 *     allows (its level named from the gate's z, as in the text: 95% or 97.5%); the intercept's own
 *     uncertainty is not drawn. A cliff (cliff.ts) is a dashed vertical marker at the objects stored
 *     where it starts. The baseline's points and trend (dashed) are overlaid when given, and the
 *     forecast (forecast-overlay.ts) when one was asked for.
 * (b) operation latency percentiles p50 / p95 / p99 per batch (candidate).
 * (c) throughput per batch: objects/s and MB/s (two charts, different units).
 * Colours are the Okabe–Ito palette (safe for colour-blind readers); series also differ by shape.
 */
import { ciLevelLabel } from '../../analysis/growth-gate.js';
import type { RunEvaluation } from '../../verdict/index.js';
import { formatCount, formatMs } from '../format.js';
import { batchRows, wallGate, type BatchRow } from '../per-batch-table.js';
import { runName } from '../report-facts.js';
import type { ReportInput } from '../report-input.js';
import { forecastOverlay } from './forecast-overlay.js';
import type { ChartSpec, PlotPoint, PointSeries, TrendBand, TrendLine, VerticalMarker } from './svg-chart.js';

export const COLORS = {
  candidate: '#0072B2',
  baseline: '#D55E00',
  p50: '#009E73',
  p95: '#E69F00',
  p99: '#CC79A7',
  band: '#56B4E9',
  cliff: '#000000',
};

/** The cliff of the candidate's gate as a marker, or none. */
function cliffMarkers(e: RunEvaluation): VerticalMarker[] {
  const c = e.gate.cliff;
  if (c === null) return [];
  const ci = `[${c.ci[0].toFixed(2)}, ${c.ci[1].toFixed(2)}]`;
  return [
    {
      x: c.objects,
      label: `cliff x${c.ratio.toFixed(2)}`,
      title: `cliff at ${formatCount(c.objects)} objects (batch ${c.batch} on): x${c.ratio.toFixed(2)} ${ci}, ${ciLevelLabel(e.gate.ciZ)} CI${c.fails ? ', above the limit' : ''}`,
      cls: 'cliff',
      color: COLORS.cliff,
    },
  ];
}

const countAxis = (v: number): string => formatCount(v);
const rate = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

function point(r: BatchRow, y: number, what: string, extra?: string): PlotPoint {
  const title = `batch ${r.batch}: ${what} (${formatCount(r.objectsStored)} objects stored)`;
  return extra
    ? { x: r.objectsStored, y, batch: r.batch, title, extraClass: extra }
    : { x: r.objectsStored, y, batch: r.batch, title };
}

/** Trend and band over the kept batches of one run, in objects-stored coordinates. */
function trendOf(
  e: RunEvaluation,
  rows: BatchRow[],
  who: 'candidate' | 'baseline',
): { line: TrendLine | null; band: TrendBand | null } {
  const g = wallGate(e);
  if (!Number.isFinite(g.slope) || !Number.isFinite(g.intercept)) return { line: null, band: null };
  const kept = rows.filter((r) => r.batch >= g.firstKeptBatch);
  const fit = (i: number): number => Math.exp(g.intercept + g.slope * i);
  const name = runName(e.run);
  const line: TrendLine = {
    label: `${name}: fitted trend (kept batches ${g.firstKeptBatch}-${g.batches})`,
    cls: `trend-${who}`,
    color: who === 'candidate' ? COLORS.candidate : COLORS.baseline,
    dashed: who === 'baseline',
    points: kept.map((r) => [r.objectsStored, fit(r.batch)]),
  };
  const [lo, hi] = g.slopeCi;
  if (who === 'baseline' || !Number.isFinite(lo) || !Number.isFinite(hi)) return { line, band: null };
  const c = (g.firstKeptBatch + g.batches) / 2;
  const at = (i: number, b: number): number => Math.exp(g.intercept + g.slope * c + b * (i - c));
  const band: TrendBand = {
    label: `${name}: ${ciLevelLabel(g.ciZ)} slope band (CI slopes through the centre of the kept batches)`,
    cls: 'ci-band',
    color: COLORS.band,
    lower: kept.map((r) => [r.objectsStored, Math.min(at(r.batch, lo), at(r.batch, hi))]),
    upper: kept.map((r) => [r.objectsStored, Math.max(at(r.batch, lo), at(r.batch, hi))]),
  };
  return { line, band };
}

export function batchTimeChart(input: ReportInput): ChartSpec {
  const e = input.candidate.evaluation;
  const rows = batchRows(input.candidate);
  const series: PointSeries[] = [
    {
      label: `${runName(e.run)}: per-batch time (hollow: warm-up, dropped)`,
      cls: 'batch-time',
      run: 'candidate',
      shape: 'circle',
      color: COLORS.candidate,
      points: rows.map((r) => point(r, r.wallMs, formatMs(r.wallMs), r.warmup ? 'warmup' : undefined)),
    },
  ];
  const { line, band } = trendOf(e, rows, 'candidate');
  const lines: TrendLine[] = line ? [line] : [];
  const b = input.baseline;
  if (b) {
    const brows = batchRows(b);
    series.push({
      label: `baseline ${runName(b.evaluation.run)}: per-batch time`,
      cls: 'batch-time',
      run: 'baseline',
      shape: 'square',
      color: COLORS.baseline,
      points: brows.map((r) => point(r, r.wallMs, formatMs(r.wallMs), r.warmup ? 'warmup' : undefined)),
    });
    const bt = trendOf(b.evaluation, brows, 'baseline');
    if (bt.line) lines.push(bt.line);
  }
  const fc = forecastOverlay(input.forecast);
  return {
    id: 'chart-batch-time',
    title: `Per-batch time against objects stored, with the fitted trend${fc.reach ? ' and the forecast' : ''}`,
    xLabel: 'objects stored (at the end of the batch)',
    yLabel: 'per-batch wall time',
    xFormat: countAxis,
    yAxis: 'time',
    series: [...series, ...fc.series],
    lines: [...lines, ...fc.lines],
    bands: [...(band ? [band] : []), ...fc.bands],
    markers: cliffMarkers(e),
    ...(fc.reach ? { reach: fc.reach } : {}),
  };
}

/** Latency percentiles, or null when no batch has them (imported series). */
export function latencyChart(input: ReportInput): ChartSpec | null {
  const rows = batchRows(input.candidate);
  const defs = [
    ['p50', 'p50Ms', 'circle'],
    ['p95', 'p95Ms', 'square'],
    ['p99', 'p99Ms', 'diamond'],
  ] as const;
  const series: PointSeries[] = defs.map(([name, key, shape]) => ({
    label: `${name} operation latency`,
    cls: `lat-${name}`,
    run: 'candidate',
    shape,
    color: COLORS[name],
    points: rows.flatMap((r) => {
      const v = r[key];
      return v === null || !Number.isFinite(v) ? [] : [point(r, v, `${name} ${formatMs(v)}`)];
    }),
  }));
  if (series.every((s) => s.points.length === 0)) return null;
  return {
    id: 'chart-latency',
    title: 'Operation latency percentiles per batch',
    xLabel: 'objects stored (at the end of the batch)',
    yLabel: 'operation latency',
    xFormat: countAxis,
    yAxis: 'time',
    series,
  };
}

/** objects/s, and MB/s when bytes were recorded. */
export function throughputCharts(input: ReportInput): { objects: ChartSpec; megabytes: ChartSpec | null } {
  const rows = batchRows(input.candidate);
  const objects: ChartSpec = {
    id: 'chart-objects-per-second',
    title: 'Throughput per batch: objects per second',
    xLabel: 'objects stored (at the end of the batch)',
    yLabel: 'objects/s',
    xFormat: countAxis,
    height: 280,
    series: [
      {
        label: 'objects/s',
        cls: 'tput-objects',
        run: 'candidate',
        shape: 'circle',
        color: COLORS.candidate,
        points: rows.flatMap((r) =>
          r.objectsPerSecond === null ? [] : [point(r, r.objectsPerSecond, `${rate(r.objectsPerSecond)} objects/s`)],
        ),
      },
    ],
  };
  const mb = rows.flatMap((r) =>
    r.megabytesPerSecond === null ? [] : [point(r, r.megabytesPerSecond, `${rate(r.megabytesPerSecond)} MB/s`)],
  );
  const megabytes: ChartSpec | null =
    mb.length === 0
      ? null
      : {
          id: 'chart-megabytes-per-second',
          title: 'Throughput per batch: megabytes per second',
          xLabel: 'objects stored (at the end of the batch)',
          yLabel: 'MB/s (decimal)',
          xFormat: countAxis,
          height: 280,
          series: [
            { label: 'MB/s', cls: 'tput-mb', run: 'candidate', shape: 'triangle', color: COLORS.p95, points: mb },
          ],
        };
  return { objects, megabytes };
}
