/**
 * Forecasts of the per-batch time at fills the run did not reach, with prediction intervals
 * (docs/forecast.md). The point forecast extends the curve rolling-origin validation picks
 * (forecast-select.ts). The interval is a moving-block bootstrap over the kept batches with the
 * model choice inside each replicate: a replicate resamples blocks of consecutive batches, bins
 * them, picks its own model, fits it, and predicts; one residual of the replicate's own batches
 * around its curve is added, so the interval is where one batch at that fill falls (a prediction
 * interval), not where the mean curve lies. The replicates' quantiles give the interval's ends.
 *
 * Extrapolation: the far-ness of a fill is its ratio to the fill the run reached; beyond
 * FAR_FACTOR the answer is marked far, beyond MAX_FACTOR callers must refuse to answer.
 */

import { binSeries, chooseModel, type ModelChoice } from './forecast-select.js';
import {
  FORECAST_MODELS,
  fitCurve,
  type FillSeries,
  type FittedCurve,
  type ForecastModelKind,
} from './forecast-models.js';
import { quantileOfSorted } from './percentiles.js';

export const FAR_FACTOR = 10;
export const MAX_FACTOR = 100;
export const DEFAULT_REPLICATES = 400;
/** Two-sided coverage of the prediction interval. */
export const PI_LEVEL = 0.9;
/** Fewest kept batches a forecast is made from (the gate's own minimum). */
export const MIN_FORECAST_BATCHES = 8;
/** A model whose out-of-sample score is within this share of the best one's is plausible. */
export const PLAUSIBLE_MARGIN = 0.5;
/** Above this many batches the bootstrap resamples groups of consecutive batches, not batches. */
const MAX_UNITS = 4000;

/** A model's bootstrap: each replicate's curve and one batch residual drawn around it (ln scale). */
export type Replicates = { curve: FittedCurve; noise: number }[];

export interface ForecastFit {
  model: ForecastModelKind;
  scores: ModelChoice['scores'];
  curve: FittedCurve;
  /** The models whose out-of-sample score is within PLAUSIBLE_MARGIN of the best: the interval spans them all. */
  plausible: ForecastModelKind[];
  replicates: Partial<Record<ForecastModelKind, Replicates>>;
  /** Fill the run reached (objects stored at its end). */
  observedFill: number;
}

export interface ForecastPoint {
  objects: number;
  model: ForecastModelKind;
  estimateMs: number;
  /** The PI_LEVEL prediction interval, ms. */
  pi: [number, number];
  /** objects / observedFill */
  factor: number;
  far: boolean;
}

/** Seeded uniform [0, 1) (mulberry32): a forecast is the same on every call. */
function seeded(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** At most MAX_UNITS units of consecutive points (a long run's batches in groups, by their medians). */
function units(s: FillSeries): FillSeries {
  const m = s.z.length;
  if (m <= MAX_UNITS) return s;
  const n = new Float64Array(MAX_UNITS);
  const z = new Float64Array(MAX_UNITS);
  for (let u = 0; u < MAX_UNITS; u++) {
    const from = Math.floor((u * m) / MAX_UNITS);
    const to = Math.floor(((u + 1) * m) / MAX_UNITS);
    const zs = Float64Array.from(s.z.subarray(from, to)).sort();
    n[u] = s.n[(from + to) >> 1] as number;
    z[u] = zs[zs.length >> 1] as number;
  }
  return { n, z };
}

/** One moving-block resample of a series, kept in fill order. */
function resample(s: FillSeries, rand: () => number): FillSeries {
  const m = s.z.length;
  const block = Math.max(1, Math.round(Math.cbrt(m)));
  const picks: number[] = [];
  while (picks.length < m) {
    const start = Math.floor(rand() * (m - block + 1));
    for (let i = 0; i < block && picks.length < m; i++) picks.push(start + i);
  }
  picks.sort((a, b) => a - b);
  return { n: Float64Array.from(picks, (i) => s.n[i] as number), z: Float64Array.from(picks, (i) => s.z[i] as number) };
}

/** The models whose score is within PLAUSIBLE_MARGIN of the best score (the chosen model first). */
export function plausibleModels(choice: ModelChoice): ForecastModelKind[] {
  const best = choice.scores[choice.kind];
  const out: ForecastModelKind[] = [choice.kind];
  if (!Number.isFinite(best)) return out;
  for (const kind of FORECAST_MODELS) {
    if (kind !== choice.kind && choice.scores[kind] <= best * (1 + PLAUSIBLE_MARGIN)) out.push(kind);
  }
  return out;
}

/**
 * Fits the forecast to kept batches (fill at each batch's middle, ln ms), ascending fill; null with
 * fewer than MIN_FORECAST_BATCHES points.
 */
export function fitForecast(
  s: FillSeries,
  observedFill: number,
  replicates: number = DEFAULT_REPLICATES,
  seed = 0x5eed,
): ForecastFit | null {
  if (s.z.length < MIN_FORECAST_BATCHES) return null;
  const bins = binSeries(s);
  const choice = chooseModel(bins);
  const curve = fitCurve(choice.kind, bins);
  if (curve === null) return null;
  const plausible = plausibleModels(choice);
  const base = units(s);
  const rand = seeded(seed);
  const reps: ForecastFit['replicates'] = {};
  for (const kind of plausible) reps[kind] = [];
  for (let r = 0; r < replicates; r++) {
    const sample = resample(base, rand);
    const sampleBins = binSeries(sample);
    const residualSource = s === base ? sample : s;
    const i = Math.floor(rand() * residualSource.z.length);
    for (const kind of plausible) {
      const c = fitCurve(kind, sampleBins);
      if (c === null) continue;
      const noise = (residualSource.z[i] as number) - c.predict(residualSource.n[i] as number);
      reps[kind]?.push({ curve: c, noise });
    }
  }
  return { model: choice.kind, scores: choice.scores, curve, plausible, replicates: reps, observedFill };
}

/** The PI_LEVEL interval (ln scale) of one model's replicates at a fill. */
function modelInterval(reps: Replicates, objects: number): [number, number] {
  const values = Float64Array.from(reps, (r) => r.curve.predict(objects) + r.noise).sort();
  const tail = (1 - PI_LEVEL) / 2;
  return [quantileOfSorted(values, tail), quantileOfSorted(values, 1 - tail)];
}

/** The forecast at one fill: the chosen model's estimate, the interval spanning every plausible model's. */
export function forecastAt(fit: ForecastFit, objects: number): ForecastPoint {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const kind of fit.plausible) {
    const reps = fit.replicates[kind];
    if (reps === undefined || reps.length === 0) continue;
    const [a, b] = modelInterval(reps, objects);
    lo = Math.min(lo, a);
    hi = Math.max(hi, b);
  }
  const factor = objects / fit.observedFill;
  return {
    objects,
    model: fit.model,
    estimateMs: Math.exp(fit.curve.predict(objects)),
    pi: [Math.exp(lo), Math.exp(hi)],
    factor,
    far: factor > FAR_FACTOR,
  };
}
