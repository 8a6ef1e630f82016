/**
 * Pooling repeated runs into one answer (docs/history.md, "Pooling repeats"). Each run gives an
 * estimate y_i on the log scale with its within-run variance v_i; the runs also differ from each
 * other by more than v_i says (a new process, another hour of the host). The random-effects model
 * y_i = mu + u_i + e_i, u_i ~ N(0, tau^2), e_i ~ N(0, v_i):
 *
 *   w_i = 1 / v_i,  mu_FE = sum w y / sum w,  Q = sum w (y - mu_FE)^2
 *   tau^2 = max(0, (Q - (k - 1)) / (sum w - sum w^2 / sum w))          (DerSimonian & Laird 1986)
 *   w*_i = 1 / (v_i + tau^2),  mu = sum w* y / sum w*
 *   q* = sum w* (y - mu)^2 / (k - 1)
 *   var(mu) = max(1, q*) / sum w*                                      (Hartung & Knapp 2001; Sidik &
 *   CI = mu -/+ t_{k-1, 0.975} sqrt(var(mu))                            Jonkman 2002; the max(1, .) of
 *                                                                       Röver, Knapp & Friede 2015)
 * With one run the CI is that run's own (mu -/+ 1.96 sqrt(v)): the between-run spread is unknown.
 * The fixed-effect pool (mu_FE -/+ 1.96 / sqrt(sum w)) is kept for comparison: it ignores tau^2 and
 * under-covers when runs differ (test/unit/random-effects.test.ts measures both by seeded simulation).
 */
import { Z_95 } from './theil-sen.js';

/** One run's estimate on the log scale and its within-run variance. */
export interface LogEstimate {
  y: number;
  v: number;
}

export interface Pooled {
  /** Pooled estimate (log scale). */
  estimate: number;
  /** 95% CI (log scale). */
  ci: [number, number];
  /** Variance of the pooled estimate: max(1, q*) / sum w* (the CI multiplies its root by t_{k-1}). */
  variance: number;
  /** Between-run variance tau^2 (DerSimonian–Laird); 0 with one run. */
  tau2: number;
  /** Runs pooled. */
  k: number;
}

/** Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom. */
const T_975 = [
  12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281, 2.201, 2.1788, 2.1604, 2.1448, 2.1314,
  2.1199, 2.1098, 2.1009, 2.093, 2.086, 2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
];

/** t_{df, 0.975}: the table to 30, then the Cornish–Fisher expansion (error below 1e-4). */
export function t975(df: number): number {
  if (!(df >= 1)) throw new RangeError(`t975: df ${df} below 1`);
  if (df <= 30) return T_975[Math.round(df) - 1] as number;
  const z = Z_95;
  const z3 = z ** 3;
  const z5 = z ** 5;
  return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df);
}

function checked(runs: readonly LogEstimate[]): void {
  if (runs.length === 0) throw new RangeError('pool: no runs');
  for (const r of runs)
    if (!Number.isFinite(r.y) || !(r.v > 0) || !Number.isFinite(r.v))
      throw new RangeError(`pool: estimate ${r.y} with variance ${r.v}`);
}

/** The fixed-effect (inverse-variance) pool, for comparison: no between-run spread. */
export function poolFixed(runs: readonly LogEstimate[]): Pooled {
  checked(runs);
  let sw = 0;
  let swy = 0;
  for (const r of runs) {
    sw += 1 / r.v;
    swy += r.y / r.v;
  }
  const mu = swy / sw;
  const h = Z_95 / Math.sqrt(sw);
  return { estimate: mu, ci: [mu - h, mu + h], variance: 1 / sw, tau2: 0, k: runs.length };
}

/** DerSimonian–Laird tau^2 of the runs. */
export function dlTau2(runs: readonly LogEstimate[]): number {
  const k = runs.length;
  if (k < 2) return 0;
  const fe = poolFixed(runs).estimate;
  let sw = 0;
  let sw2 = 0;
  let q = 0;
  for (const r of runs) {
    const w = 1 / r.v;
    sw += w;
    sw2 += w * w;
    q += w * (r.y - fe) ** 2;
  }
  return Math.max(0, (q - (k - 1)) / (sw - sw2 / sw));
}

/** The random-effects pool (DerSimonian–Laird tau^2, Hartung–Knapp CI with max(1, q*)). */
export function poolRandom(runs: readonly LogEstimate[]): Pooled {
  checked(runs);
  const k = runs.length;
  if (k === 1) {
    const r = runs[0] as LogEstimate;
    const h = Z_95 * Math.sqrt(r.v);
    return { estimate: r.y, ci: [r.y - h, r.y + h], variance: r.v, tau2: 0, k };
  }
  const tau2 = dlTau2(runs);
  let sw = 0;
  let swy = 0;
  for (const r of runs) {
    sw += 1 / (r.v + tau2);
    swy += r.y / (r.v + tau2);
  }
  const mu = swy / sw;
  let q = 0;
  for (const r of runs) q += (r.y - mu) ** 2 / (r.v + tau2);
  const variance = Math.max(1, q / (k - 1)) / sw;
  const h = t975(k - 1) * Math.sqrt(variance);
  return { estimate: mu, ci: [mu - h, mu + h], variance, tau2, k };
}

/**
 * The between-run variance shared by several groups of repeats (a history: the spread between runs
 * is the host's and the store's, not one version's): the DerSimonian–Laird moment estimate with
 * every group's own mean, tau^2 = max(0, (Q - df) / c), Q = sum_g sum_i w (y - m_g)^2,
 * df = sum_g (k_g - 1), c = sum_g (sum w - sum w^2 / sum w). Null when no group has two runs.
 */
export function sharedTau2(groups: readonly (readonly LogEstimate[])[]): { tau2: number; df: number } | null {
  let q = 0;
  let df = 0;
  let c = 0;
  for (const runs of groups) {
    if (runs.length < 2) continue;
    const m = poolFixed(runs).estimate;
    let sw = 0;
    let sw2 = 0;
    for (const r of runs) {
      const w = 1 / r.v;
      q += w * (r.y - m) ** 2;
      sw += w;
      sw2 += w * w;
    }
    df += runs.length - 1;
    c += sw - sw2 / sw;
  }
  return df === 0 ? null : { tau2: Math.max(0, (q - df) / c), df };
}

/** A group's pool with a between-run variance estimated across groups (sharedTau2): CI with t_df. */
export function poolWithTau2(runs: readonly LogEstimate[], shared: { tau2: number; df: number }): Pooled {
  checked(runs);
  let sw = 0;
  let swy = 0;
  for (const r of runs) {
    sw += 1 / (r.v + shared.tau2);
    swy += r.y / (r.v + shared.tau2);
  }
  const mu = swy / sw;
  const h = t975(shared.df) * Math.sqrt(1 / sw);
  return { estimate: mu, ci: [mu - h, mu + h], variance: 1 / sw, tau2: shared.tau2, k: runs.length };
}
