/**
 * The size test of a cliff (docs/growth-gate.md, "Cliffs"). Pettitt's test reads only ranks, so its
 * allowance for autocorrelation (K divided by sqrt(V)) caps what any step can show: between 20
 * batches on each side, every batch after the step slower than every batch before, K is at most
 * 20 x 19 and the p-value reaches 0.0075 at phi = 0.44 — a clean 2x step on a host whose load eased
 * during the first half went unreported. The step's size against the noise says what the ranks
 * cannot: a rise of ln 2 where the segments scatter by 3% is not the wander of any AR(1) series.
 *
 * Two conditions, each a one-sided normal p-value made Bonferroni over the n - 1 splits the change
 * point was chosen among, the larger of the two reported:
 *
 * - the level: z = HL shift / (s sqrt(1/n1 + 1/n2) sqrt(V_max)), s = 1.4826 MAD of the residuals
 *   around each segment's own line (robust to a few slow batches), V_max = (1 + 0.8)/(1 - 0.8) = 9,
 *   the largest inflation any allowance makes (with the estimated phi, flat AR(1) series of 100
 *   batches at phi 0.5 reported cliffs of x1.15 in 1.5% of runs);
 * - the jump: a step happens between two batches, a wander over many. J = median of the 3 batches
 *   after the split - median of the 3 before, against the batch-to-batch steps' scale
 *   (1.4826 MAD of the differences, which one step does not move): z = J / (s_step sqrt(3)). On a
 *   near random walk (phi 0.95) the level test alone reported a cliff in 6.5% of flat runs.
 *
 * A step has to be large against the scatter even if the batches were as dependent as the gate ever
 * assumes, and sudden; smaller or slower ones are Pettitt's to find.
 *
 * A cliff is reported when either test is below 0.001; the flat-series simulations (iid, AR(1),
 * random walks) bound what the second test adds to the false-FAIL rate.
 */
import { normalUpperTail } from './normal.js';
import { MAX_PHI } from './detectable-growth.js';
import { median, scaledMad } from './robust.js';

const MAX_INFLATE = Math.sqrt((1 + MAX_PHI) / (1 - MAX_PHI));

/**
 * Below a tenth of a percent on the log scale the scatter of batch times is not resolved (clock and
 * rounding); the scale is held there so identical batches do not make every rise infinitely sure.
 */
const MIN_SCALE = 1e-3;

/** Batches on each side of the split whose medians make the local jump. */
const JUMP_SIDE = 3;

/** min(1, (n - 1) (1 - Phi(z))): one-sided, Bonferroni over the n - 1 splits. */
const splitP = (z: number, n: number): number => Math.min(1, (n - 1) * normalUpperTail(z));

/**
 * The size test's p-value for a rise `shift` (ln) at `split` of the detrended kept batches d, with
 * the residuals around each segment's own line: the larger of the level test's and the jump test's.
 */
export function cliffSizeP(shift: number, d: Float64Array, split: number, segmentResiduals: ArrayLike<number>): number {
  const n = d.length;
  const n1 = split;
  const n2 = n - split;
  if (!(shift > 0) || n1 < JUMP_SIDE || n2 < JUMP_SIDE) return 1;
  const s = Math.max(scaledMad(segmentResiduals), MIN_SCALE);
  const level = splitP(shift / (s * Math.sqrt(1 / n1 + 1 / n2) * MAX_INFLATE), n);
  const steps = new Float64Array(n - 1);
  for (let i = 1; i < n; i++) steps[i - 1] = (d[i] as number) - (d[i - 1] as number);
  const sStep = Math.max(scaledMad(steps), MIN_SCALE);
  const jump = median(d.subarray(split, split + JUMP_SIDE)) - median(d.subarray(split - JUMP_SIDE, split));
  return Math.max(level, splitP(jump / (sStep * Math.sqrt(JUMP_SIDE)), n));
}
