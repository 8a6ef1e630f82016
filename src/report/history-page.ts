/**
 * `report --history`: a judged history as Markdown or as one self-contained HTML page. The page
 * overlays each group's per-batch curve (the median over its repeats) against objects stored,
 * coloured by segment (a new colour from each group where growth or level changed), so the change
 * is seen; then the table of groups and the changes.
 */
import type { HistoryResult } from '../verdict/index.js';
import { escapeHtml } from './escape.js';
import { formatCount, formatMs } from './format.js';
import { figure, htmlDocument } from './html/document.js';
import { timeFormat, type TrendLine } from './html/svg-chart.js';
import { leftOutLines } from './history-text.js';
import { markdownTable } from './markdown-table.js';

const SEGMENT_COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
const two = (x: number): string => x.toFixed(2);
const ci = (c: readonly [number, number]): string => `[${two(c[0])}, ${two(c[1])}]`;

/** The segment (0-based) of every group: one more after each group where any metric changed. */
export function segmentsOf(h: HistoryResult): number[] {
  let s = 0;
  return h.groups.map((g, i) => (i > 0 && h.changes.some((c) => c.at === g.value) ? ++s : s));
}

function rows(h: HistoryResult): string[][] {
  return h.groups.map((g) => [
    g.value,
    String(g.runs),
    `x${two(g.growth.estimate)} ${ci(g.growth.ci)}`,
    `x${two(g.level.estimate)} ${ci(g.level.ci)}`,
    formatMs(g.levelMs.estimate),
    h.changes
      .filter((c) => c.at === g.value)
      .map((c) => c.metric)
      .join(', '),
  ]);
}
const HEAD = ['group', 'runs', 'growth [95% CI]', 'level [95% CI]', 'per batch at the fill', 'change'];

const changeLines = (h: HistoryResult): string[] =>
  h.changes.map((c) => `${c.at}: ${c.metric} x${two(c.ratio)} ${ci(c.ci)}, p ${c.p.toFixed(3)}`);

export function renderHistoryMarkdown(h: HistoryResult): string {
  return [
    `## ingest-scale history by ${h.by}: ${h.verdict}`,
    '',
    h.reason,
    '',
    markdownTable(HEAD, rows(h)),
    '',
    ...(h.changes.length === 0
      ? ['No change across the groups.']
      : ['Changes (first group after the change, after/before):', '', ...changeLines(h).map((l) => `- ${l}`)]),
    ...leftOutLines(h).map((l) => `\n${l}`),
    '',
  ].join('\n');
}

export function renderHistoryHtml(h: HistoryResult, generatedAt: string, toolVersion: string): string {
  const segments = segmentsOf(h);
  const batchSize = h.fill?.batchSize ?? 1;
  const lines: TrendLine[] = h.groups.map((g, i) => ({
    label: `${g.value} (segment ${(segments[i] as number) + 1})`,
    cls: `group-${i}`,
    color: SEGMENT_COLORS[(segments[i] as number) % SEGMENT_COLORS.length] as string,
    points: g.curveMs.map((ms, b): [number, number] => [(b + 1) * batchSize, ms]),
  }));
  const maxMs = Math.max(1, ...h.groups.flatMap((g) => g.curveMs));
  const chart = figure(
    {
      id: 'history-curves',
      title: 'per-batch time against objects stored, one curve per group',
      xLabel: 'objects stored',
      yLabel: 'per-batch time',
      xFormat: (v) => formatCount(v),
      yAxis: 'time',
      series: [],
      lines,
      width: 900,
      height: 420,
    },
    `Each group's per-batch time (median over its repeats) against objects stored; one colour per segment between changes (y axis up to ${timeFormat(maxMs)(maxMs)}).`,
  );
  const table = (head: string[], body: string[][]): string =>
    `<table>\n<thead><tr>${head.map((x) => `<th>${escapeHtml(x)}</th>`).join('')}</tr></thead>\n<tbody>\n${body.map((r) => `<tr>${r.map((x) => `<td>${escapeHtml(x)}</td>`).join('')}</tr>`).join('\n')}\n</tbody>\n</table>`;
  return htmlDocument(`ingest-scale history by ${h.by}: ${h.verdict}`, [
    `<h1>History by ${escapeHtml(h.by)}: <span class="verdict ${h.verdict.toLowerCase()}">${h.verdict}</span></h1>`,
    `<p>${escapeHtml(h.reason)}</p>`,
    chart,
    table(HEAD, rows(h)),
    h.changes.length === 0
      ? '<p>No change across the groups.</p>'
      : `<ul>${changeLines(h)
          .map((l) => `<li>${escapeHtml(l)}</li>`)
          .join('')}</ul>`,
    ...leftOutLines(h).map((l) => `<p>${escapeHtml(l)}</p>`),
    `<footer>ingest-scale ${escapeHtml(toolVersion)}, ${escapeHtml(generatedAt)}</footer>`,
  ]);
}
