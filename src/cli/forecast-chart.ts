/** The ASCII chart `check --forecast` prints: the run, its fitted trend and the forecast's projection. */
import { chartSeriesOf, projectionOf, renderChart } from '../report/index.js';
import type { ChartedForecast, RunEvaluation } from '../verdict/index.js';
import type { CliContext } from './context.js';

export function forecastChart(ctx: CliContext, e: RunEvaluation, f: ChartedForecast): string {
  const projection = projectionOf(f);
  const series = { ...chartSeriesOf(e.run, e.batches, e.gate.wallTime), ...(projection ? { projection } : {}) };
  return renderChart([series], { color: ctx.color, width: ctx.width });
}
