/**
 * A run's forecasts (docs/forecast.md): the series a forecast is fitted to, and the answers at the
 * fills asked for. The series is the run's kept batches (after the gate's warm-up), and when the gate
 * found a cliff, only the batches after it: a step is not a trend, so the forecast extends the level
 * and slope after the last step and assumes no further steps. Each batch stands at the fill at its
 * middle (objects stored before it plus half its own).
 */

import {
  FAR_FACTOR,
  fitForecast,
  forecastAt,
  MAX_FACTOR,
  MIN_FORECAST_BATCHES,
  type ForecastPoint,
} from './forecast.js';
import type { FillSeries } from './forecast-models.js';
import { sloCrossing, type SloCrossing } from './forecast-slo.js';

export type ForecastMetric = 'batch' | 'p50' | 'p95';

export interface MetricSeries {
  metric: ForecastMetric;
  /** Per batch, in batch order: the value in ms (batch wall time, or the batch's operation p50/p95); NaN when missing. */
  valuesMs: ArrayLike<number>;
}

export interface RunForecastInput {
  /** Objects stored by each batch, in batch order. */
  objects: ArrayLike<number>;
  /** 1-based index of the first batch the gate kept (after its warm-up). */
  firstKeptBatch: number;
  /** 1-based index of the first batch after the cliff the gate found, or null. */
  cliffBatch: number | null;
  series: MetricSeries[];
  targets: number[];
  slo?: { ms: number; metric: ForecastMetric };
  /** Bootstrap replicates per model (default DEFAULT_REPLICATES). */
  replicates?: number;
}

export interface MetricForecast extends ForecastPoint {
  metric: ForecastMetric;
}

export interface RunForecast {
  /** Objects stored at the end of the run. */
  observedFill: number;
  /** 1-based index of the first batch the forecast was fitted to, and how many it used. */
  fromBatch: number;
  /** 1-based index of the run's last batch. */
  lastBatch: number;
  batchesUsed: number;
  points: MetricForecast[];
  /** Metrics with too few batches to forecast (e.g. p50 of a run without operation records). */
  skipped: ForecastMetric[];
  /** Undefined without an objective; null when the objective is not crossed within MAX_FACTOR x the fill. */
  sloCrossing?: SloCrossing | null;
}

/** The largest fill a run that reached `observedFill` objects may be forecast to. */
export function largestForecastFill(observedFill: number): number {
  return Math.floor(observedFill * MAX_FACTOR);
}

export { FAR_FACTOR, MAX_FACTOR };

/** The fill series of one metric from batch `from` (1-based) on, NaN or non-positive values left out. */
export function fillSeries(objects: ArrayLike<number>, valuesMs: ArrayLike<number>, from: number): FillSeries {
  const n: number[] = [];
  const z: number[] = [];
  let before = 0;
  for (let i = 0; i < objects.length; i++) {
    const count = objects[i] as number;
    const v = valuesMs[i] as number;
    if (i + 1 >= from && v > 0 && Number.isFinite(v)) {
      n.push(before + count / 2);
      z.push(Math.log(v));
    }
    before += count;
  }
  return { n: Float64Array.from(n), z: Float64Array.from(z) };
}

/** Every metric's forecast at every target, and the objective's crossing; the caller has checked the targets' range. */
export function forecastRun(input: RunForecastInput): RunForecast {
  let observedFill = 0;
  for (let i = 0; i < input.objects.length; i++) observedFill += input.objects[i] as number;
  const fromBatch = Math.max(input.firstKeptBatch, input.cliffBatch ?? 1);
  const points: MetricForecast[] = [];
  const skipped: ForecastMetric[] = [];
  let crossing: SloCrossing | null | undefined = input.slo === undefined ? undefined : null;
  let batchesUsed = 0;
  for (const { metric, valuesMs } of input.series) {
    const s = fillSeries(input.objects, valuesMs, fromBatch);
    const fit = s.z.length >= MIN_FORECAST_BATCHES ? fitForecast(s, observedFill, input.replicates) : null;
    if (fit === null) {
      skipped.push(metric);
      continue;
    }
    if (metric === 'batch') batchesUsed = s.z.length;
    for (const objects of input.targets) points.push({ metric, ...forecastAt(fit, objects) });
    if (input.slo?.metric === metric) crossing = sloCrossing(fit, input.slo.ms, s.n[0] as number);
  }
  return {
    observedFill,
    fromBatch,
    lastBatch: input.objects.length,
    batchesUsed,
    points,
    skipped,
    ...(crossing === undefined ? {} : { sloCrossing: crossing }),
  };
}
