/**
 * Plain-text rendering of a growth-gate result (docs/growth-gate.md, "What the
 * verdict prints"). No ANSI colour, no I/O. The CI level is named from
 * the result's z by ciLevelLabel (two-sided: 95% at z = 1.96, 97.5% at the
 * per-operation looks' 2.24), the same words in every report. A cliff
 * (cliff.ts) gets its own line, "cliff at 10,000 objects: x1.95 [1.88, 2.03]
 * (...)", and heads a FAIL it alone decided. Example (Fedora 4 minimal):
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
 *
 * Additions (docs/growth-gate.md, "Detectable growth", "Early FAIL", "Per-operation data"), after the lines above:
 * - drift: "the run drifted", so the CI is too narrow and false alarms are likelier.
 * - per-operation results (op-gate.ts): both looks' ratios and verdicts, and the
 *   noise split (batch-level and operation-level spread), or the note that only
 *   wall time was available.
 * - PASS and WARN: "detectable growth: this run would have caught growth of x1.14
 *   or more with 80% power" (R80), followed by optimism caveats. Not printed for
 *   FAIL (the growth was caught) or with fewer than 10 kept batches.
 * - PASS, WARN and INCONCLUSIVE: "planning: at this noise, x1.25 needs N batches,
 *   x1.5 needs M" (total batches, ceil(kept/0.8 + 1)).
 * Example (Fedora 3, B = 1000): "... x1.14 or more ..." and "x1.25 needs 14
 * batches, x1.5 needs 14".
 * With opts.power (the evaluation's power-rule.ts assessment), the words of power-text.ts.
 */

import { ciLevelLabel, MIN_KEPT_BATCHES, type GateResult } from '../analysis/growth-gate.js';
import { CLIFF_P, type CliffResult } from '../analysis/cliff.js';
import type { BatchesNeeded } from '../analysis/detectable-growth.js';
import type { PowerAssessment } from '../analysis/power-rule.js';
import { GATE_ALONE, markedVerdict, underpoweredHead } from './power-report.js';
import { isOperationGateResult, type OperationGateResult } from '../analysis/op-gate.js';
import type { SequentialLookResult } from '../analysis/sequential-look.js';

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

/** What the top-level numbers measure: wall time, or the geomean op latency of an op gate. */
function quantity(r: GateResult): string {
  return isOperationGateResult(r) && r.decidedBy === 'opGeomean'
    ? 'geometric-mean operation latency'
    : 'per-batch time';
}

/** "per-batch time x4.62 over batches 2-25 (objects 1,000-25,000)" */
function growthPhrase(r: GateResult): string {
  const objectsFrom = (r.firstKeptBatch - 1) * r.batchSize;
  // a last batch that was partial ends the run short of m · B
  const objectsTo = Math.min(r.batches * r.batchSize, r.objectsStored ?? Infinity);
  return (
    `${quantity(r)} x${fixed(r.growthRatio, 2)} over batches ${r.firstKeptBatch}-${r.batches} ` +
    `(objects ${groupThousands(objectsFrom)}-${groupThousands(objectsTo)})`
  );
}

/** "cliff at 10,000 objects: x1.95 [1.88, 2.03]" */
function cliffPhrase(c: CliffResult): string {
  return `cliff at ${groupThousands(c.objects)} objects: x${fixed(c.ratio, 2)} ${interval(c.ci, 2)}`;
}

/** The cliff's own line: where, how big, the test, and whether it gates. */
function cliffLine(r: GateResult, c: CliffResult): string {
  const pv = (v: number): string => (v < 1e-12 ? '< 1e-12' : `= ${v < 1e-4 ? v.toExponential(0) : fixed(v, 4)}`);
  // the size test is named only when it found what the ranks could not (Pettitt p at or above 0.001)
  const size = c.p < CLIFF_P ? '' : `, size test p ${pv(c.sizeP)}`;
  const where = `per-batch time from batch ${c.batch} on / before it, ${ciLevelLabel(r.ciZ)} CI; Pettitt p ${pv(c.p)}${size}`;
  const gates = c.fails ? `lower bound above limit ${fixed(r.limit, 2)}` : `not above limit ${fixed(r.limit, 2)}`;
  return `${cliffPhrase(c)} (${where}); ${gates}`;
}

function headline(r: GateResult, label: string): string {
  const limit = fixed(r.limit, 2);
  const level = ciLevelLabel(r.ciZ);
  const trendFails = r.ci[0] > r.limit;
  switch (r.verdict) {
    case 'FAIL':
      if (r.cliff?.fails) {
        const trend = trendFails ? `lower bound above limit ${limit} too` : `lower bound not above limit ${limit}`;
        return (
          `FAIL  ${label}${cliffPhrase(r.cliff)}, ${level} CI, lower bound above limit ${limit}\n` +
          `${INDENT}trend: ${growthPhrase(r)}, ${level} CI ${interval(r.ci, 2)}, ${trend}`
        );
      }
      return (
        `FAIL  ${label}superlinear slowdown: ${growthPhrase(r)},\n` +
        `${INDENT}${level} CI ${interval(r.ci, 2)}, lower bound above limit ${limit}`
      );
    case 'WARN': {
      const reach =
        r.ci[1] > r.limit ? `; the CI reaches x${fixed(r.ci[1], 2)}, so growth beyond the limit is not ruled out` : '';
      return (
        `WARN  ${label}growth likely, not shown to exceed the limit: ${growthPhrase(r)},\n` +
        `${INDENT}${level} CI ${interval(r.ci, 2)}, lower bound above 1.00 but not above limit ${limit}${reach}`
      );
    }
    case 'PASS':
      return (
        `PASS  ${label}no superlinear slowdown: ${growthPhrase(r)},\n` +
        `${INDENT}${level} CI ${interval(r.ci, 2)}, lower bound not above 1.00 (limit ${limit})`
      );
    case 'INCONCLUSIVE': {
      const head =
        r.keptBatches < MIN_KEPT_BATCHES
          ? `INCONCLUSIVE  ${label}only ${plural(r.keptBatches, 'kept batch')}; at least ${MIN_KEPT_BATCHES} needed`
          : `INCONCLUSIVE  ${label}the growth ratio could not be computed`;
      if (!Number.isFinite(r.growthRatio) || !Number.isFinite(r.ci[0])) return head;
      return `${head}\n${INDENT}${growthPhrase(r)}, ${level} CI ${interval(r.ci, 2)}`;
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
  const longer =
    r.warmupSensitivity === null ? '' : ` (the CI's upper end allows for a warm-up of ${r.warmupSensitivity.batches})`;
  lines.push(
    `warm-up dropped: ${plural(r.warmupDropped, 'batch')}${longer}; residual scatter ${scatter}; ` +
      `Kendall tau ${fixed(r.kendallTau, 2)}`,
  );
  if (r.cliff !== null) lines.push(cliffLine(r, r.cliff));
  // a step makes the straight line's residuals wander; within the cliff's segments they may not
  if (r.drifted && !(r.cliff !== null && r.cliff.autocorrelation <= 0.5)) {
    lines.push(
      `drift: lag-1 autocorrelation of residuals ${fixed(r.lag1Autocorrelation, 2)} > 0.50; ` +
        'the run drifted: false alarms are likelier (the CI is too narrow)',
    );
  }
  return lines;
}

function subGatePhrase(name: string, g: GateResult): string {
  const drift = g.drifted ? `, drifted (lag-1 ${fixed(g.lag1Autocorrelation, 2)})` : '';
  return `${name} x${fixed(g.growthRatio, 2)} ${interval(g.ci, 2)} ${g.verdict}${drift}`;
}

function operationLines(r: OperationGateResult): string[] {
  if (!r.perOperation || r.opGeomean === null) return [r.note];
  const lines = [
    `per-operation gate (${ciLevelLabel(r.wallTime.ciZ)} CIs, z = ${fixed(r.wallTime.ciZ, 2)} each): ` +
      `${subGatePhrase('wall time', r.wallTime)}; ${subGatePhrase('geometric-mean latency', r.opGeomean)}`,
  ];
  const n = r.noise;
  if (n === null) {
    lines.push('noise split not computable (needs at least 2 operations in every kept batch)');
  } else {
    lines.push(
      `noise: batch-level ${fixed(100 * n.batchSd, 1)}%, operation-level ${fixed(100 * n.operationSd, 1)}% ` +
        `(mean ${groupThousands(n.meanOpsPerBatch)} operations per batch)`,
    );
  }
  return lines;
}

function batchesPhrase(b: BatchesNeeded): string | null {
  if (Number.isNaN(b.totalBatches)) return null;
  if (!Number.isFinite(b.totalBatches)) return 'is out of reach';
  return `needs ${groupThousands(b.totalBatches)}`;
}

function detectableLines(r: GateResult): string[] {
  if (r.verdict === 'FAIL') return [];
  const lines: string[] = [];
  const decided = r.verdict === 'PASS' || r.verdict === 'WARN';
  if (decided && Number.isFinite(r.detectableGrowth)) {
    lines.push(
      `detectable growth: this run would have caught growth of x${fixed(r.detectableGrowth, 2)} ` +
        'or more with 80% power',
    );
  }
  const a = batchesPhrase(r.batchesNeeded['x1.25']);
  const b = batchesPhrase(r.batchesNeeded['x1.5']);
  if (a !== null && b !== null) {
    const around = r.cliff === null ? '' : '; noise measured within the segments either side of the cliff';
    lines.push(`planning: at this noise, x1.25 ${a} batches, x1.5 ${b} (allowing for warm-up${around})`);
  }
  if (decided) {
    for (const why of r.detectableOptimistic) lines.push(`caveat: detectable growth may be optimistic: ${why}`);
  }
  return lines;
}

/**
 * Multi-line verdict text. With opts.label, the label is put after the verdict
 * word on the first line ("FAIL  fedora4: superlinear slowdown: ...").
 */
export function renderVerdict(r: GateResult, opts?: { label?: string; power?: PowerAssessment }): string {
  const label = opts?.label ? `${opts.label}: ` : '';
  const power = opts?.power;
  const body = [...detailLines(r), ...(isOperationGateResult(r) ? operationLines(r) : []), ...detectableLines(r)];
  const head = headline(r, label);
  const lines = [markedVerdict(r.verdict, power) + head.slice(r.verdict.length), ...body.map((l) => INDENT + l)];
  if (power?.inconclusive) lines.unshift(underpoweredHead(power, r.limit, label), '', GATE_ALONE);
  return lines.join('\n');
}

/**
 * One look of the early-FAIL procedure (sequential-look.ts) as text, or null
 * when the look does not stop the run. The final look is the unchanged rule:
 * render its finalGate with renderVerdict instead.
 */
export function renderEarlyStop(look: SequentialLookResult, opts?: { label?: string }): string | null {
  if (look.decision !== 'stop-fail' || look.finalLook) return null;
  const label = opts?.label ? `${opts.label}: ` : '';
  return (
    `FAIL  ${label}early stop at batch ${look.batchesSeen} of ${look.plannedBatches}: per-batch time projected ` +
    `x${fixed(look.projectedGrowth, 2)} over batches ${look.warmupDropped + 1}-${look.plannedBatches},\n` +
    `${INDENT}lower bound x${fixed(look.lower, 2)} (z = ${fixed(look.z, 2)}) above limit ${fixed(look.limit, 2)}`
  );
}
