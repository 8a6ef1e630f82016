/**
 * Comparison against a baseline run of the same workload (docs/growth-gate.md, "Against a baseline run").
 *
 * Pairing: batches are paired by index over the common kept window
 *   first = max(w_candidate, w_baseline) + 1,  last = min(m_candidate, m_baseline)
 * and d_i = ln y_candidate,i - ln y_baseline,i. Machine speed (a constant factor) and a shared
 * warm-up cancel in d.
 *
 * Scaling regression (gated): Theil–Sen slope of d on i with Sen's 95% CI (theil-sen.ts, the
 * scipy.stats.theilslopes convention); span = last - first; ratio R = exp(slope span) with CI
 * [exp(lower span), exp(upper span)]: how much more the candidate's per-batch time grows over the
 * window than the baseline's. INCONCLUSIVE with fewer than 10 pairs; FAIL when the CI's lower
 * bound exceeds the limit (default 1.10); WARN when it exceeds 1.00; else PASS.
 *
 * Level (reported; gated only when maxLevelChange is given): Hodges–Lehmann estimate of d with
 * the Wilcoxon signed-rank 95% CI (hodges-lehmann.ts), reported as a ratio exp(.): "the
 * candidate's per-batch time is x1.23 [1.18, 1.29] of the baseline's". When gated: FAIL when the
 * CI's lower bound exceeds 1 + maxLevelChange, WARN when it exceeds 1.00, else PASS (INCONCLUSIVE
 * with fewer than 10 pairs). The doc warns that a level limit below max(10%, 3 x run-to-run CV)
 * raises false alarms across machines; a limit below 10% adds a note.
 *
 * The verdict is the scaling verdict, combined (the worse of, op-gate.ts combineVerdicts) with the
 * level verdict when the level is gated.
 *
 * Floating point: a constant ratio between the runs gives d_i equal up to ~1e-16 (ln rounding), so
 * a bound within 1e-9 of 1 on the log scale counts as 1 (no WARN from rounding noise).
 */

import { DEFAULT_LIMIT, MIN_KEPT_BATCHES, type Verdict } from './growth-gate.js';
import { hodgesLehmann } from './hodges-lehmann.js';
import { combineVerdicts } from './op-gate.js';
import { theilSen } from './theil-sen.js';
import { batchIndices } from './warmup-trim.js';

/** Log-scale tolerance below which a bound counts as "no change" (see the header). */
export const LOG_NOISE_FLOOR = 1e-9;

export interface RunSeries {
  /** Per-batch wall times in ms, batch 1 first. */
  timesMs: readonly number[];
  batchSize: number;
  /** w of the run's own gate (warm-up batches dropped, batch 1 included). */
  warmupDropped: number;
}

export interface BaselineOptions {
  /** FAIL limit of the scaling ratio's lower bound; default 1.10. */
  limit?: number;
  /** Gate the level: FAIL when the level ratio's lower bound exceeds 1 + this (e.g. 0.25). */
  maxLevelChange?: number;
}

export interface ScalingResult {
  verdict: Verdict;
  reason: string;
  limit: number;
  /** Theil–Sen slope of d per batch, and Sen's 95% CI. */
  slope: number;
  slopeCi: [number, number];
  /** Fitted d at batch i = intercept + slope i. */
  intercept: number;
  /** last - first */
  span: number;
  /** exp(slope span) and its CI. */
  ratio: number;
  ci: [number, number];
  /** exp(slope 1000 / B_candidate) - 1: relative change of the ratio per 1,000 objects. */
  perThousandObjects: number;
}

export interface LevelResult {
  /** null when not gated (no maxLevelChange). */
  verdict: Verdict | null;
  reason: string;
  maxLevelChange: number | null;
  /** Hodges–Lehmann estimate of d and its CI (log scale). */
  estimate: number;
  estimateCi: [number, number];
  /** exp(estimate) and exp(CI): candidate per-batch time over baseline per-batch time. */
  ratio: number;
  ci: [number, number];
  /** Achieved confidence (exact) or nominal 0.95 (normal approximation). */
  confidence: number;
  method: 'exact' | 'normal' | 'none';
}

export interface BaselineComparison {
  verdict: Verdict;
  /** 1-based first and last paired batch; pairs = last - first + 1 (0 when no overlap). */
  firstBatch: number;
  lastBatch: number;
  pairs: number;
  /** d_i over the window, first batch first. */
  logDiffs: number[];
  scaling: ScalingResult;
  level: LevelResult;
  /** Caveats: differing batch sizes, a low level limit. */
  notes: string[];
}

function checkSeries(s: RunSeries, who: string): void {
  s.timesMs.forEach((t, i) => {
    if (!Number.isFinite(t) || t <= 0)
      throw new TypeError(`compareRuns: ${who} batch ${i + 1} time must be a finite number > 0, got ${t}`);
  });
  if (!Number.isFinite(s.batchSize) || s.batchSize <= 0)
    throw new TypeError(`compareRuns: ${who} batchSize must be > 0, got ${s.batchSize}`);
  if (!Number.isInteger(s.warmupDropped) || s.warmupDropped < 0) {
    throw new TypeError(`compareRuns: ${who} warmupDropped must be an integer >= 0, got ${s.warmupDropped}`);
  }
}

function checkOptions(o: BaselineOptions): { limit: number; maxLevelChange: number | null } {
  const limit = o.limit ?? DEFAULT_LIMIT;
  if (!Number.isFinite(limit) || limit <= 0)
    throw new TypeError(`compareRuns: limit must be a finite number > 0, got ${limit}`);
  const mlc = o.maxLevelChange;
  if (mlc !== undefined && (!Number.isFinite(mlc) || mlc < 0)) {
    throw new TypeError(`compareRuns: maxLevelChange must be a finite number >= 0, got ${mlc}`);
  }
  return { limit, maxLevelChange: mlc ?? null };
}

const fixed3 = (v: number): string => (Number.isFinite(v) ? v.toFixed(3) : 'n/a');

/** PASS / WARN / FAIL of a lower bound on the log scale against ln(limit); INCONCLUSIVE below 10 pairs. */
function decide(pairs: number, logLower: number, limit: number, what: string): { verdict: Verdict; reason: string } {
  if (pairs < MIN_KEPT_BATCHES) {
    return {
      verdict: 'INCONCLUSIVE',
      reason: `only ${pairs} paired batch${pairs === 1 ? '' : 'es'}; at least ${MIN_KEPT_BATCHES} are needed to decide`,
    };
  }
  if (!Number.isFinite(logLower))
    return { verdict: 'INCONCLUSIVE', reason: `the confidence interval of the ${what} could not be computed` };
  const lo = fixed3(Math.exp(logLower));
  if (logLower > Math.log(limit) + LOG_NOISE_FLOOR) {
    return {
      verdict: 'FAIL',
      reason: `the lower end of the 95% CI of the ${what} (${lo}) is above the limit ${limit.toFixed(2)}`,
    };
  }
  if (logLower > LOG_NOISE_FLOOR) {
    return {
      verdict: 'WARN',
      reason: `the ${what} is above 1 (the lower end of its 95% CI is ${lo}) but not above the limit ${limit.toFixed(2)}`,
    };
  }
  return {
    verdict: 'PASS',
    reason: `no significant increase: the lower end of the 95% CI of the ${what} (${lo}) is not above 1.00`,
  };
}

function scalingOf(window: Float64Array, d: Float64Array, limit: number, batchSize: number): ScalingResult {
  const fit = theilSen(window, d);
  const span = Math.max(0, window.length - 1);
  const { verdict, reason } = decide(d.length, fit.lower * span, limit, 'scaling ratio');
  return {
    verdict,
    reason,
    limit,
    slope: fit.slope,
    slopeCi: [fit.lower, fit.upper],
    intercept: fit.intercept,
    span,
    ratio: Math.exp(fit.slope * span),
    ci: [Math.exp(fit.lower * span), Math.exp(fit.upper * span)],
    perThousandObjects: Math.exp((fit.slope * 1000) / batchSize) - 1,
  };
}

function levelOf(d: Float64Array, maxLevelChange: number | null): LevelResult {
  const hl = hodgesLehmann(d);
  const base = {
    maxLevelChange,
    estimate: hl.estimate,
    estimateCi: [hl.lower, hl.upper] as [number, number],
    ratio: Math.exp(hl.estimate),
    ci: [Math.exp(hl.lower), Math.exp(hl.upper)] as [number, number],
    confidence: hl.confidence,
    method: hl.method,
  };
  if (maxLevelChange === null) {
    return { ...base, verdict: null, reason: 'level reported, not gated (no --max-level-change)' };
  }
  return { ...base, ...decide(d.length, hl.lower, 1 + maxLevelChange, 'level ratio') };
}

/**
 * Compare a candidate run with a baseline run (pure). Throws a TypeError for invalid times or
 * options; a short or non-overlapping window gives INCONCLUSIVE with NaN numbers, never a throw.
 */
export function compareRuns(candidate: RunSeries, baseline: RunSeries, opts: BaselineOptions = {}): BaselineComparison {
  checkSeries(candidate, 'candidate');
  checkSeries(baseline, 'baseline');
  const { limit, maxLevelChange } = checkOptions(opts);
  const firstBatch = Math.max(candidate.warmupDropped, baseline.warmupDropped) + 1;
  const lastBatch = Math.min(candidate.timesMs.length, baseline.timesMs.length);
  const window = batchIndices(firstBatch, lastBatch);
  const d = Float64Array.from(
    window,
    (i) => Math.log(candidate.timesMs[i - 1] as number) - Math.log(baseline.timesMs[i - 1] as number),
  );

  const scaling = scalingOf(window, d, limit, candidate.batchSize);
  const level = levelOf(d, maxLevelChange);
  const notes: string[] = [];
  if (candidate.batchSize !== baseline.batchSize) {
    notes.push(
      `batch sizes differ (candidate ${candidate.batchSize}, baseline ${baseline.batchSize}): batches are paired by index, ` +
        'so a pair does not hold the same number of stored objects',
    );
  }
  if (maxLevelChange !== null && maxLevelChange < 0.1) {
    notes.push(
      `a level limit of ${(100 * maxLevelChange).toFixed(0)}% is below 10%: across machines it will raise false alarms ` +
        '(keep it at or above max(10%, 3 x the run-to-run coefficient of variation))',
    );
  }
  const verdict = level.verdict === null ? scaling.verdict : combineVerdicts(scaling.verdict, level.verdict);
  return { verdict, firstBatch, lastBatch, pairs: d.length, logDiffs: Array.from(d), scaling, level, notes };
}
