/** A judged history as text: the verdict, a table of groups, the changes, the charts over groups, what was left out. */
import type { HistoryResult, Interval } from '../verdict/index.js';
import { changeMarks, historyChart } from './history-chart.js';
import { formatCount, formatMs } from './format.js';
import { renderTable } from './table.js';

const two = (x: number): string => x.toFixed(2);
const ratio = (i: Interval): string => `x${two(i.estimate)} [${two(i.ci[0])}, ${two(i.ci[1])}]`;
const ms = (i: Interval): string => `${formatMs(i.estimate)} [${formatMs(i.ci[0])}, ${formatMs(i.ci[1])}]`;

export function leftOutLines(h: HistoryResult): string[] {
  const lines: string[] = [];
  const of = (reason: string): string[] => h.leftOut.filter((l) => l.reason === reason).map((l) => l.runId);
  const noTag = of('no-tag');
  const other = of('other-workload');
  const unfinished = of('not-completed');
  if (noTag.length > 0) lines.push(`left out: ${noTag.length} run(s) without tag ${h.by}: ${noTag.join(', ')}`);
  if (other.length > 0)
    lines.push(
      `left out: ${other.length} run(s) of another workload or backend than the newest group's: ${other.join(', ')}`,
    );
  if (unfinished.length > 0)
    lines.push(`left out: ${unfinished.length} run(s) that did not complete: ${unfinished.join(', ')}`);
  if (h.unmeasured.length > 0)
    lines.push(`left out: group(s) with too few batches to measure: ${h.unmeasured.join(', ')}`);
  return lines;
}

export function historyText(h: HistoryResult, o: { chart: boolean; width?: number }): string {
  const lines = [`${h.verdict}  history by ${h.by}: ${h.reason}`];
  if (h.groups.length > 0) {
    const fill = h.fill
      ? ` (level: per-batch time at ${formatCount(h.fill.objects)} objects stored, over the first group's)`
      : '';
    lines.push('', `${h.groups.length} groups of ${h.key?.backend ?? '?'} workload ${h.key?.workload ?? '?'}${fill}`);
    lines.push(
      renderTable(
        ['group', 'runs', 'growth [95% CI]', 'level [95% CI]', 'per batch at the fill', 'p95 op', 'change'],
        h.groups.map((g) => [
          g.value,
          String(g.runs),
          ratio(g.growth),
          ratio(g.level),
          ms(g.levelMs),
          g.p95Ms === null ? '-' : formatMs(g.p95Ms.estimate),
          h.changes
            .filter((c) => c.at === g.value)
            .map((c) => c.metric)
            .join(', '),
        ]),
        ['l', 'r', 'r', 'r', 'r', 'r', 'l'],
      ),
    );
  }
  if (h.changes.length > 0) {
    lines.push('', 'changes (first group after the change, after/before):');
    for (const c of h.changes)
      lines.push(`  ${c.at}  ${c.metric} x${two(c.ratio)} [${two(c.ci[0])}, ${two(c.ci[1])}], p ${c.p.toFixed(3)}`);
  } else if (h.groups.length >= 2) lines.push('', 'no change across the groups');
  if (o.chart && h.groups.length >= 2) {
    const values = h.groups.map((g) => g.value);
    const w = o.width ?? 80;
    const charts = [
      ['growth', 'growth over the fill, per group'],
      ['level', 'level at the fill, per group'],
    ] as const;
    for (const [metric, title] of charts)
      lines.push(
        '',
        historyChart(
          title,
          h.groups.map((g) => g[metric]),
          changeMarks(values, h.changes, metric),
          w,
        ),
      );
    lines.push(`groups, left to right: ${values.join(', ')}`);
  }
  const out = leftOutLines(h);
  if (out.length > 0) lines.push('', ...out);
  return lines.join('\n');
}
