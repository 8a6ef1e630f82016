/**
 * The report as GitHub-flavoured Markdown, small enough for $GITHUB_STEP_SUMMARY (1 MiB): title
 * with the verdict, the verdict text, the ASCII chart (with the forecast's projection and table when
 * one was asked for, forecast-table.ts), the baseline comparison, the read-side
 * probes (probe-markdown.ts), the error budget, the run/target/workload table and the per-batch
 * table. Pure: (ReportInput) => string.
 */
import { renderChart } from './chart.js';
import { chartSeriesOf } from './chart-series.js';
import { projectionOf } from './chart-projection.js';
import { forecastMarkdown } from './forecast-table.js';
import { escapeMarkdown, fenced } from './escape.js';
import { markdownTable } from './markdown-table.js';
import { BATCH_ALIGN, BATCH_HEADER, batchCells, batchRows, wallGate } from './per-batch-table.js';
import { errorBudgetText, factTable, runName, type BaselineFacts } from './report-facts.js';
import { probeMarkdown } from './probe-markdown.js';
import type { ReportInput } from './report-input.js';
import { baselineVerdictText, runVerdictText } from './verdict-block.js';

function chartSection(input: ReportInput): string[] {
  const c = input.candidate.evaluation;
  const projection = input.forecast === undefined ? undefined : projectionOf(input.forecast);
  const series = [{ ...chartSeriesOf(c.run, c.batches, wallGate(c)), ...(projection ? { projection } : {}) }];
  const b = input.baseline?.evaluation;
  if (b) series.push(chartSeriesOf(b.run, b.batches, wallGate(b)));
  return ['## Per-batch time', '', fenced(renderChart(series, { color: false, width: 100 })), ''];
}

function baselineSection(input: ReportInput, facts: BaselineFacts): string[] {
  const b = input.baseline;
  if (!b) return [];
  const c = facts.comparison;
  const s = c.scaling;
  const l = c.level;
  const fx = (v: number): string => (Number.isFinite(v) ? v.toFixed(3) : 'n/a');
  const rows = [
    [
      'Scaling ratio (candidate growth / baseline growth)',
      `x${fx(s.ratio)}`,
      `[${fx(s.ci[0])}, ${fx(s.ci[1])}]`,
      s.verdict,
    ],
    [
      'Level (candidate / baseline per-batch time, Hodges-Lehmann)',
      `x${fx(l.ratio)}`,
      `[${fx(l.ci[0])}, ${fx(l.ci[1])}]`,
      l.verdict ?? 'not gated',
    ],
  ];
  const out = [
    `## Against baseline ${escapeMarkdown(runName(b.evaluation.run))}`,
    '',
    `Batches ${c.firstBatch}-${c.lastBatch} paired by index (${c.pairs} pairs, after both runs' warm-up). ` +
      `Verdict: **${c.verdict}**.`,
    '',
    markdownTable(['Measure', 'Estimate', '95% CI', 'Verdict'], rows, ['l', 'r', 'r', 'l']),
    '',
    fenced(baselineVerdictText(c)),
    '',
  ];
  const { refusals, notes } = facts.workload;
  if (refusals.length > 0) {
    out.push(
      '**The workloads differ; this comparison was forced and may be unfair:**',
      '',
      ...refusals.map((r) => `- ${escapeMarkdown(r)}`),
      '',
    );
  }
  if (notes.length > 0) out.push('Workload notes:', '', ...notes.map((n) => `- ${escapeMarkdown(n)}`), '');
  return out;
}

/** "**FAIL** — ..." first line under the title. */
function summaryLine(input: ReportInput): string {
  const e = input.candidate.evaluation;
  const c = e.completion;
  const reason =
    c?.text && c.state !== 'complete' && !c.gatedPartial ? c.text : e.earlyStop ? e.earlyStop.reason : e.gate.reason;
  return `**${e.verdict}**: ${escapeMarkdown(reason)}`;
}

export function renderMarkdown(input: ReportInput): string {
  const e = input.candidate.evaluation;
  const facts = input.comparison ?? null;
  const budget = input.errorBudget;
  const table = factTable(input);
  const rows = batchRows(input.candidate);
  const out: string[] = [
    `# ingest-scale: ${e.verdict} for ${escapeMarkdown(runName(e.run))}`,
    '',
    summaryLine(input),
    '',
    '## Verdict',
    '',
    fenced(runVerdictText(e)),
    '',
    ...chartSection(input),
    ...forecastMarkdown(input.forecast),
    ...(facts ? baselineSection(input, facts) : []),
    ...probeMarkdown(input),
    '## Error budget',
    '',
    `${budget.verdict === 'NO_DATA' ? 'Not checked' : `**${budget.verdict}**`}: ${escapeMarkdown(errorBudgetText(budget))}`,
    '',
    '## Run and target',
    '',
    markdownTable(table.header, table.rows),
    '',
    `## Batches of ${escapeMarkdown(runName(e.run))}`,
    '',
    markdownTable(BATCH_HEADER, rows.map(batchCells), BATCH_ALIGN),
    '',
    `Latencies are per operation; MB/s is decimal megabytes per second of wall time. ` +
      `Generated ${escapeMarkdown(input.generatedAt)} by ingest-scale ${escapeMarkdown(input.toolVersion)}.`,
    '',
  ];
  return out.join('\n');
}
