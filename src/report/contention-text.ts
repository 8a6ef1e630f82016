/**
 * The words and JSON of the host contention guard (src/verdict/contention-check.ts) for the verdict text,
 * `check --json` and the reports.
 *
 * - A FAIL made INCONCLUSIVE, as the head line:
 *   "INCONCLUSIVE  host contention rose during the run (CPU pressure 3% → 61% from batch 21); on the
 *   quiet batches growth is x1.02 [0.97, 1.08]; rerun on a quiet machine"
 *   followed by the gate's own lines under "the growth gate alone (not the verdict):".
 * - A FAIL that persists on the quiet batches keeps its lines, with a note after them.
 * - A FAIL of a run without pressure data: a note that it was not checked against the host.
 * Nothing otherwise: a run whose host stayed quiet reads as before.
 */
import type { ContentionEffect, ContentionRise, PressureMetric } from '../analysis/contention.js';
import type { Verdict } from '../analysis/growth-gate.js';
import type { ContentionAssessment } from '../verdict/index.js';

const INDENT = '      ';
const two = (v: number): string => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
const pct = (v: number): string => `${Math.round(100 * v)}%`;

const WHAT = {
  others: "the rest of the host's CPU",
  cpu: 'CPU pressure',
  io: 'I/O pressure',
  wait: "the tool's wait for a CPU",
} as const;

/** "the rest of the host's CPU 3% → 61% from batch 21", "CPU pressure 3% → 61% from batch 21". */
export function describeRise(r: ContentionRise): string {
  return `${WHAT[r.metric]} ${pct(r.before)} → ${pct(r.after)} from batch ${r.fromBatch}`;
}

/** The rise of an assessment in words, empty without one. */
export function risePhrase(c: ContentionAssessment): string {
  return c.rise ? describeRise(c.rise) : '';
}

/** "growth is x1.02 [0.97, 1.08]", or why it cannot be told. */
function quietPhrase(c: ContentionAssessment): string {
  const q = c.quiet;
  if (!q) return 'there are no quiet batches';
  if (q.verdict === 'INCONCLUSIVE' || !Number.isFinite(q.growthRatio))
    return `growth cannot be told (${q.batches} batch${q.batches === 1 ? '' : 'es'} before the rise)`;
  return `growth is x${two(q.growthRatio)} [${two(q.ci[0])}, ${two(q.ci[1])}]`;
}

const count = (v: number): string => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : 'more than 100,000');

/** "they cannot exclude x1.24 (limit 1.10); a rerun on a quiet machine needs 18 quiet batches (plan 24)". */
function blindPhrase(c: ContentionAssessment, limit: number): string {
  const q = c.quiet;
  if (!q) return 'there are no quiet batches';
  const what = Number.isFinite(q.detectable)
    ? `they cannot exclude growth of x${two(q.detectable)} over the run (limit ${two(limit)})`
    : `${q.batches} batch${q.batches === 1 ? '' : 'es'} cannot tell`;
  const rerun = Number.isNaN(q.rerunKept)
    ? 'rerun on a quiet machine'
    : `a rerun on a quiet machine needs ${count(q.rerunKept)} quiet batches (plan ${count(q.rerunBatches)})`;
  return `the quiet batches before it could not have seen growth beyond the limit: ${what}; ${rerun}`;
}

/** The head line of a verdict made INCONCLUSIVE by the guard, or null. */
export function contentionHead(c: ContentionAssessment | null | undefined, label = '', limit = 1.1): string | null {
  if (c?.effect !== 'inconclusive') return null;
  if (c.inconclusiveReason === 'blind')
    return `INCONCLUSIVE  ${label}host contention rose during the run (${risePhrase(c)}); ${blindPhrase(c, limit)}`;
  return `INCONCLUSIVE  ${label}host contention rose during the run (${risePhrase(c)}); on the quiet batches ${quietPhrase(c)}; rerun on a quiet machine`;
}

/** The note after a FAIL's lines, or null. */
export function contentionNote(c: ContentionAssessment | null | undefined, verdict: string): string | null {
  if (!c) return null;
  if (c.effect === 'fail-persists') {
    return `note: host contention rose during the run (${risePhrase(c)}), but the growth persists on the quiet batches:\n${INDENT}${quietPhrase(c)} over the run's span`;
  }
  if (verdict === 'FAIL' && !c.available)
    return 'note: no host pressure data for this run (no /proc/pressure on its host, or recorded before schema 5): the FAIL was not checked against host contention';
  return null;
}

const num = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** `contention` of `check --json` and the JSON report: the rise (null fields when none) and the quiet batches' gate. */
export interface ContentionJson {
  available: boolean;
  rose: boolean;
  fromBatch: number | null;
  metric: PressureMetric | null;
  before: number | null;
  after: number | null;
  p: number | null;
  quietBatches: number | null;
  quietVerdict: Verdict | null;
  quietGrowthRatio: number | null;
  quietCi: [number | null, number | null] | null;
  effect: ContentionEffect;
  /** Whether the target's own local processes were found and kept apart from the host's. */
  targetCounted: boolean;
  /** Why a rise made the verdict INCONCLUSIVE: the growth did not persist, or the quiet part could not see. */
  inconclusiveReason: 'not-persisting' | 'blind' | null;
  /** The growth the quiet batches could have seen (80% power), ratio over the run's span. */
  quietDetectable: number | null;
  /** Quiet kept batches, and batches in all, a rerun needs to see the limit. */
  rerunQuietBatches: number | null;
  rerunBatches: number | null;
}

/** `contention` of `check --json` and the JSON report: null for imports. */
export function contentionJson(c: ContentionAssessment | null | undefined): ContentionJson | null {
  if (!c) return null;
  const r = c.rise;
  const q = c.quiet;
  return {
    available: c.available,
    rose: r !== null,
    fromBatch: r?.fromBatch ?? null,
    metric: r?.metric ?? null,
    before: r ? r.before : null,
    after: r ? r.after : null,
    p: r ? r.p : null,
    quietBatches: q?.batches ?? null,
    quietVerdict: q?.verdict ?? null,
    quietGrowthRatio: q ? num(q.growthRatio) : null,
    quietCi: q ? [num(q.ci[0]), num(q.ci[1])] : null,
    effect: c.effect,
    targetCounted: c.targetCounted ?? false,
    inconclusiveReason: c.inconclusiveReason ?? null,
    quietDetectable: q ? num(q.detectable) : null,
    rerunQuietBatches: q ? num(q.rerunKept) : null,
    rerunBatches: q ? num(q.rerunBatches) : null,
  };
}
