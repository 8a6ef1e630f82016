/**
 * `check --forecast`: a stored run's forecasts at the fills asked for (analysis/forecast-run.ts),
 * the fill where a latency objective is crossed, and the objective's gate (docs/forecast.md).
 *
 * - Fills beyond MAX_FACTOR x the run's fill are refused (a usage error naming the largest fill the
 *   run supports); beyond FAR_FACTOR x the answers are marked far.
 * - The objective's gate (--slo-at N) FAILs when the lower end of the predicted interval at N is
 *   above the objective: the store will most likely be slower than the objective there.
 */
import { UsageError } from '../errors.js';
import { formatCount } from '../model/format-count.js';
import type { BatchRecord } from '../model/records.js';
import {
  forecastRun,
  largestForecastFill,
  type ForecastMetric,
  type MetricSeries,
  type RunForecast,
} from '../analysis/forecast-run.js';
import type { RunEvaluation } from './evaluate-run.js';

export interface ForecastRequest {
  /** Fills to forecast at (objects). */
  targets: number[];
  slo?: { ms: number; metric: ForecastMetric };
  /** Gate the objective at this fill (needs slo). */
  sloAt?: number;
}

export interface SloGate {
  objects: number;
  metric: ForecastMetric;
  sloMs: number;
  /** The prediction interval at the gated fill, ms. */
  pi: [number, number];
  verdict: 'PASS' | 'FAIL';
  reason: string;
}

export interface ForecastAnswer extends RunForecast {
  /** The cliff the forecast starts after (a step is not a trend), or null. */
  cliff: { batch: number; objects: number } | null;
  sloGate: SloGate | null;
}

function refuseBeyond(fill: number, observed: number, flag: string): void {
  const largest = largestForecastFill(observed);
  if (!(fill > 0) || !Number.isFinite(fill)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${flag} ${fill} is not a number of objects`,
      `give ${flag} a count such as 20000, 2.5k or 10M`,
    );
  }
  if (fill > largest) {
    throw new UsageError(
      'E_FORECAST_RANGE',
      `${flag} ${formatCount(fill)} is ${Math.round(fill / observed)}x the ${formatCount(observed)} objects this run stored; a forecast goes at most 100x past the fill it saw`,
      `the largest fill this run supports is ${formatCount(largest)}: fill the store further before forecasting that far`,
    );
  }
}

/** The metrics a run's batches carry: batch wall time always, operation p50/p95 where recorded. */
export function metricSeries(batches: readonly BatchRecord[]): MetricSeries[] {
  const series: MetricSeries[] = [{ metric: 'batch', valuesMs: Float64Array.from(batches, (b) => b.wallMs) }];
  if (batches.some((b) => b.p50Ms !== null)) {
    series.push({ metric: 'p50', valuesMs: Float64Array.from(batches, (b) => b.p50Ms ?? Number.NaN) });
    series.push({ metric: 'p95', valuesMs: Float64Array.from(batches, (b) => b.p95Ms ?? Number.NaN) });
  }
  return series;
}

function gateSlo(answer: RunForecast, req: ForecastRequest): SloGate | null {
  if (req.sloAt === undefined || req.slo === undefined) return null;
  const { metric, ms } = req.slo;
  const at = answer.points.find((p) => p.metric === metric && p.objects === req.sloAt);
  if (at === undefined) return null;
  const fails = at.pi[0] > ms;
  const range = `[${at.pi[0].toFixed(1)}, ${at.pi[1].toFixed(1)}] ms`;
  return {
    objects: at.objects,
    metric,
    sloMs: ms,
    pi: at.pi,
    verdict: fails ? 'FAIL' : 'PASS',
    reason: fails
      ? `at ${formatCount(at.objects)} objects the predicted ${metric} time ${range} lies above the objective of ${ms} ms`
      : `at ${formatCount(at.objects)} objects the predicted ${metric} time ${range} does not lie above the objective of ${ms} ms`,
  };
}

/** The forecast of an evaluated run with its batch records (a full, not lean, evaluation). */
export function forecastEvaluatedRun(evaluation: RunEvaluation, req: ForecastRequest): ForecastAnswer {
  const batches = evaluation.batches;
  let observed = 0;
  for (const b of batches) observed += b.objects;
  const targets = [...req.targets];
  if (req.sloAt !== undefined && !targets.includes(req.sloAt)) targets.push(req.sloAt);
  for (const t of req.targets) refuseBeyond(t, observed, '--forecast');
  if (req.sloAt !== undefined) refuseBeyond(req.sloAt, observed, '--slo-at');
  const wall = evaluation.gate.wallTime;
  const cliff = wall.cliff === null ? null : { batch: wall.cliff.batch, objects: wall.cliff.objects };
  const answer = forecastRun({
    objects: Float64Array.from(batches, (b) => b.objects),
    firstKeptBatch: wall.firstKeptBatch,
    cliffBatch: cliff?.batch ?? null,
    series: metricSeries(batches),
    targets,
    ...(req.slo === undefined ? {} : { slo: req.slo }),
  });
  return { ...answer, cliff, sloGate: gateSlo(answer, req) };
}
