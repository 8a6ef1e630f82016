/**
 * The contention strip under the per-batch chart (docs/growth-gate.md, "Host contention"): what the host was
 * doing during each batch (src/verdict/contention-check.ts). One bar per batch, its height the CPU pressure
 * (the share of the batch's wall time some task waited for a CPU), a line for the tool's own wait for a CPU,
 * and a dashed marker where contention rose. Inline SVG, no scripts; every bar has the class "cpu-pressure" and
 * data-batch / data-value attributes and a <title>, as the chart's points do. Nothing for an import (no host) —
 * and a line of text for a run with no pressure data.
 */
import type { ContentionAssessment } from '../../verdict/index.js';
import { risePhrase } from '../contention-text.js';
import { escapeHtml, escapeXml } from '../escape.js';

const WIDTH = 720;
const HEIGHT = 64;
const LEFT = 48;
const TOP = 6;
const PLOT_H = HEIGHT - TOP - 16;

const pct = (v: number): string => `${Math.round(100 * v)}%`;
const f1 = (v: number): string => v.toFixed(1);

function strip(c: ContentionAssessment): string {
  const n = c.samples.length;
  const w = (WIDTH - LEFT - 8) / Math.max(1, n);
  const x = (i: number): number => LEFT + i * w;
  const y = (v: number): number => TOP + PLOT_H * (1 - Math.min(1, Math.max(0, v)));
  const parts = [
    `<svg class="contention-strip" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="host contention per batch">`,
    `<line x1="${LEFT}" y1="${TOP + PLOT_H}" x2="${WIDTH - 8}" y2="${TOP + PLOT_H}" stroke="#999"/>`,
    `<text x="${LEFT - 4}" y="${TOP + 8}" text-anchor="end" font-size="10">100%</text>`,
    `<text x="${LEFT - 4}" y="${TOP + PLOT_H}" text-anchor="end" font-size="10">0%</text>`,
  ];
  const wait: string[] = [];
  c.samples.forEach((s, i) => {
    const batch = i + 1;
    if (s.cpuPressure !== null) {
      const top = y(s.cpuPressure);
      parts.push(
        `<rect class="cpu-pressure" data-batch="${batch}" data-value="${s.cpuPressure}" x="${f1(x(i))}" y="${f1(top)}" width="${f1(Math.max(0.5, w * 0.8))}" height="${f1(TOP + PLOT_H - top)}" fill="#d9822b"><title>${escapeXml(`batch ${batch}: CPU pressure ${pct(s.cpuPressure)}${s.toolCpuWait === null ? '' : `, the tool waited for a CPU ${pct(s.toolCpuWait)}`}${s.load1 === null ? '' : `, load ${s.load1.toFixed(2)}`}`)}</title></rect>`,
      );
    }
    if (s.toolCpuWait !== null) wait.push(`${f1(x(i) + w * 0.4)},${f1(y(s.toolCpuWait))}`);
  });
  if (wait.length > 1)
    parts.push(
      `<polyline class="tool-cpu-wait" points="${wait.join(' ')}" fill="none" stroke="#1f5fa8" stroke-width="1.2"/>`,
    );
  if (c.rise) {
    const mx = f1(x(c.rise.fromBatch - 1));
    parts.push(
      `<line class="contention-rise" data-batch="${c.rise.fromBatch}" x1="${mx}" y1="${TOP}" x2="${mx}" y2="${TOP + PLOT_H}" stroke="#b00" stroke-dasharray="4 3"/>`,
    );
  }
  parts.push(
    `<text x="${LEFT}" y="${HEIGHT - 2}" font-size="10">batch 1</text>`,
    `<text x="${WIDTH - 8}" y="${HEIGHT - 2}" text-anchor="end" font-size="10">batch ${n}</text>`,
    '</svg>',
  );
  return parts.join('\n');
}

/** The strip as a figure, a line of text when the run has no pressure data, or '' for an import. */
export function contentionStrip(c: ContentionAssessment | null | undefined): string {
  if (!c) return '';
  if (!c.available)
    return '<p class="no-data">No host pressure data was recorded for this run (no /proc/pressure on its host, or a run older than schema 5).</p>';
  const rose = c.rise
    ? ` Contention rose during the run (${risePhrase(c)}; the dashed line); ${c.effect === 'inconclusive' ? 'the growth did not persist on the quiet batches before it, so the verdict is INCONCLUSIVE' : c.effect === 'fail-persists' ? 'the growth persists on the quiet batches before it' : 'the verdict did not depend on it'}.`
    : ' No significant rise in contention.';
  return [
    '<figure id="contention-figure">',
    strip(c),
    `<figcaption>${escapeHtml(`Host contention per batch: bars are CPU pressure (the share of the batch's wall time some task waited for a CPU, /proc/pressure/cpu), the line is the tool's own wait for a CPU.${rose}`)}</figcaption>`,
    '</figure>',
  ].join('\n');
}
