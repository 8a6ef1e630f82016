/**
 * The answer of a compare (pure), as `compare --json` prints it and the compares table stores it:
 *
 *   { compareId, status, verdict, reference, targets, runs: {name: runId},
 *     batches, warmupBatches, comparedBatches, phasesRun,
 *     phases:  {phase: {name: {medianMs, p50Ms, p95Ms, p99Ms, opsPerSec, mbPerSec, bytesVerified, operations, failedOps}}},
 *     level:   {phase: {name: {estimate, ci: [lo, hi], verdict, pairs, reason}}},     every target but the reference
 *     scaling: {phase: {name: {verdict, growthRatio, ci: [lo, hi], reason}}},        every target but the reference
 *     limits:  {maxGrowth, maxLevelChange} }
 *
 * Level `estimate` and `ci` are ratios (1.00 = the same as the reference); a level `verdict` is null
 * when it is not gated (no --max-level-change).
 */
import type { Verdict } from '../analysis/growth-gate.js';
import { worstOf } from '../verdict/index.js';
import { compareToReference, pairedLogRatios } from './paired-ratios.js';
import type { PhaseData, PhaseSummary } from './phase-data.js';
import type { Phase } from './phases.js';

export interface TargetPhases {
  name: string;
  runId: string;
  phases: Partial<Record<Phase, PhaseData>>;
}

export interface LevelAnswer {
  estimate: number | null;
  ci: [number | null, number | null];
  verdict: Verdict | null;
  pairs: number;
  reason: string;
  /** The CI widened for autocorrelated pairs (paired-ratios.ts, levelDrift); reported, not gated. */
  ciDrift: [number | null, number | null];
}

export interface ScalingAnswer {
  verdict: Verdict;
  growthRatio: number | null;
  ci: [number | null, number | null];
  reason: string;
  /** The CI widened for a slow drift of the ratio series (growth gate's ciDrift); reported, not gated. */
  ciDrift: [number | null, number | null];
}

export interface CompareAnswer {
  compareId: string;
  status: 'completed';
  verdict: Verdict;
  reference: string;
  targets: string[];
  runs: Record<string, string>;
  batches: number;
  warmupBatches: number;
  comparedBatches: number;
  phasesRun: Phase[];
  phases: Partial<Record<Phase, Record<string, PhaseSummary>>>;
  level: Partial<Record<Phase, Record<string, LevelAnswer>>>;
  scaling: Partial<Record<Phase, Record<string, ScalingAnswer>>>;
  limits: { maxGrowth: number; maxLevelChange: number | null };
}

export interface AnswerOptions {
  compareId: string;
  phases: readonly Phase[];
  batches: number;
  warmupBatches: number;
  batchSize: number;
  maxGrowth: number;
  maxLevelChange?: number;
}

const num = (x: number): number | null => (Number.isFinite(x) ? x : null);

export function compareAnswer(targets: readonly TargetPhases[], o: AnswerOptions): CompareAnswer {
  const [ref, ...others] = targets;
  if (!ref) throw new RangeError('compareAnswer: no targets');
  const phases: CompareAnswer['phases'] = {};
  const level: CompareAnswer['level'] = {};
  const scaling: CompareAnswer['scaling'] = {};
  const verdicts: Verdict[] = [];
  for (const phase of o.phases) {
    phases[phase] = Object.fromEntries(targets.map((t) => [t.name, (t.phases[phase] as PhaseData).summary]));
    const lv: Record<string, LevelAnswer> = {};
    const sc: Record<string, ScalingAnswer> = {};
    for (const t of others) {
      const paired = pairedLogRatios(
        (t.phases[phase] as PhaseData).perBatchMs,
        (ref.phases[phase] as PhaseData).perBatchMs,
        o.warmupBatches,
      );
      const r = compareToReference(paired, {
        batchSize: o.batchSize,
        maxGrowth: o.maxGrowth,
        ...(o.maxLevelChange === undefined ? {} : { maxLevelChange: o.maxLevelChange }),
      });
      lv[t.name] = {
        estimate: num(r.level.ratio),
        ci: [num(r.level.ci[0]), num(r.level.ci[1])],
        verdict: r.level.verdict,
        pairs: r.pairs,
        reason: r.level.reason,
        ciDrift: [num(r.levelDrift.ci[0]), num(r.levelDrift.ci[1])],
      };
      sc[t.name] = {
        verdict: r.scaling.verdict,
        growthRatio: num(r.scaling.growthRatio),
        ci: [num(r.scaling.ci[0]), num(r.scaling.ci[1])],
        reason: r.scaling.reason,
        ciDrift: [num(r.scaling.ciDrift[0]), num(r.scaling.ciDrift[1])],
      };
      verdicts.push(r.verdict);
    }
    level[phase] = lv;
    scaling[phase] = sc;
  }
  return {
    compareId: o.compareId,
    status: 'completed',
    verdict: worstOf(verdicts),
    reference: ref.name,
    targets: targets.map((t) => t.name),
    runs: Object.fromEntries(targets.map((t) => [t.name, t.runId])),
    batches: o.batches,
    warmupBatches: o.warmupBatches,
    comparedBatches: Math.max(0, o.batches - o.warmupBatches),
    phasesRun: [...o.phases],
    phases,
    level,
    scaling,
    limits: { maxGrowth: o.maxGrowth, maxLevelChange: o.maxLevelChange ?? null },
  };
}
