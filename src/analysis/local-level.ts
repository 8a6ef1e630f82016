/**
 * The local level model with drift (the random walk plus noise with a drift; Harvey 1989,
 * "Forecasting, Structural Time Series Models and the Kalman Filter", ch. 2), fitted by restricted
 * maximum likelihood (REML; Patterson & Thompson 1971, Biometrika 58):
 *
 *   y_t = μ_t + e_t,   μ_t = μ_{t−1} + b + w_t,   e_t ~ N(0, σ²),  w_t ~ N(0, q),  r = q/σ².
 *
 * The first differences d_t = y_{t+1} − y_t = b + w_t + e_{t+1} − e_t have covariance σ²·Σ(r), Σ(r)
 * tridiagonal (r + 2 on the diagonal, −1 beside it): differencing removes the initial level (a
 * diffuse μ_0), and the restricted likelihood integrates the drift b out, so no trend is removed
 * before q is read (detrending first takes the walk's own straight part away and understates q).
 * With σ² profiled out, over N differences,
 *
 *   ℓ(r) = −½ [(N − 1) ln S(r) + ln |Σ(r)| + ln 1'Σ(r)⁻¹1],   S = d'Σ⁻¹d − (1'Σ⁻¹d)² / 1'Σ⁻¹1,
 *
 * exact and O(N) by the LDLᵀ recursion of the tridiagonal (no Kalman filter needed for this model).
 * r̂ maximizes ℓ on a log grid refined by golden section; the upper end of the profile-likelihood
 * interval {r : ℓ(r̂) − ℓ(r) ≤ χ/2} bounds how much walk the run cannot rule out: one run often
 * cannot tell a walk from noise (r̂ = 0 in 66 of 200 seeds at 25 batches of 5% noise and a walk of
 * 0.02 per batch), so the point estimate alone under-covers (docs/verdict-iv.md, "A run's own slow drift").
 */

/** The restricted log likelihood at ratio r of differences d (σ² profiled) and σ̂²(r). */
export function restrictedLogLik(d: ArrayLike<number>, r: number): { logLik: number; sigma2: number } {
  const n = d.length;
  const a = r + 2;
  let c = a;
  let logDet = 0;
  let u1 = 1;
  let ud = d[0] as number;
  let s11 = 0;
  let s1d = 0;
  let sdd = 0;
  for (let k = 0; k < n; k++) {
    if (k > 0) {
      const prev = c;
      c = a - 1 / prev;
      u1 = 1 + u1 / prev;
      ud = (d[k] as number) + ud / prev;
    }
    logDet += Math.log(c);
    s11 += (u1 * u1) / c;
    s1d += (u1 * ud) / c;
    sdd += (ud * ud) / c;
  }
  const S = Math.max(sdd - (s1d * s1d) / s11, 1e-300);
  const sigma2 = S / (n - 1);
  return { logLik: -0.5 * ((n - 1) * Math.log(S) + logDet + Math.log(s11)), sigma2 };
}

export interface LocalLevelFit {
  /** r̂ = q/σ² at the REML maximum (0 at the boundary). */
  ratio: number;
  /** q̂ = r̂ σ̂²(r̂): the walk's variance per step. */
  walkVariance: number;
  /** The upper end of the profile-likelihood interval of r at the requested level. */
  ratioUpper: number;
  /** The upper end of the profile-likelihood interval of q at the requested level. */
  walkVarianceUpper: number;
  /** σ̂² at r̂. */
  noiseVariance: number;
}

/** Grid of ln r: from a walk far below the noise to one far above it. */
const LOG_R_MIN = Math.log(1e-5);
const LOG_R_MAX = Math.log(1e4);
const GRID = 46;
const GOLDEN_STEPS = 30;
const PHI = (Math.sqrt(5) - 1) / 2;

function goldenMax(f: (x: number) => number, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  let x1 = b - PHI * (b - a);
  let x2 = a + PHI * (b - a);
  let f1 = f(x1);
  let f2 = f(x2);
  for (let i = 0; i < GOLDEN_STEPS; i++) {
    if (f1 < f2) {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + PHI * (b - a);
      f2 = f(x2);
    } else {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - PHI * (b - a);
      f1 = f(x1);
    }
  }
  return (a + b) / 2;
}

/** Where f (at or above target at lo, below it at hi) crosses target, by bisection. */
function crossing(f: (x: number) => number, lo: number, hi: number, target: number): number {
  let a = lo;
  let b = hi;
  for (let i = 0; i < GOLDEN_STEPS + 10; i++) {
    const mid = (a + b) / 2;
    if (f(mid) >= target) a = mid;
    else b = mid;
  }
  return (a + b) / 2;
}

/**
 * REML fit of the local level with drift on y (ln batch times); `chi2` is the drop of 2ℓ that ends
 * the profile interval of walkVarianceUpper (3.84: two-sided 95%). Null under 4 points.
 */
export function fitLocalLevel(y: ArrayLike<number>, chi2 = 3.841459): LocalLevelFit | null {
  const m = y.length;
  if (m < 4) return null;
  const d = Float64Array.from({ length: m - 1 }, (_, i) => (y[i + 1] as number) - (y[i] as number));
  const at = (lr: number): number => restrictedLogLik(d, Math.exp(lr)).logLik;
  const l0 = restrictedLogLik(d, 0).logLik;
  let best = 0;
  let bestL = -Infinity;
  const step = (LOG_R_MAX - LOG_R_MIN) / (GRID - 1);
  for (let i = 0; i < GRID; i++) {
    const v = at(LOG_R_MIN + i * step);
    if (v > bestL) {
      bestL = v;
      best = i;
    }
  }
  let ratio = 0;
  let lMax = l0;
  if (bestL > l0) {
    const lr = goldenMax(at, LOG_R_MIN + Math.max(0, best - 1) * step, LOG_R_MIN + Math.min(GRID - 1, best + 1) * step);
    ratio = Math.exp(lr);
    lMax = Math.max(at(lr), bestL);
  }
  const target = lMax - chi2 / 2;
  const from = ratio > 0 ? Math.log(ratio) : LOG_R_MIN;
  const upperR = at(LOG_R_MAX) >= target ? Math.exp(LOG_R_MAX) : Math.exp(crossing(at, from, LOG_R_MAX, target));
  const fitAt = restrictedLogLik(d, ratio);
  return {
    ratio,
    walkVariance: ratio * fitAt.sigma2,
    ratioUpper: upperR,
    walkVarianceUpper: upperR * restrictedLogLik(d, upperR).sigma2,
    noiseVariance: fitAt.sigma2,
  };
}
