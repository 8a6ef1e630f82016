/**
 * The Markdown report's probe section (docs/probes.md): a table with a row per probe kind (verdict,
 * growth over the kept batches with its CI, cold and warm medians over the run) and the verdict
 * lines as `check` prints them. Empty for a run without probes.
 */
import { escapeMarkdown, fenced } from './escape.js';
import { formatMs } from './format.js';
import { markdownTable } from './markdown-table.js';
import { probeGateNote, probeText } from './probe-text.js';
import type { ReportInput } from './report-input.js';

const fx = (v: number): string => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
const ms = (v: number | null): string => (v === null || !Number.isFinite(v) ? '-' : formatMs(v));

export function probeMarkdown(input: ReportInput): string[] {
  const p = input.probes;
  if (!p || p.verdicts.length === 0) return [];
  const run = input.candidate.evaluation.run;
  const rows = p.verdicts.map((v) => [
    v.kind,
    v.verdict,
    `x${fx(v.growthRatio)}`,
    `[${fx(v.ci[0])}, ${fx(v.ci[1])}]`,
    ms(v.coldMedianMs),
    ms(v.warmMedianMs),
    String(v.batches),
  ]);
  return [
    '## Read-side probes',
    '',
    escapeMarkdown(
      `Median probe latency per batch, indexed by objects stored, judged by the same gate as ingest (${probeGateNote(p.gated)}).`,
    ),
    '',
    markdownTable(['Probe', 'Verdict', 'Growth', 'CI', 'Cold median', 'Warm median', 'Batches'], rows, [
      'l',
      'l',
      'r',
      'r',
      'r',
      'r',
      'r',
    ]),
    '',
    fenced(probeText(p.verdicts, run, p.gated)),
    '',
  ];
}
