/**
 * Which curve to extend (docs/forecast.md, "Choosing the model"): rolling-origin validation on the
 * run itself. The kept batches are grouped into at most MAX_BINS consecutive bins (the median fill
 * and the median ln time of each), so a noisy batch weighs little and a long run costs no more
 * than a short one. For origins at 50, 60, 70 and 80% of the bins, every model is fitted to the
 * bins before the origin and scored by its mean absolute log error on the bins after it; the model
 * with the lowest mean score is chosen. A more complex model must beat `constant` by SIMPLER_MARGIN
 * to be chosen over it: extending a curve the data only hint at costs more than it saves.
 */

import {
  FORECAST_MODELS,
  fitCurve,
  headOf,
  meanAbsLogError,
  type FillSeries,
  type FittedCurve,
  type ForecastModelKind,
} from './forecast-models.js';
import { median } from './robust.js';

/** Most bins a series is grouped into before models are fitted and scored. */
export const MAX_BINS = 40;
/** The origins, as shares of the bins, at which the models are scored. */
export const ORIGINS = [0.5, 0.6, 0.7, 0.8] as const;
/** A model other than constant must score at least this much better than constant. */
export const SIMPLER_MARGIN = 0.05;

/** Consecutive points grouped into at most `bins` bins: the median fill and median z of each. */
export function binSeries(s: FillSeries, bins: number = MAX_BINS): FillSeries {
  const m = s.z.length;
  const k = Math.min(m, bins);
  const n = new Float64Array(k);
  const z = new Float64Array(k);
  for (let b = 0; b < k; b++) {
    const from = Math.floor((b * m) / k);
    const to = Math.floor(((b + 1) * m) / k);
    n[b] = median(s.n.subarray(from, to));
    z[b] = median(s.z.subarray(from, to));
  }
  return { n, z };
}

export interface ModelChoice {
  kind: ForecastModelKind;
  /** Mean out-of-sample absolute log error of every model (NaN when it could not be scored). */
  scores: Record<ForecastModelKind, number>;
}

/** Mean rolling-origin score of one model on binned points. */
function score(kind: ForecastModelKind, bins: FillSeries): number {
  const k = bins.z.length;
  let sum = 0;
  let looks = 0;
  for (const share of ORIGINS) {
    const origin = Math.max(3, Math.floor(share * k));
    if (origin >= k) continue;
    const curve = fitCurve(kind, headOf(bins, origin));
    if (curve === null) continue;
    sum += meanAbsLogError(curve, bins, origin, k);
    looks++;
  }
  return looks > 0 ? sum / looks : Number.NaN;
}

/** The model rolling-origin validation picks for binned points (constant when none can be scored). */
export function chooseModel(bins: FillSeries): ModelChoice {
  const scores = {} as Record<ForecastModelKind, number>;
  for (const kind of FORECAST_MODELS) scores[kind] = score(kind, bins);
  let best: ForecastModelKind = 'constant';
  for (const kind of FORECAST_MODELS) {
    const s = scores[kind];
    if (Number.isFinite(s) && !(s >= scores[best])) best = kind;
  }
  const constant = scores.constant;
  if (best !== 'constant' && Number.isFinite(constant) && constant <= scores[best] * (1 + SIMPLER_MARGIN)) {
    best = 'constant';
  }
  return { kind: best, scores };
}

/** Bins a series, chooses a model and fits it to all the bins. */
export function chooseAndFit(s: FillSeries): { choice: ModelChoice; curve: FittedCurve } | null {
  const bins = binSeries(s);
  const choice = chooseModel(bins);
  const curve = fitCurve(choice.kind, bins);
  return curve === null ? null : { choice, curve };
}
