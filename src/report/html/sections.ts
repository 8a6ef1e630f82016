/** HTML blocks of the report page: verdict banners, tables and lists. All text is escaped here. */
import type { Verdict } from '../../analysis/growth-gate.js';
import { escapeHtml } from '../escape.js';
import { BATCH_ALIGN, BATCH_HEADER, batchCells, type BatchRow } from '../per-batch-table.js';
import type { ErrorBudget } from '../../verdict/index.js';
import type { BaselineFacts } from '../report-facts.js';
import { errorBudgetText } from '../report-facts.js';

const SYMBOL: Record<Verdict, string> = { PASS: '\u2713', WARN: '!', FAIL: '\u2717', INCONCLUSIVE: '?' };

/** A banner: the symbol and verdict word as text, a one-line reason, and the full text in <pre>. */
export function verdictBanner(verdict: Verdict, heading: string, reason: string, text: string): string {
  return (
    `<section class="verdict verdict-${verdict}" role="status" aria-label="${escapeHtml(`${heading}: ${verdict}`)}">` +
    `<span class="word">${SYMBOL[verdict]} ${verdict}</span><strong>${escapeHtml(heading)}</strong>: ${escapeHtml(reason)}` +
    `<pre>${escapeHtml(text)}</pre></section>`
  );
}

export function htmlTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  opts: { align?: readonly ('l' | 'r')[]; rowClass?: (i: number) => string; caption?: string } = {},
): string {
  const cls = (i: number): string => ((opts.align?.[i] ?? 'l') === 'r' ? ' class="num"' : '');
  const head = `<thead><tr>${header.map((h, i) => `<th scope="col"${cls(i)}>${escapeHtml(h)}</th>`).join('')}</tr></thead>`;
  const body = rows
    .map((r, k) => {
      const rc = opts.rowClass?.(k) ?? '';
      return `<tr${rc ? ` class="${escapeHtml(rc)}"` : ''}>${r.map((c, i) => `<td${cls(i)}>${escapeHtml(c)}</td>`).join('')}</tr>`;
    })
    .join('\n');
  const caption = opts.caption ? `<caption>${escapeHtml(opts.caption)}</caption>` : '';
  return `<table>${caption}${head}<tbody>\n${body}\n</tbody></table>`;
}

/** Label/value table with the first column as row headers. */
export function factsTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = `<thead><tr>${header.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>`;
  const body = rows
    .map(
      (r) =>
        `<tr><th scope="row">${escapeHtml(r[0] ?? '')}</th>${r
          .slice(1)
          .map((c) => `<td>${escapeHtml(c)}</td>`)
          .join('')}</tr>`,
    )
    .join('\n');
  return `<table class="facts">${head}<tbody>\n${body}\n</tbody></table>`;
}

export function batchTable(rows: readonly BatchRow[]): string {
  return htmlTable(BATCH_HEADER, rows.map(batchCells), {
    align: BATCH_ALIGN,
    rowClass: (i) => (rows[i]?.warmup ? 'warmup' : ''),
  });
}

export function errorSection(b: ErrorBudget): string {
  const word = b.verdict === 'NO_DATA' ? 'not checked' : b.verdict;
  return `<p class="errors errors-${b.verdict}"><strong>${escapeHtml(word)}</strong>: ${escapeHtml(errorBudgetText(b))}</p>`;
}

export function baselineTables(f: BaselineFacts): string {
  const c = f.comparison;
  const fx = (v: number): string => (Number.isFinite(v) ? v.toFixed(3) : 'n/a');
  const rows = [
    [
      'Scaling ratio (candidate growth / baseline growth)',
      `x${fx(c.scaling.ratio)}`,
      `[${fx(c.scaling.ci[0])}, ${fx(c.scaling.ci[1])}]`,
      c.scaling.verdict,
    ],
    [
      'Level (candidate / baseline per-batch time, Hodges-Lehmann)',
      `x${fx(c.level.ratio)}`,
      `[${fx(c.level.ci[0])}, ${fx(c.level.ci[1])}]`,
      c.level.verdict ?? 'not gated',
    ],
  ];
  const parts = [
    `<p>Batches ${c.firstBatch}-${c.lastBatch} paired by index (${c.pairs} pairs, after both runs' warm-up).</p>`,
    htmlTable(['Measure', 'Estimate', '95% CI', 'Verdict'], rows, { align: ['l', 'r', 'r', 'l'] }),
  ];
  if (f.workload.refusals.length > 0) {
    parts.push(
      '<p><strong>The workloads differ; this comparison was forced and may be unfair:</strong></p>',
      `<ul class="differences refusals">${f.workload.refusals.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`,
    );
  }
  if (f.workload.notes.length > 0) {
    parts.push(
      '<p>Workload notes:</p>',
      `<ul class="differences notes">${f.workload.notes.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`,
    );
  }
  return parts.join('\n');
}
