/**
 * What one run can say about its own repeatability (docs/verdict-iv.md, "A run's own slow drift").
 *
 * A slow wander of the level (a random walk, a host that warms or cools) tilts Theil–Sen's slope, and
 * its residuals do not show it as lag-1 autocorrelation: between neighbours the change is small.
 * Blocks of batches show it: on the gate's residuals r_1..r_m' (ln scale), cut into K contiguous
 * blocks of L = max(MIN_BLOCK, round(sqrt(m'))) batches (the last block takes the rest), with block
 * means μ_k and s the residual scatter (1.4826 MAD),
 *
 *   λ = Σ_k n_k (μ_k − μ̄)² / (K − 2) / s²         (batch means: the long-run variance over the batch-level one)
 *
 * λ is about 1 for independent noise (K − 2: the fit took a level and a slope) and grows with slow
 * drift; it is reported. The CI of the growth over the span is widened for a random-walk level: q is
 * the upper end of the REML profile-likelihood interval of the walk's variance per batch in the local
 * level model with drift, fitted to the kept ln times themselves (local-level.ts: Harvey 1989; no
 * trend removed first), at a drop of WALK_BOUND_CHI2 in 2ℓ. A least-squares slope over a walk of
 * `span` batches has variance 6 q/(5 span) (so the ln growth over the span 6 q span/5), and each
 * half-width h of the ln CI over the span becomes sqrt(h² + z² · 6 q span / 5). Sen's CI keeps the
 * batch-level noise; the added term is the drift's. The bound, not the point estimate, and on every
 * run, not only when λ > 1: one run often cannot tell a walk from noise, and a walk that happened to
 * run straight looks like growth to any fit of that run, so only a bound covers 1.0 in 95% of
 * seeds under a walk; the price is power on real growth (docs/verdict-iv.md gives both).
 *
 * Also, for every run: the split-half growth ratios, Theil–Sen on each half of the kept batches,
 * projected over the run's span, as the sensitivity of the estimate to the run's own drift.
 */
import { fitLocalLevel } from './local-level.js';
import { theilSen } from './theil-sen.js';

/** Shortest block. */
export const MIN_BLOCK = 5;
/** Fewest blocks for λ (K − 2 ≥ 1 degree of freedom). */
const MIN_BLOCKS = 3;
/**
 * The drop of 2ℓ that ends the profile interval of q used for the widening (about a one-sided 89%
 * bound). 1.0 left the widened CI at 0.945 coverage with a walk of 0.02 over 64 batches; 1.5 is the
 * smallest tried that covers 1.0 in at least 95% of seeds in every cell of the simulation.
 */
export const WALK_BOUND_CHI2 = 1.5;
/** Halves are fitted up to this many kept batches (beyond it, null: the gate runs after every batch of an early-stop look, and a long run is not split). */
const MAX_HALF_FIT = 400;

export interface DriftSpread {
  blocks: number;
  blockLength: number;
  /** λ: between-block variance of the residual means over what the batch-level scatter allows (NaN: too few blocks). */
  varianceRatio: number;
  /** The random walk's variance per batch the CI is widened for: the REML profile bound (ln² units; 0 when none). */
  walkVariance: number;
  /** Whether the CI was widened (q > 0). */
  widened: boolean;
  /** Growth ratios over the run's span from the first and the second half of the kept batches (null: not fitted). */
  halves: [number, number] | null;
}

/** λ above which the blocks disagree more than the batch-level noise allows. */
export const LAMBDA_LIMIT = 1;

/** λ and the blocks on residuals r with scatter s. */
export function blockVarianceRatio(
  r: ArrayLike<number>,
  s: number,
  fitted = 2,
): { blocks: number; blockLength: number; ratio: number } {
  const m = r.length;
  const L = Math.max(MIN_BLOCK, Math.round(Math.sqrt(m)));
  const K = Math.floor(m / L);
  if (K < MIN_BLOCKS || K <= fitted || !(s > 0)) return { blocks: K, blockLength: L, ratio: Number.NaN };
  let total = 0;
  for (let i = 0; i < m; i++) total += r[i] as number;
  const grand = total / m;
  let acc = 0;
  for (let k = 0; k < K; k++) {
    const from = k * L;
    const to = k === K - 1 ? m : from + L;
    let sum = 0;
    for (let i = from; i < to; i++) sum += r[i] as number;
    const n = to - from;
    acc += n * (sum / n - grand) ** 2;
  }
  return { blocks: K, blockLength: L, ratio: acc / (K - fitted) / (s * s) };
}

/** Growth ratio over `span` from Theil–Sen on z[from..to) at x = from+1.. (NaN when under 3 points). */
function halfRatio(z: ArrayLike<number>, from: number, to: number, span: number): number {
  if (to - from < 3) return Number.NaN;
  const x = Float64Array.from({ length: to - from }, (_, i) => from + i + 1);
  const y = Float64Array.from({ length: to - from }, (_, i) => z[from + i] as number);
  return Math.exp(theilSen(x, y, 1.959964, false).slope * span);
}

/** The drift spread of a gate fit: kept ln times zKept, their residuals, scatter s, and the run's span. */
export function driftSpread(zKept: ArrayLike<number>, res: ArrayLike<number>, s: number, span: number): DriftSpread {
  const b = blockVarianceRatio(res, s);
  const fit = fitLocalLevel(zKept, WALK_BOUND_CHI2);
  const q = fit !== null && Number.isFinite(fit.walkVarianceUpper) ? fit.walkVarianceUpper : 0;
  const widened = q > 0;
  const m = zKept.length;
  const half = Math.floor(m / 2);
  const halves: [number, number] | null =
    m >= 2 * MIN_BLOCK && m <= MAX_HALF_FIT ? [halfRatio(zKept, 0, half, span), halfRatio(zKept, half, m, span)] : null;
  return {
    blocks: b.blocks,
    blockLength: b.blockLength,
    varianceRatio: b.ratio,
    walkVariance: q,
    widened,
    halves,
  };
}

/**
 * A slope CI (ln per batch) widened for a walk of variance q per batch over `span` batches at quantile
 * z: each half-width h·span becomes sqrt((h·span)² + z² · 6 q span/5), returned per batch again.
 */
export function widenCi(slope: number, ci: [number, number], q: number, span: number, z: number): [number, number] {
  if (!(q > 0) || !(span > 0)) return ci;
  const extra = (z * z * 6 * q * span) / 5;
  const lo = Math.sqrt(((slope - ci[0]) * span) ** 2 + extra) / span;
  const hi = Math.sqrt(((ci[1] - slope) * span) ** 2 + extra) / span;
  return [slope - lo, slope + hi];
}

/**
 * A level's CI (ln units) widened for autocorrelated values d (a compare's paired log ratios): batch
 * means of d − its median give λ with one fitted parameter (K − 1); the long-run variance of a mean
 * over the batch-level one is λ itself, so when λ > 1 each half-width is multiplied by sqrt(λ).
 */
export function widenLevelCi(
  d: ArrayLike<number>,
  estimate: number,
  ci: [number, number],
  s: number,
): { varianceRatio: number; widening: number; ci: [number, number] } {
  const r = Float64Array.from(d, (v) => v - estimate);
  const b = blockVarianceRatio(r, s, 1);
  const w = Number.isFinite(b.ratio) && b.ratio > LAMBDA_LIMIT ? Math.sqrt(b.ratio) : 1;
  return {
    varianceRatio: b.ratio,
    widening: w,
    ci: [estimate - (estimate - ci[0]) * w, estimate + (ci[1] - estimate) * w],
  };
}
