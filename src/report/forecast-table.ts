/**
 * The forecast as a table in the Markdown and HTML reports (`report --forecast`, docs/forecast.md):
 * one row per metric and fill, with the chosen model, the estimate, the 90% prediction interval and
 * whether the fill is far (beyond 10x the run's). The sentence above it says what the forecast was
 * fitted to and, after a cliff, that it assumes no further steps.
 */
import type { ChartedForecast } from '../verdict/index.js';
import { escapeMarkdown } from './escape.js';
import { formatCount, formatMs } from './format.js';
import { markdownTable } from './markdown-table.js';

export const FORECAST_HEADER = ['Objects', 'Metric', 'Model', 'Estimate', '90% interval', 'Far'] as const;
export const FORECAST_ALIGN: ('l' | 'r')[] = ['r', 'l', 'l', 'r', 'r', 'l'];

const METRIC: Record<string, string> = { batch: 'per batch', p50: 'op p50', p95: 'op p95' };

export function forecastRows(f: ChartedForecast): string[][] {
  return f.points.map((p) => [
    formatCount(p.objects),
    METRIC[p.metric] ?? p.metric,
    p.model,
    formatMs(p.estimateMs),
    `[${formatMs(p.pi[0])}, ${formatMs(p.pi[1])}]`,
    p.far ? `yes: ${Math.round(p.factor)}x the fill seen` : 'no',
  ]);
}

/** What the forecast was fitted to, the cliff it starts after, and the metrics it could not forecast. */
export function forecastNote(f: ChartedForecast): string {
  const cliff =
    f.cliff === null
      ? ''
      : ` The gate found a cliff at batch ${f.cliff.batch} (${formatCount(f.cliff.objects)} objects): the forecast is fitted after it and assumes no further steps.`;
  const skipped =
    f.skipped.length === 0 ? '' : ` Too few batches to forecast: ${f.skipped.map((m) => METRIC[m] ?? m).join(', ')}.`;
  return (
    `90% prediction intervals, fitted to batches ${f.fromBatch}-${f.lastBatch} of a run that stored ` +
    `${formatCount(f.observedFill)} objects.${cliff}${skipped}`
  );
}

/** The Markdown report's forecast section, or nothing without a forecast. */
export function forecastMarkdown(f: ChartedForecast | undefined): string[] {
  if (f === undefined) return [];
  return [
    '## Forecast',
    '',
    escapeMarkdown(forecastNote(f)),
    '',
    markdownTable([...FORECAST_HEADER], forecastRows(f), FORECAST_ALIGN),
    '',
  ];
}
