/**
 * Plain-text rendering of a growth-gate result (growth-gate.md, "What the
 * verdict should print"). No ANSI colour, no I/O. Example (Fedora 4 minimal):
 *
 *   FAIL  superlinear slowdown: per-batch time x4.62 over batches 2-25 (objects 1,000-25,000),
 *         95% CI [3.92, 5.48], lower bound above limit 1.10
 *         +6.9% per 1,000 objects stored; total-time exponent k = 1.75 [1.70, 1.80]
 *         warm-up dropped: 1 batch; residual scatter 9.1%; Kendall tau 1.00
 *
 * Definitions used:
 * - "objects A-B": objects already stored when the first kept batch starts,
 *   A = (firstKeptBatch - 1) * B = w * B, through the objects stored when the
 *   last batch ends, m * B (Fedora 4: w = 1, m = 25, B = 1000 gives 1,000-25,000).
 * - "residual scatter": 100 * s, where s = 1.4826 * MAD of the log-scale
 *   residuals (Fedora 4: s = 0.0912 -> 9.1%; 100*(exp(s)-1) would print 9.5%).
 */

import { MIN_KEPT_BATCHES, type GateResult } from '../analysis/growth-gate.js';

const INDENT = '      ';

/** Integer with comma thousands separators, locale-independent. */
export function groupThousands(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const digits = Math.round(Math.abs(n)).toString();
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Fixed decimals, 'n/a' for NaN/Infinity, and no "-0.00". */
function fixed(v: number, decimals: number): string {
  if (!Number.isFinite(v)) return 'n/a';
  const s = v.toFixed(decimals);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

/** Signed percentage of a fraction: 0.0688 -> "+6.9%", -0.0033 -> "-0.3%". */
function signedPercent(fraction: number, decimals: number): string {
  if (!Number.isFinite(fraction)) return 'n/a';
  const s = fixed(100 * fraction, decimals);
  return (s.startsWith('-') ? s : `+${s}`) + '%';
}

function interval(ci: readonly [number, number], decimals: number): string {
  return `[${fixed(ci[0], decimals)}, ${fixed(ci[1], decimals)}]`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 'es'}`;
}

/** "per-batch time x4.62 over batches 2-25 (objects 1,000-25,000)" */
function growthPhrase(r: GateResult): string {
  const objectsFrom = (r.firstKeptBatch - 1) * r.batchSize;
  const objectsTo = r.batches * r.batchSize;
  return (
    `per-batch time x${fixed(r.growthRatio, 2)} over batches ${r.firstKeptBatch}-${r.batches} ` +
    `(objects ${groupThousands(objectsFrom)}-${groupThousands(objectsTo)})`
  );
}

function headline(r: GateResult, label: string): string {
  const limit = fixed(r.limit, 2);
  switch (r.verdict) {
    case 'FAIL':
      return `FAIL  ${label}superlinear slowdown: ${growthPhrase(r)},\n` +
        `${INDENT}95% CI ${interval(r.ci, 2)}, lower bound above limit ${limit}`;
    case 'WARN':
      return `WARN  ${label}growth below the limit: ${growthPhrase(r)},\n` +
        `${INDENT}95% CI ${interval(r.ci, 2)}, lower bound above 1.00 but not above limit ${limit}`;
    case 'PASS':
      return `PASS  ${label}no superlinear slowdown: ${growthPhrase(r)},\n` +
        `${INDENT}95% CI ${interval(r.ci, 2)}, lower bound not above 1.00 (limit ${limit})`;
    case 'INCONCLUSIVE': {
      const head =
        r.keptBatches < MIN_KEPT_BATCHES
          ? `INCONCLUSIVE  ${label}only ${plural(r.keptBatches, 'kept batch')}; at least ${MIN_KEPT_BATCHES} needed`
          : `INCONCLUSIVE  ${label}the growth ratio could not be computed`;
      if (!Number.isFinite(r.growthRatio) || !Number.isFinite(r.ci[0])) return head;
      return `${head}\n${INDENT}${growthPhrase(r)}, 95% CI ${interval(r.ci, 2)}`;
    }
  }
}

function detailLines(r: GateResult): string[] {
  const lines: string[] = [];
  if (Number.isFinite(r.perThousandObjects)) {
    lines.push(
      `${signedPercent(r.perThousandObjects, 1)} per 1,000 objects stored; ` +
        `total-time exponent k = ${fixed(r.exponentK, 2)} ${interval(r.exponentKCi, 2)}`,
    );
  }
  const scatter = Number.isFinite(r.residualScatter) ? `${fixed(100 * r.residualScatter, 1)}%` : 'n/a';
  lines.push(
    `warm-up dropped: ${plural(r.warmupDropped, 'batch')}; residual scatter ${scatter}; ` +
      `Kendall tau ${fixed(r.kendallTau, 2)}`,
  );
  if (r.drifted) {
    lines.push(
      `drift: lag-1 autocorrelation of residuals ${fixed(r.lag1Autocorrelation, 2)} > 0.50; ` +
        'the run wandered, so the CI may be too narrow',
    );
  }
  return lines;
}

/**
 * Multi-line verdict text. With opts.label, the label is put after the verdict
 * word on the first line ("FAIL  fedora4: superlinear slowdown: ...").
 */
export function renderVerdict(r: GateResult, opts?: { label?: string }): string {
  const label = opts?.label ? `${opts.label}: ` : '';
  const lines = [headline(r, label), ...detailLines(r).map((l) => INDENT + l)];
  return lines.join('\n');
}
