/**
 * The answer of a compare for one phase and one target against the reference (pure):
 *
 *   pairs      batch k of the target with batch k of the reference, k past the warm-up;
 *              d_k = ln y_target,k - ln y_reference,k (y: the phase's per-batch value)
 *   level      Hodges–Lehmann estimate of d with its Wilcoxon signed-rank 95% CI, as ratios exp(.)
 *              (1.00 = the same as the reference) — the level of `check --baseline`, with its gate
 *              (--max-level-change F: FAIL when the CI's lower bound exceeds 1 + F; reported, not
 *              gated, without it), computed by the same code (baseline.ts)
 *   scaling    the growth gate (growth-gate.ts, as `check` runs it) on the ratio series exp(d_k),
 *              indexed by batch, so by objects stored: does the target get slower faster than the
 *              reference as both fill?
 *
 * Batches whose value is missing or not positive on either side (a phase with no operation in that
 * batch) are left out of the pairs.
 */
import { compareRuns, type LevelResult } from '../analysis/baseline.js';
import { widenLevelCi } from '../analysis/drift-spread.js';
import { scaledMad } from '../analysis/robust.js';
import { growthGate, type GateResult, type Verdict } from '../analysis/growth-gate.js';
import { worstOf } from '../verdict/index.js';

export interface PairedSeries {
  /** 1-based batch indices of the pairs. */
  batches: number[];
  /** d_k = ln target - ln reference. */
  logRatios: number[];
}

/** Pairs two per-batch series (index 0 = batch 1) past `warmupBatches` batches. */
export function pairedLogRatios(
  target: readonly (number | null)[],
  reference: readonly (number | null)[],
  warmupBatches: number,
): PairedSeries {
  const batches: number[] = [];
  const logRatios: number[] = [];
  const n = Math.min(target.length, reference.length);
  for (let i = warmupBatches; i < n; i++) {
    const a = target[i];
    const r = reference[i];
    if (
      a === null ||
      a === undefined ||
      r === null ||
      r === undefined ||
      !(a > 0) ||
      !(r > 0) ||
      !Number.isFinite(a) ||
      !Number.isFinite(r)
    )
      continue;
    batches.push(i + 1);
    logRatios.push(Math.log(a) - Math.log(r));
  }
  return { batches, logRatios };
}

export interface TargetVsReference {
  pairs: number;
  level: LevelResult;
  scaling: GateResult;
  /** The worse of the scaling verdict and (when gated) the level verdict (worstOf, verdict/worst-verdict.ts). */
  verdict: Verdict;
  /**
   * The level's CI widened for autocorrelated pairs (analysis/drift-spread.ts, widenLevelCi: batch means of
   * d, λ > 1 → half-widths × sqrt(λ)), as ratios; the scaling's is scaling.ciDrift. Reported, not gated.
   */
  levelDrift: { varianceRatio: number; widening: number; ci: [number, number] };
}

export interface PairOptions {
  batchSize: number;
  /** --max-growth of the scaling gate (default 1.10). */
  maxGrowth: number;
  /** --max-level-change: gates the level when given. */
  maxLevelChange?: number;
}

export function compareToReference(paired: PairedSeries, o: PairOptions): TargetVsReference {
  const ratios = paired.logRatios.map((d) => Math.exp(d));
  // the level is check --baseline's: the same pairs given to compareRuns as two series with no warm-up left
  const level = compareRuns(
    { timesMs: ratios, batchSize: o.batchSize, warmupDropped: 0 },
    { timesMs: ratios.map(() => 1), batchSize: o.batchSize, warmupDropped: 0 },
    { limit: o.maxGrowth, ...(o.maxLevelChange === undefined ? {} : { maxLevelChange: o.maxLevelChange }) },
  ).level;
  const scaling = growthGate(ratios, { batchSize: o.batchSize, limit: o.maxGrowth });
  const verdict = level.verdict === null ? scaling.verdict : worstOf([scaling.verdict, level.verdict]);
  const wide = widenLevelCi(paired.logRatios, level.estimate, level.estimateCi, scaledMad(paired.logRatios));
  const levelDrift = { ...wide, ci: [Math.exp(wide.ci[0]), Math.exp(wide.ci[1])] as [number, number] };
  return { pairs: ratios.length, level, scaling, verdict, levelDrift };
}
