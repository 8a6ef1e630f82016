/**
 * The verdict as plain text for the reports: the run's own gate (with the early stop first when the
 * run stopped early, as `check` prints it) and the baseline comparison.
 *
 * Baseline shape (docs/growth-gate.md, "Against a baseline run"):
 *
 *   FAIL  baseline scaling: candidate/baseline per-batch time ratio x3.88 over batches 4-25 (22 pairs),
 *         95% CI [3.41, 4.59], lower bound above limit 1.10
 *         level: candidate per-batch time x3.51 of the baseline's (Hodges-Lehmann), 95.4% CI [2.81, 4.35],
 *         exact Wilcoxon signed-rank; not gated
 */
import type { BaselineComparison } from '../analysis/baseline.js';
import type { RunEvaluation } from '../verdict/index.js';
import { renderEarlyStop, renderVerdict } from './verdict-text.js';
import { contentionHead, contentionNote } from './contention-text.js';
import { GATE_ALONE } from './power-report.js';

const INDENT = '      ';

const fx = (v: number, d = 2): string => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const ci = (c: readonly [number, number]): string => `[${fx(c[0])}, ${fx(c[1])}]`;

/** A run that did not complete, or failed, is headed by that (run-completion.ts); null otherwise. */
export function completionHead(e: RunEvaluation): string | null {
  const c = e.completion;
  if (!c || c.state === 'complete' || c.text === null) return null;
  if (c.state === 'failed') return `FAIL  ${c.text}`;
  if (c.gatedPartial)
    return `note: ${c.text}; gated on the ${e.batchCount ?? e.batches.length} batches present (--allow-partial)`;
  // every backend but memory (whose objects went with its process) can be resumed
  const resume =
    e.run.backend !== 'memory' && e.run.source === 'run'
      ? `\`ingest-scale run --resume ${e.run.id}\` carries it on; `
      : '';
  const clean =
    e.run.status === 'running'
      ? ''
      : `\n${INDENT}${resume}\`ingest-scale clean ${e.run.id}\` removes what it stored on its target`;
  return `INCONCLUSIVE  ${c.text}\n${INDENT}the run did not complete; \`check --allow-partial\` gates on the batches present${clean}`;
}

/** The run's verdict text: how it ended if not completed, early stop (when it stopped the run), then the fixed rule's lines. */
export function runVerdictText(e: RunEvaluation): string {
  const label = e.run.label ?? e.run.id;
  const lines: string[] = [];
  const head = completionHead(e);
  const guard = head ? null : contentionHead(e.contention, label ? `${label}: ` : '', e.gate.limit);
  if (guard) lines.push(guard, '', GATE_ALONE);
  if (head)
    lines.push(
      head,
      '',
      e.completion?.gatedPartial
        ? 'the fixed rule on the batches present:'
        : 'the fixed rule on the batches run so far (not the verdict):',
    );
  const early = e.earlyStop ? renderEarlyStop(e.earlyStop, { label }) : null;
  if (early) {
    lines.push(early);
    const s = e.run.stopInfo;
    if (s)
      lines.push(
        `${INDENT}stopped at batch ${s.batch} of ${s.plannedBatches}, after about ${Math.round(100 * s.shareOfPlannedTime)}% of the planned ingest time`,
      );
    lines.push('', 'the fixed rule on the batches run so far:');
  }
  lines.push(renderVerdict(e.gate, { label, ...(e.power ? { power: e.power } : {}) }));
  const note = contentionNote(e.contention, e.verdict);
  if (note) lines.push(note);
  return lines.join('\n');
}

function scalingHead(c: BaselineComparison): string {
  const s = c.scaling;
  const where = `over batches ${c.firstBatch}-${c.lastBatch} (${c.pairs} pair${c.pairs === 1 ? '' : 's'})`;
  const phrase = `candidate/baseline per-batch time ratio x${fx(s.ratio)} ${where}`;
  switch (s.verdict) {
    case 'FAIL':
      return `FAIL  baseline scaling: ${phrase},\n${INDENT}95% CI ${ci(s.ci)}, lower bound above limit ${fx(s.limit)}`;
    case 'WARN':
      return `WARN  baseline scaling: ${phrase},\n${INDENT}95% CI ${ci(s.ci)}, lower bound above 1.00 but not above limit ${fx(s.limit)}`;
    case 'PASS':
      return `PASS  baseline scaling: ${phrase},\n${INDENT}95% CI ${ci(s.ci)}, lower bound not above 1.00 (limit ${fx(s.limit)})`;
    case 'INCONCLUSIVE':
      return c.pairs < 2
        ? `INCONCLUSIVE  baseline scaling: ${s.reason}`
        : `INCONCLUSIVE  baseline scaling: ${s.reason}\n${INDENT}${phrase}, 95% CI ${ci(s.ci)}`;
  }
}

/** The level line(s): estimate, CI and method, and the level verdict when gated. */
export function levelText(c: BaselineComparison): string {
  const l = c.level;
  if (l.method === 'none') return 'level: no paired batches';
  const conf = Number.isFinite(l.confidence) ? `${(100 * l.confidence).toFixed(1)}%` : '95%';
  const method = l.method === 'exact' ? 'exact Wilcoxon signed-rank' : 'Wilcoxon signed-rank, normal approximation';
  const gate =
    l.verdict === null ? 'not gated' : `${l.verdict} (limit +${fx(100 * (l.maxLevelChange ?? 0), 0)}%): ${l.reason}`;
  return (
    `level: candidate per-batch time x${fx(l.ratio)} of the baseline's (Hodges-Lehmann), ${conf} CI ${ci(l.ci)},\n` +
    `${INDENT}${method}; ${gate}`
  );
}

/** The baseline comparison as text (no workload differences; the renderers list those apart). */
export function baselineVerdictText(c: BaselineComparison): string {
  const lines = [scalingHead(c)];
  if (Number.isFinite(c.scaling.perThousandObjects)) {
    const p = 100 * c.scaling.perThousandObjects;
    lines.push(`${INDENT}${p >= 0 ? '+' : ''}${fx(p, 1)}% per 1,000 objects stored relative to the baseline`);
  }
  lines.push(INDENT + levelText(c));
  for (const n of c.notes) lines.push(`${INDENT}note: ${n}`);
  return lines.join('\n');
}
