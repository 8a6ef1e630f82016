/**
 * One evaluation of a stored run, alone or against a baseline (load-evaluation.ts gathers it):
 * what `check` exits on and what the reports render. Types only; exit-code.ts maps it to an exit code.
 */
import type { ErrorBudget } from './error-budget.js';
import type { BaselineFacts } from './evaluate-baseline.js';
import type { RunEvaluation } from './evaluate-run.js';
import type { ProbeSeries, ProbeVerdict } from './probe-stats.js';
import type { GateSettings } from './run-gates.js';

export interface BatchErrors {
  /** 1-based batch index. */
  batch: number;
  /** Error code → count of failed ingest operations in that batch. */
  codes: Record<string, number>;
}

/** A run's evaluation with its failed operations' codes by batch. */
export interface EvaluatedRun {
  evaluation: RunEvaluation;
  errors: BatchErrors[];
}

/** The candidate's read-side probes (docs/probes.md): a verdict and a per-batch series per probe kind it recorded. */
export interface StoredProbes {
  /** Judged with the gates' --max-growth, as `check` judges them. */
  verdicts: ProbeVerdict[];
  /** Per-batch medians of the same kinds (cold and, for get, warm), in the same order. */
  series: ProbeSeries[];
  /** --gate-probes: a probe kind's FAIL counts (check exits 1, JUnit fails its test case). */
  gated: boolean;
}

export interface StoredEvaluation {
  candidate: EvaluatedRun;
  baseline?: EvaluatedRun;
  /** The candidate against the baseline (evaluate-baseline.ts): present exactly when baseline is. */
  comparison?: BaselineFacts;
  gates: GateSettings;
  /** The candidate's failed share of operations against gates.maxErrorRate (error-budget.ts). */
  errorBudget: ErrorBudget;
  /** Where a command-line flag overrode the run's own gate setting (run-gates.ts). */
  gateNotes?: string[];
  /** Present when the candidate run recorded probes (run --probe). */
  probes?: StoredProbes;
}
