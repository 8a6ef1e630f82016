/**
 * The verdict's front door: a stored run's evaluation (alone, against a baseline, pooled or
 * over its history), its gates and error budget, the probe verdicts and the exit code.
 */
export type { ContentionAssessment } from './contention-check.js';
export { overErrorBudget, type ErrorBudget } from './error-budget.js';
export type { BaselineFacts } from './evaluate-baseline.js';
export { evaluateHistory, type HistoryChange, type HistoryResult, type Interval } from './evaluate-history.js';
export type { RunEvaluation } from './evaluate-run.js';
export { exitCodeOf } from './exit-code.js';
export { forecastEvaluatedRun, type ForecastAnswer, type ForecastRequest } from './forecast-check.js';
export { chartedForecast, type ChartedForecast } from './forecast-path.js';
export { groupHistory, type HistoryOrder, type HistoryRun } from './history-groups.js';
export { loadEvaluation } from './load-evaluation.js';
export { readHistoryRuns } from './load-history.js';
export { loadPooledCheck } from './load-pooled.js';
export type { PooledResult } from './pooled-check.js';
export { median, probeRows, probeSeries, type ProbeSeries, type ProbeVerdict } from './probe-stats.js';
export type { CompletionState } from './run-completion.js';
export { DEFAULT_MAX_ERROR_RATE, DEFAULT_MAX_GROWTH, type GateOverrides, type GateSettings } from './run-gates.js';
export type { BatchErrors, EvaluatedRun, StoredEvaluation, StoredProbes } from './stored-evaluation.js';
export { worstOf } from './worst-verdict.js';
