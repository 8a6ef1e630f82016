/**
 * One run's growth and level on the log scale, with their within-run variances, for pooling
 * (random-effects.ts; docs/history.md). Warm-up batches are dropped as the gate drops them
 * (warmup.ts); over the kept batches i = w+1..m a Theil–Sen line ln y = a + b i (theil-sen.ts):
 *
 *   growth = b S, S = the common span in batches (the same for every run compared), so exp(growth)
 *            is "how much slower the last batch is than the first" over the common fill;
 *            variance from Sen's 95% CI: ((upper - lower) S / (2 z))^2
 *   level  = a + b i_F, the fitted ln per-batch time at the common fill i_F (a batch index);
 *            variance s^2 (1/n + (i_F - mean i)^2 / Sxx), s = 1.4826 MAD of the residuals
 *            (the least-squares formula applied to the robust line; the between-run spread the
 *            pool adds is usually the larger part)
 *
 * The same level is taken of ln p50 and ln p95 per batch where the batches recorded them.
 */
import { scaledMad } from './robust.js';
import { residuals, theilSen, Z_95 } from './theil-sen.js';
import { batchIndices, trimWarmup } from './warmup-trim.js';
import type { LogEstimate } from './random-effects.js';

export interface RunMetrics {
  growth: LogEstimate;
  level: LogEstimate;
  /** Level of the batches' operation p50 and p95, when every kept batch recorded them. */
  p50: LogEstimate | null;
  p95: LogEstimate | null;
  /** Batches, and warm-up batches dropped. */
  batches: number;
  warmupDropped: number;
}

export interface RunMetricOptions {
  /** Common span S in batches (growth = b S). */
  span: number;
  /** Common fill as a 1-based batch index (level at i_F). */
  atBatch: number;
  p50Ms?: readonly (number | null)[];
  p95Ms?: readonly (number | null)[];
}

/** Fewest kept batches a run needs to give metrics (the gate's minimum). */
export const MIN_METRIC_BATCHES = 10;
/** Floor of a variance: a perfectly flat series still has some uncertainty (ln 1.001)^2. */
const MIN_VARIANCE = 1e-6;

function levelAt(x: Float64Array, z: Float64Array, at: number): LogEstimate {
  const fit = theilSen(x, z, Z_95, false);
  const s = scaledMad(residuals(x, z, fit));
  let mx = 0;
  for (const v of x) mx += v;
  mx /= x.length;
  let sxx = 0;
  for (const v of x) sxx += (v - mx) ** 2;
  const v = s * s * (1 / x.length + (at - mx) ** 2 / sxx);
  return { y: fit.intercept + fit.slope * at, v: Math.max(v, MIN_VARIANCE) };
}

function logsOf(values: readonly (number | null)[] | undefined, from: number): Float64Array | null {
  if (values === undefined) return null;
  const out = new Float64Array(values.length - from);
  for (let i = from; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined || !(v > 0)) return null;
    out[i - from] = Math.log(v);
  }
  return out;
}

/** The run's metrics, or null when it kept fewer than MIN_METRIC_BATCHES batches. */
export function runMetrics(timesMs: ArrayLike<number>, o: RunMetricOptions): RunMetrics | null {
  const m = timesMs.length;
  const all = new Float64Array(m);
  for (let i = 0; i < m; i++) all[i] = Math.log(timesMs[i] as number);
  const w = trimWarmup(all).dropped;
  if (m - w < MIN_METRIC_BATCHES) return null;
  const x = batchIndices(w + 1, m);
  const z = all.subarray(w);
  const fit = theilSen(x, z);
  const sd = ((fit.upper - fit.lower) * o.span) / (2 * Z_95);
  const growth = { y: fit.slope * o.span, v: Math.max(sd * sd, MIN_VARIANCE) };
  const level = levelAt(x, z, o.atBatch);
  const p50 = logsOf(o.p50Ms, w);
  const p95 = logsOf(o.p95Ms, w);
  return {
    growth,
    level,
    p50: p50 === null ? null : levelAt(x, p50, o.atBatch),
    p95: p95 === null ? null : levelAt(x, p95, o.atBatch),
    batches: m,
    warmupDropped: w,
  };
}
