/**
 * The words of the power rule (analysis/power-rule.ts), for verdict-text.ts and the reports.
 *
 * - Underpowered by the default rule (no --min-detectable): the verdict word reads
 *   "PASS (underpowered: could only see x3.13)" (or WARN ...); verdict and exit code unchanged.
 * - INCONCLUSIVE by --min-detectable: a head line
 *   "INCONCLUSIVE  underpowered: this run could only see growth of x3.13 or more (asked: x1.50);
 *   at this noise x1.5 needs 270 batches", followed by the gate's own lines under
 *   "the growth gate alone (not the verdict):".
 * The batches are totals for a rerun at the same noise (ceil(kept/0.8 + 1), detectable-growth.ts).
 */
import type { BatchesNeeded } from '../analysis/detectable-growth.js';
import type { PowerAssessment } from '../analysis/power-rule.js';
import { formatCount } from './format.js';

const two = (v: number): string => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');

/** A ratio as short as it reads: 1.5 -> "1.5", 1.25 -> "1.25", 1.333 -> "1.33". */
export function ratioShort(v: number): string {
  return Number.isFinite(v) ? String(Number(v.toFixed(2))) : 'n/a';
}

/** "needs 270 batches", "is out of reach", or null when not computable. */
export function rerunPhrase(b: BatchesNeeded | null): string | null {
  if (b === null || Number.isNaN(b.totalBatches)) return null;
  if (!Number.isFinite(b.totalBatches)) return 'is out of reach';
  return `needs ${formatCount(b.totalBatches)} batches`;
}

/** The head line of a verdict made INCONCLUSIVE by --min-detectable; limit: the gate's --max-growth. */
export function underpoweredHead(p: PowerAssessment, limit: number, label = ''): string {
  const seen = Number.isFinite(p.detectableGrowth)
    ? `this run could only see growth of x${two(p.detectableGrowth)} or more`
    : 'the growth this run could see is not computable';
  const rerun =
    p.threshold <= limit
      ? `is out of reach: no run sees growth at or below the limit x${two(limit)} it gates on`
      : rerunPhrase(p.rerun);
  const plan = rerun === null ? '' : `; at this noise x${ratioShort(p.threshold)} ${rerun}`;
  return `INCONCLUSIVE  ${label}underpowered: ${seen} (asked: x${two(p.threshold)})${plan}`;
}

/** The line that introduces the gate's own verdict under an INCONCLUSIVE by --min-detectable. */
export const GATE_ALONE = 'the growth gate alone (not the verdict):';

/** The verdict word with the default rule's mark: "PASS (underpowered: could only see x3.13)". */
export function markedVerdict(verdict: string, p: PowerAssessment | undefined): string {
  if (!p?.underpowered || p.inconclusive) return verdict;
  return `${verdict} (underpowered: could only see x${two(p.detectableGrowth)})`;
}
