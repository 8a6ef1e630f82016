/**
 * The forecast on the HTML report's per-batch time chart (docs/forecast.md, "In the charts"): the
 * projected per-batch time from the run's fill to the largest fill forecast as a dashed line, its 90%
 * prediction interval as a shaded band, and a point at each fill asked for. The objects axis reaches
 * the forecast's end and the time axis the band's top. When the gate found a cliff the legend says
 * that the projection assumes no further steps.
 */
import type { ForecastPoint } from '../../analysis/forecast.js';
import type { ChartedForecast } from '../../verdict/index.js';
import { formatCount, formatMs } from '../format.js';
import type { PointSeries, TrendBand, TrendLine } from './svg-chart.js';

/** Reddish purple of the Okabe–Ito palette: apart from the run's blue, the baseline's vermillion and the band's sky blue. */
export const FORECAST_COLOR = '#CC79A7';

export interface ForecastOverlay {
  lines: TrendLine[];
  bands: TrendBand[];
  series: PointSeries[];
  /** How far the axes must reach, or undefined without a forecast beyond the run. */
  reach?: { x: number; y: number };
}

const EMPTY: ForecastOverlay = { lines: [], bands: [], series: [] };

/** "; fitted after the cliff at batch 12 (6,000 objects), it assumes no further steps", or "". */
export function cliffClause(f: ChartedForecast): string {
  return f.cliff === null
    ? ''
    : `; fitted after the cliff at batch ${f.cliff.batch} (${formatCount(f.cliff.objects)} objects), it assumes no further steps`;
}

function pointTitle(p: ForecastPoint): string {
  const far = p.far ? `, far: ${Math.round(p.factor)}x the fill seen` : '';
  return `forecast at ${formatCount(p.objects)} objects: ${formatMs(p.estimateMs)} [${formatMs(p.pi[0])}, ${formatMs(p.pi[1])}] (${p.model}, 90% prediction interval${far})`;
}

/** The per-batch forecast's line, band and points, or nothing without a forecast. */
export function forecastOverlay(f: ChartedForecast | undefined): ForecastOverlay {
  if (f === undefined) return EMPTY;
  const asked = f.points.filter((p) => p.metric === 'batch');
  const series: PointSeries[] =
    asked.length === 0
      ? []
      : [
          {
            label: 'forecast at the fills asked for (hover for the 90% interval)',
            cls: 'forecast',
            run: 'candidate',
            shape: 'diamond',
            color: FORECAST_COLOR,
            points: asked.map((p) => ({ x: p.objects, y: p.estimateMs, batch: 0, title: pointTitle(p) })),
          },
        ];
  const path = f.path;
  const end = path[path.length - 1];
  if (path.length < 2 || end === undefined) return { ...EMPTY, series };
  const model = path[0]?.model ?? end.model;
  const line: TrendLine = {
    label: `forecast: projected per-batch time to ${formatCount(end.objects)} objects (${model})${cliffClause(f)}`,
    cls: 'forecast-projection',
    color: FORECAST_COLOR,
    dashed: true,
    points: path.map((p) => [p.objects, p.estimateMs]),
  };
  const band: TrendBand = {
    label: 'forecast: 90% prediction interval (where one batch at that fill falls)',
    cls: 'forecast-band',
    color: FORECAST_COLOR,
    lower: path.map((p) => [p.objects, p.pi[0]]),
    upper: path.map((p) => [p.objects, p.pi[1]]),
  };
  const top = Math.max(...path.map((p) => p.pi[1]).filter(Number.isFinite), ...asked.map((p) => p.pi[1]));
  return { lines: [line], bands: [band], series, reach: { x: end.objects, y: top } };
}

/** The sentence the chart's caption gains with a forecast. */
export function forecastCaption(f: ChartedForecast | undefined): string {
  if (f === undefined || f.path.length < 2) return '';
  const steps = f.cliff === null ? '' : ' It is fitted after the cliff the gate found and assumes no further steps.';
  return (
    ` The dashed line is the forecast of the per-batch time beyond the run (fitted to batches ${f.fromBatch}-${f.lastBatch}),` +
    ` the shaded band around it its 90% prediction interval, the diamonds the fills asked for.${steps}`
  );
}
