/**
 * Everything a report renderer needs, gathered once from the results database: the run, its
 * batches, its evaluation (gate, early stop, verdict), per-batch error counts, and optionally a
 * baseline run with the comparison. Renderers are pure functions of this value.
 */
import type { RunEvaluation } from '../verdict/evaluate-run.js';
import type { ProbeSeries, ProbeVerdict } from '../engine/probes/probe-stats.js';

export interface BatchErrors {
  /** 1-based batch index. */
  batch: number;
  /** Error code → count of failed ingest operations in that batch. */
  codes: Record<string, number>;
}

export interface ReportRun {
  evaluation: RunEvaluation;
  errors: BatchErrors[];
}

export interface ReportGates {
  /** --max-growth (default 1.10). */
  maxGrowth: number;
  /** --max-level-change, when the level difference against the baseline is gated (fraction, e.g. 0.25). */
  maxLevelChange?: number;
  /** --max-error-rate (default 0.01). */
  maxErrorRate: number;
  /** --min-detectable: a PASS or WARN that could not see this growth is INCONCLUSIVE (off when absent). */
  minDetectable?: number;
}

/** The candidate's read-side probes (issue 18): a verdict and a per-batch series per probe kind it recorded. */
export interface ReportProbes {
  /** Judged with the report's --max-growth, as `check` judges them. */
  verdicts: ProbeVerdict[];
  /** Per-batch medians of the same kinds (cold and, for get, warm), in the same order. */
  series: ProbeSeries[];
  /** --gate-probes: a probe kind's FAIL fails its JUnit test case, as it makes `check --gate-probes` exit 1. */
  gated: boolean;
}

export interface ReportInput {
  candidate: ReportRun;
  baseline?: ReportRun;
  gates: ReportGates;
  /** Where a command-line flag overrode the run's own gate setting (engine/run-gates.ts). */
  gateNotes?: string[];
  /** Present when the candidate run recorded probes (run --probe). */
  probes?: ReportProbes;
  generatedAt: string;
  toolVersion: string;
}
