/**
 * Compare's front door: several targets filled side by side (`compareWorkload`), the targets
 * file, and the answer and series the reports render.
 */
export type { CompareAnswer, LevelAnswer, ScalingAnswer } from './compare-answer.js';
export { loadCompareSeries, type CompareSeries, type RatioSeries, type TargetSeries } from './compare-series.js';
export { compareWorkload, type CompareEvents, type CompareRunOptions } from './compare-workload.js';
export type { PhaseSummary } from './phase-data.js';
export { parsePhases, type Phase } from './phases.js';
export { readTargetsFile, targetSecrets } from './targets-file.js';
