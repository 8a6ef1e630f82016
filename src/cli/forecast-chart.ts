/** The ASCII chart `check --forecast` prints: the run, its fitted trend and the forecast's projection. */
import { renderChart } from '../report/chart.js';
import { projectionOf } from '../report/chart-projection.js';
import { chartSeriesOf } from '../report/chart-series.js';
import type { RunEvaluation } from '../verdict/evaluate-run.js';
import type { ChartedForecast } from '../verdict/forecast-path.js';
import type { CliContext } from './context.js';

export function forecastChart(ctx: CliContext, e: RunEvaluation, f: ChartedForecast): string {
  const projection = projectionOf(f);
  const series = { ...chartSeriesOf(e.run, e.batches, e.gate.wallTime), ...(projection ? { projection } : {}) };
  return renderChart([series], { color: ctx.color, width: ctx.width });
}
