/** A report input with a forecast, as `report --forecast` builds it: the real fit of the run's batches (seeded, so fixed). */
import type { ReportInput } from '../../src/report/report-input.js';
import { chartedForecast, type ChartedForecast } from '../../src/verdict/forecast-path.js';

/** 2x and 20x the 25,000 objects of the Fedora 3 fixture: one near fill and one far. */
export const FORECAST_TARGETS = [50_000, 500_000];

export function withForecast(input: ReportInput, targets: readonly number[] = FORECAST_TARGETS): ReportInput {
  return { ...input, forecast: chartedForecast(input.candidate.evaluation, { targets: [...targets] }) };
}

/**
 * A forecast made by hand, for the charts' placement tests: a run of 5,000 objects, a linear path to
 * 20,000 objects (100 ms rising to 400 ms, the interval x0.8 to x1.25 around it), asked for at 20,000.
 */
export function handForecast(cliff: ChartedForecast['cliff'] = null): ChartedForecast {
  const path = Array.from({ length: 16 }, (_, k) => {
    const objects = 5000 + k * 1000;
    const estimateMs = objects / 50;
    return {
      objects,
      model: 'linear' as const,
      estimateMs,
      pi: [estimateMs * 0.8, estimateMs * 1.25] as [number, number],
      factor: objects / 5000,
      far: false,
    };
  });
  const last = path[path.length - 1] as ChartedForecast['path'][number];
  return {
    observedFill: 5000,
    fromBatch: 2,
    lastBatch: 50,
    batchesUsed: 49,
    points: [{ metric: 'batch', ...last }],
    skipped: ['p50', 'p95'],
    cliff,
    sloGate: null,
    path,
  };
}
