/**
 * Where a latency objective is crossed (docs/forecast.md, "Objectives"): the smallest fill at which
 * a forecast's curve reaches the objective, searched on a geometric grid from the run's first fill
 * up to MAX_FACTOR times the fill it reached and refined by bisection. The point answer uses the
 * chosen model's curve; its interval takes the PI_LEVEL quantiles of the same crossing over every
 * bootstrap replicate of every plausible model (a replicate that does not cross within the range
 * counts as crossing beyond it, so the interval's upper end is then open).
 */

import { MAX_FACTOR, PI_LEVEL, type ForecastFit } from './forecast.js';
import type { FittedCurve } from './forecast-models.js';
import { quantileOfSorted } from './percentiles.js';

const GRID = 256;
const BISECTIONS = 30;

export interface SloCrossing {
  /** The fill at which the chosen curve reaches the objective. */
  objects: number;
  /** PI_LEVEL interval of the crossing fill; the upper end is Infinity when it lies beyond MAX_FACTOR x the fill. */
  pi: [number, number];
}

/** The first fill in [from, to] where curve.predict(n) >= lnTarget; Infinity when there is none. */
export function crossingFill(curve: FittedCurve, lnTarget: number, from: number, to: number): number {
  if (curve.predict(from) >= lnTarget) return from;
  const step = Math.log(to / from) / GRID;
  let prev = from;
  for (let g = 1; g <= GRID; g++) {
    const n = from * Math.exp(step * g);
    if (curve.predict(n) >= lnTarget) {
      let lo = prev;
      let hi = n;
      for (let b = 0; b < BISECTIONS; b++) {
        const mid = (lo + hi) / 2;
        if (curve.predict(mid) >= lnTarget) hi = mid;
        else lo = mid;
      }
      return hi;
    }
    prev = n;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * The crossing of an objective of sloMs by a forecast whose series starts at fill `firstFill`; null
 * when the chosen curve does not reach it within MAX_FACTOR x the observed fill.
 */
export function sloCrossing(fit: ForecastFit, sloMs: number, firstFill: number): SloCrossing | null {
  const target = Math.log(sloMs);
  const to = fit.observedFill * MAX_FACTOR;
  const from = Math.max(1, Math.min(firstFill, to));
  const objects = crossingFill(fit.curve, target, from, to);
  if (!Number.isFinite(objects)) return null;
  const fills: number[] = [];
  for (const kind of fit.plausible) {
    // beyond the range as a finite stand-in (2 x the range's end), so quantiles interpolate
    for (const r of fit.replicates[kind] ?? []) fills.push(Math.min(crossingFill(r.curve, target, from, to), 2 * to));
  }
  const sorted = Float64Array.from(fills).sort();
  const tail = (1 - PI_LEVEL) / 2;
  const lo = sorted.length > 0 ? quantileOfSorted(sorted, tail) : Number.NaN;
  const hi = sorted.length > 0 ? quantileOfSorted(sorted, 1 - tail) : Number.NaN;
  const open = (v: number): number => (v > to ? Number.POSITIVE_INFINITY : Math.round(v));
  return { objects: Math.round(objects), pi: [open(lo), open(hi)] };
}
