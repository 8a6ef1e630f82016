/**
 * A forecast with the path the charts draw (docs/forecast.md, "In the charts"): besides the answers at
 * the fills asked for, the per-batch forecast at evenly spaced fills from the run's end to the largest
 * fill asked for, so a chart can draw the projected time as a curve and its 90% interval as a band.
 * The path shares the answers' fit (one bootstrap): it is the same curve and interval the text gives
 * at the fills asked for, evaluated in between.
 */
import type { ForecastPoint } from '../analysis/forecast.js';
import type { RunEvaluation } from './evaluate-run.js';
import { forecastEvaluatedRun, type ForecastAnswer, type ForecastRequest } from './forecast-check.js';

/** Fills on the path (its two ends included): enough for a smooth curve on a linear objects axis. */
export const PATH_STEPS = 24;

export interface ChartedForecast extends ForecastAnswer {
  /** The per-batch forecast from the run's fill to the largest fill asked for, ascending; empty when none lies beyond the run. */
  path: ForecastPoint[];
}

/** PATH_STEPS fills from `from` to `to` (both included), rounded to whole objects and without repeats. */
export function pathFills(from: number, to: number, steps: number = PATH_STEPS): number[] {
  if (!(to > from) || steps < 2) return [];
  const out: number[] = [];
  for (let k = 0; k < steps; k++) {
    const fill = Math.round(from + ((to - from) * k) / (steps - 1));
    if (out[out.length - 1] !== fill) out.push(fill);
  }
  return out;
}

/** The forecast the request asks for, and the path of its per-batch time (forecastEvaluatedRun refuses fills beyond 100x). */
export function chartedForecast(evaluation: RunEvaluation, req: ForecastRequest): ChartedForecast {
  let observed = 0;
  for (const b of evaluation.batches) observed += b.objects;
  const asked = new Set([...req.targets, ...(req.sloAt === undefined ? [] : [req.sloAt])]);
  const largest = Math.max(0, ...asked);
  const grid = pathFills(observed, largest).filter((n) => !asked.has(n));
  const answer = forecastEvaluatedRun(evaluation, { ...req, targets: [...req.targets, ...grid] });
  const onGrid = new Set(grid);
  const path = answer.points
    .filter((p) => p.metric === 'batch' && p.objects >= observed && (onGrid.has(p.objects) || asked.has(p.objects)))
    .filter((p, i, all) => all.findIndex((q) => q.objects === p.objects) === i)
    .sort((a, b) => a.objects - b.objects)
    .map((p) => ({
      objects: p.objects,
      model: p.model,
      estimateMs: p.estimateMs,
      pi: p.pi,
      factor: p.factor,
      far: p.far,
    }));
  // the answers keep the fills asked for only, in the order forecastEvaluatedRun gives them
  return { ...answer, points: answer.points.filter((p) => asked.has(p.objects)), path };
}
