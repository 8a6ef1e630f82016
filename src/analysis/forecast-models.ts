/**
 * The curves a forecast may extend (docs/forecast.md, "Models"). Each is fitted robustly (Theil–Sen
 * with the joint median intercept) to points (fill, per-batch time) and predicts ln(time) at a fill:
 *
 *   constant     ln y = a                     the store does not slow
 *   log-linear   ln y = a + b n               the gate's own trend: a fixed factor per object stored
 *   power-law    ln y = a + c ln n            y grows as n^c (the gate's exponent k is 1 + c)
 *   linear       y = a + b n                  each stored object adds the same cost (a list scanned)
 *   logarithmic  y = a + b ln n               a tree gaining levels
 *
 * The two raw-scale models only grow (b >= 0): fitted to a falling cost they are the constant.
 *
 * n is the fill (objects stored) at the middle of a batch, so never 0. The two raw-scale models are
 * fitted to the times themselves and their predictions are floored at a small positive time, so
 * every model answers on the log scale the others use.
 */

import { median } from './robust.js';
import { theilSen } from './theil-sen.js';

export const FORECAST_MODELS = ['constant', 'log-linear', 'power-law', 'linear', 'logarithmic'] as const;
export type ForecastModelKind = (typeof FORECAST_MODELS)[number];

/** A fitted curve: ln(per-batch time) predicted at a fill. */
export interface FittedCurve {
  kind: ForecastModelKind;
  /** Predicted ln y at fill n (n > 0). */
  predict(n: number): number;
}

/** Points to fit: the fill n_i (objects) and z_i = ln y_i, same length, n ascending. */
export interface FillSeries {
  n: Float64Array;
  z: Float64Array;
}

/** The smallest time (as a share of the series' median) a raw-scale model may predict. */
const FLOOR_SHARE = 1e-3;

function transformed(values: Float64Array, f: (v: number) => number): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = f(values[i] as number);
  return out;
}

function lineFit(x: Float64Array, y: Float64Array): { slope: number; intercept: number } {
  if (x.length < 2) return { slope: 0, intercept: median(y) };
  const fit = theilSen(x, y, undefined, false);
  if (!Number.isFinite(fit.slope)) return { slope: 0, intercept: median(y) };
  return { slope: fit.slope, intercept: fit.intercept };
}

/** Fits one model to the series; null when the series is empty. */
export function fitCurve(kind: ForecastModelKind, s: FillSeries): FittedCurve | null {
  if (s.z.length === 0) return null;
  switch (kind) {
    case 'constant': {
      const a = median(s.z);
      return { kind, predict: () => a };
    }
    case 'log-linear': {
      const { slope, intercept } = lineFit(s.n, s.z);
      return { kind, predict: (n) => intercept + slope * n };
    }
    case 'power-law': {
      const { slope, intercept } = lineFit(transformed(s.n, Math.log), s.z);
      return { kind, predict: (n) => intercept + slope * Math.log(n) };
    }
    case 'linear':
    case 'logarithmic': {
      const y = transformed(s.z, Math.exp);
      const floor = median(y) * FLOOR_SHARE;
      const g = kind === 'linear' ? (n: number) => n : Math.log;
      const fit = lineFit(transformed(s.n, g), y);
      // a cost that falls by the same amount per object would reach zero: these two only grow (a
      // store getting faster is the log-scale models' to extend)
      const slope = Math.max(0, fit.slope);
      const intercept = slope === fit.slope ? fit.intercept : median(y);
      return { kind, predict: (n) => Math.log(Math.max(floor, intercept + slope * g(n))) };
    }
  }
}

/** Mean absolute error on the log scale of a curve over points [from, to) of a series. */
export function meanAbsLogError(curve: FittedCurve, s: FillSeries, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += Math.abs(curve.predict(s.n[i] as number) - (s.z[i] as number));
  return to > from ? sum / (to - from) : Number.NaN;
}

/** The first `count` points of a series (a view, no copy). */
export function headOf(s: FillSeries, count: number): FillSeries {
  return { n: s.n.subarray(0, count), z: s.z.subarray(0, count) };
}
