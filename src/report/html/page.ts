/**
 * The report as ONE self-contained HTML file: inline CSS (styles.ts), inline SVG charts (charts.ts,
 * svg-chart.ts), no scripts, no fonts, no external references. A Content-Security-Policy of
 * default-src 'none' (inline styles and data: images only) makes the browser refuse any network
 * request the page might make. Pure: (ReportInput) => string.
 */
import { ciLevelLabel } from '../../analysis/growth-gate.js';
import { escapeHtml } from '../escape.js';
import { batchRows } from '../per-batch-table.js';
import { factTable, runName } from '../report-facts.js';
import type { ReportInput } from '../report-input.js';
import { baselineVerdictText, runVerdictText } from '../verdict-block.js';
import { batchTimeChart, latencyChart, throughputCharts } from './charts.js';
import { figure, htmlDocument } from './document.js';
import { forecastCaption } from './forecast-overlay.js';
import { FORECAST_ALIGN, FORECAST_HEADER, forecastNote, forecastRows } from '../forecast-table.js';
import { probePanel } from './probe-panel.js';
import { contentionStrip } from './contention-strip.js';
import { baselineTables, batchTable, errorSection, factsTable, htmlTable, verdictBanner } from './sections.js';

function chartsSection(input: ReportInput): string {
  const parts = [
    '<h2>Per-batch time</h2>',
    figure(
      batchTimeChart(input),
      "Each point is one batch, at the number of objects stored when it ended. The line is the growth gate's " +
        'Theil-Sen trend of log per-batch time over the kept batches; the shaded band holds the trends whose slope ' +
        `lies in the ${ciLevelLabel(input.candidate.evaluation.gate.wallTime.ciZ)} confidence interval (two-sided), pivoting at the centre of the kept batches.` +
        (input.candidate.evaluation.gate.cliff
          ? ' The dashed vertical line marks a cliff: a rise in level the trend alone would average away.'
          : '') +
        (input.baseline ? ' The baseline run is overlaid (squares, dashed trend).' : '') +
        forecastCaption(input.forecast),
    ),
    ...optional(contentionStrip(input.candidate.evaluation.contention)),
    '<h2>Operation latency</h2>',
  ];
  const lat = latencyChart(input);
  parts.push(
    lat
      ? figure(
          lat,
          'p50, p95 and p99 of the ingest operations of each batch. Growth only in the slow tail shows in p99 and wall time, not in the median.',
        )
      : '<p class="no-data">No operation latencies were recorded for this run (an imported series has batch times only).</p>',
  );
  const tp = throughputCharts(input);
  parts.push('<h2>Throughput</h2>', figure(tp.objects, 'Objects ingested per second of batch wall time.'));
  parts.push(
    tp.megabytes
      ? figure(tp.megabytes, 'Decimal megabytes ingested per second of batch wall time.')
      : '<p class="no-data">No byte counts were recorded for this run, so there is no MB/s chart.</p>',
  );
  return parts.join('\n');
}

function baselineSection(input: ReportInput): string {
  const facts = input.comparison ?? null;
  const b = input.baseline;
  if (!facts || !b) return '';
  const c = facts.comparison;
  return [
    `<h2>Against baseline ${escapeHtml(runName(b.evaluation.run))}</h2>`,
    verdictBanner(c.verdict, `Against baseline ${runName(b.evaluation.run)}`, c.scaling.reason, baselineVerdictText(c)),
    baselineTables(facts),
  ].join('\n');
}

/** The forecast's table under the charts (forecast-table.ts), or nothing without one. */
function forecastSection(input: ReportInput): string {
  const f = input.forecast;
  if (f === undefined) return '';
  return [
    '<h2>Forecast</h2>',
    `<p class="forecast-note">${escapeHtml(forecastNote(f))}</p>`,
    htmlTable([...FORECAST_HEADER], forecastRows(f), { align: FORECAST_ALIGN }),
  ].join('\n');
}

/** A section that may be empty, as no line at all when it is. */
const optional = (html: string): string[] => (html === '' ? [] : [html]);

export function renderHtml(input: ReportInput): string {
  const e = input.candidate.evaluation;
  const name = runName(e.run);
  const reason = e.earlyStop ? e.earlyStop.reason : e.gate.reason;
  const table = factTable(input);
  const budget = input.errorBudget;
  return htmlDocument(`ingest-scale: ${e.verdict} for ${name}`, [
    '<header>',
    `<h1>ingest-scale report: ${escapeHtml(name)}</h1>`,
    `<p class="meta">Generated ${escapeHtml(input.generatedAt)} by ingest-scale ${escapeHtml(input.toolVersion)}; ` +
      `run ${escapeHtml(e.run.id)} on ${escapeHtml(e.run.backend)}.</p>`,
    '</header>',
    '<main>',
    verdictBanner(e.verdict, 'Growth gate', reason, runVerdictText(e)),
    chartsSection(input),
    ...optional(forecastSection(input)),
    baselineSection(input),
    ...optional(probePanel(input)),
    '<h2>Error budget</h2>',
    errorSection(budget),
    '<h2>Run and target</h2>',
    factsTable(table.header, table.rows),
    `<h2>Batches of ${escapeHtml(name)}</h2>`,
    batchTable(batchRows(input.candidate)),
    '</main>',
  ]);
}
