/**
 * No green exit when the host moved and the run could not see (docs/verdict-iv.md, "Blind while the
 * host moved"). When the contention guard found a rise, only the batches before it measured the
 * store alone. A PASS or WARN stands only if those quiet batches could have seen growth beyond the
 * limit by themselves: the largest growth over the run's span they cannot exclude,
 *
 *   D = exp(b_hi · span)        (the upper end of the quiet gate's slope CI, projected as the guard does),
 *
 * is at or below the limit. Otherwise (D above the limit, or fewer than 10 kept quiet batches) the
 * verdict is INCONCLUSIVE, with the quiet batches a rerun needs: the smallest m' ≥ 10 at which a flat
 * store's CI, at the quiet batches' own noise s and lag-1 r1, would end at or below the limit over a
 * rerun's own span (all of it quiet),
 *
 *   z · (1 + 1.5/m') · g(m') · s(1 + 2.6/m') · sqrt(V) ≤ ln(limit)
 *
 * with g and V of detectable-growth.ts (R80's first term: the upper half-width of Sen's CI, in ln units
 * over the span) — planned as m'/0.8 + 1 batches for warm-up and outliers. A FAIL is not looked
 * at here: the guard already keeps it only where the growth persists on the quiet batches.
 */
import {
  effectiveAutocorrelation,
  MAX_PLANNED_KEPT,
  senSpanFactor,
  totalBatchesFor,
  varianceInflation,
} from './detectable-growth.js';

const MIN_KEPT = 10;

export interface QuietPowerInput {
  /** The verdict before the guard. */
  verdict: 'PASS' | 'WARN' | 'FAIL' | 'INCONCLUSIVE';
  /** The quiet gate: its verdict, kept batches, slope CI (ln per batch), scatter s, lag-1 r1, z. */
  quiet: {
    verdict: 'PASS' | 'WARN' | 'FAIL' | 'INCONCLUSIVE';
    keptBatches: number;
    slopeCi: [number, number];
    residualScatter: number;
    lag1Autocorrelation: number;
    ciZ: number;
  };
  /** The run's span (batches), the quiet CI is projected over it. */
  span: number;
  limit: number;
}

export interface QuietPower {
  /** The largest growth over the run's span the quiet batches cannot exclude (NaN when not computable). */
  detectable: number;
  /** True: a PASS or WARN that becomes INCONCLUSIVE. */
  blind: boolean;
  /** Kept quiet batches a rerun needs, and the batches to plan (Infinity when out of reach, NaN when unknown). */
  rerunKept: number;
  rerunBatches: number;
}

/** ln of the upper end of a flat store's CI over the span of m' kept batches. */
export function flatUpper(m: number, s: number, r1: number, z: number): number {
  const v = varianceInflation(effectiveAutocorrelation(r1, m), m);
  return z * (1 + 1.5 / m) * senSpanFactor(m) * s * (1 + 2.6 / m) * Math.sqrt(v);
}

/** Smallest m' ≥ 10 whose flat CI ends at or below the limit; Infinity out of reach, NaN without a scatter. */
export function quietBatchesNeeded(s: number, r1: number, z: number, limit: number): { kept: number; total: number } {
  if (!Number.isFinite(s) || s < 0 || !(limit > 1)) return { kept: Number.NaN, total: Number.NaN };
  const ln = Math.log(limit);
  for (let m = MIN_KEPT; m <= MAX_PLANNED_KEPT; m++) {
    if (flatUpper(m, s, r1, z) <= ln) return { kept: m, total: totalBatchesFor(m) };
  }
  return { kept: Number.POSITIVE_INFINITY, total: Number.POSITIVE_INFINITY };
}

export function quietPower(i: QuietPowerInput): QuietPower {
  const q = i.quiet;
  const cannotTell = q.verdict === 'INCONCLUSIVE' || q.keptBatches < MIN_KEPT || !Number.isFinite(q.slopeCi[1]);
  const detectable = cannotTell ? Number.NaN : Math.exp(q.slopeCi[1] * i.span);
  const green = i.verdict === 'PASS' || i.verdict === 'WARN';
  const blind = green && q.verdict !== 'FAIL' && (cannotTell || !(detectable <= i.limit));
  const need = quietBatchesNeeded(q.residualScatter, q.lag1Autocorrelation, q.ciZ, i.limit);
  return { detectable, blind, rerunKept: need.kept, rerunBatches: need.total };
}
