/**
 * Warm-up sensitivity (docs/growth-gate.md, "Warm-up sensitivity"): the trim (warmup.ts) stops at the
 * first leading batch that is not 2 s slower than the trend of the rest, so the tail of a decaying
 * warm-up, batch by batch inside the noise, stays in the fit and pulls its slope down: a constant
 * store's CI then lies below 1.0 (simulated: 15.8% of runs with a 1.3-2x warm-up decaying over 2-8
 * batches at 5-30% noise, docs/growth-gate.md).
 *
 * A block rule looks further: from the trimmed w, the leading block of k = 8..1 batches (at most up
 * to a third of the run) is dropped as well when its mean excess over a Theil–Sen fit of the batches
 * after it is above max(1.5 s / sqrt(k), ln 1.03) (s = 1.4826 MAD of that fit's residuals); repeated
 * until no block qualifies. The result w' >= w is used for one thing only: the upper end of the slope
 * CI is the larger of the two fits' upper ends. The estimate and the lower end (so every verdict)
 * stay those of the unchanged rule: a longer trim chosen because leading batches sit high would bias
 * the slope up on flat series (simulated: false FAIL 0.35% -> 0.6%), so it may only widen the CI on
 * the side the warm-up biases.
 */
import { scaledMad } from './robust.js';
import { residuals, theilSen, type TheilSenFit } from './theil-sen.js';
import { batchIndices, MIN_WARMUP_EXCESS } from './warmup-trim.js';

/** Longest block examined at once. */
export const MAX_BLOCK = 8;
/** The block rule drops at most this fraction of the batches (rounded down). */
export const MAX_EXTENDED_FRACTION = 1 / 3;
/** Threshold of a block's mean excess, in units of s / sqrt(k). */
export const BLOCK_FACTOR = 1.5;

/** w' >= w: the warm-up the block rule finds after the trim's w, on log times z (z[0] is batch 1). */
export function extendedWarmup(z: Float64Array, w: number): number {
  const m = z.length;
  const cap = Math.floor(MAX_EXTENDED_FRACTION * m);
  let at = w;
  for (let moved = true; moved; ) {
    moved = false;
    for (let k = Math.min(MAX_BLOCK, cap - at); k >= 1; k--) {
      const rest = z.subarray(at + k);
      if (rest.length < 3) continue;
      const x = batchIndices(at + k + 1, m);
      const fit = theilSen(x, rest, undefined, false);
      const s = scaledMad(residuals(x, rest, fit));
      let excess = 0;
      for (let i = at; i < at + k; i++) excess += (z[i] as number) - (fit.intercept + fit.slope * (i + 1));
      if (excess / k > Math.max((BLOCK_FACTOR * s) / Math.sqrt(k), MIN_WARMUP_EXCESS)) {
        at += k;
        moved = true;
        break;
      }
    }
  }
  return at;
}

/** Above this many batches a warm-up of a few batches cannot move the fit: the block rule is not run. */
export const MAX_SENSITIVITY_BATCHES = 2000;

export interface WarmupSensitivity {
  /** w' of the block rule (> the trim's w). */
  batches: number;
  /** Upper end of the slope CI of the fit after w'. */
  slopeUpper: number;
}

/**
 * The block rule's fit when it trims more than w and its slope CI reaches higher than upper; null
 * otherwise (nothing to widen). z is the whole series of log times.
 */
export function warmupSensitivity(z: Float64Array, w: number, upper: number, ciZ: number): WarmupSensitivity | null {
  if (z.length > MAX_SENSITIVITY_BATCHES) return null;
  const wExt = extendedWarmup(z, w);
  if (wExt <= w || z.length - wExt < 3) return null;
  const fit: TheilSenFit = theilSen(batchIndices(wExt + 1, z.length), z.subarray(wExt), ciZ);
  return fit.upper > upper ? { batches: wExt, slopeUpper: fit.upper } : null;
}
