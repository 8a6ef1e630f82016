/**
 * Everything a report renderer needs: a stored run's evaluation as src/verdict/ made it (the run,
 * its batches, its gate and verdict, per-batch error counts, probes, and optionally a baseline run
 * with the comparison), stamped with when and by which version it was rendered, and the forecast when
 * one was asked for. Renderers are pure functions of this value.
 */
import type { ChartedForecast, EvaluatedRun, GateSettings, StoredEvaluation, StoredProbes } from '../verdict/index.js';

export type { BatchErrors } from '../verdict/index.js';
export type ReportRun = EvaluatedRun;
export type ReportGates = GateSettings;
export type ReportProbes = StoredProbes;

export interface ReportInput extends StoredEvaluation {
  generatedAt: string;
  toolVersion: string;
  /** `report --forecast`: the forecast and its path, drawn in the charts and tabled (docs/forecast.md). */
  forecast?: ChartedForecast;
}
