/**
 * The text answer of `compare`: per phase a table of every target (median per batch, operation
 * p50/p95/p99, ops/s, MB/s, bytes verified), then each target against the reference (level ratio
 * with its CI, scaling verdict with its growth ratio and CI), then the verdict line.
 */
import type { CompareAnswer, LevelAnswer, PhaseSummary, ScalingAnswer } from '../compare/index.js';
import { formatCount, formatMs } from './format.js';
import { renderTable } from './table.js';
import { humanBytes } from '../workload/index.js';

const ms = (x: number | null): string => (x === null ? '-' : formatMs(x));
const f2 = (x: number | null): string => (x === null ? '-' : x.toFixed(2));
const f1 = (x: number | null): string => (x === null ? '-' : x.toFixed(1));
const ci = (c: [number | null, number | null]): string => `[${f2(c[0])}, ${f2(c[1])}]`;

function phaseTable(rows: Record<string, PhaseSummary>, targets: readonly string[], phase: string): string {
  const head = [
    phase === 'put' ? 'put (per batch: wall time)' : `${phase} (per batch: median)`,
    'median',
    'p50',
    'p95',
    'p99',
    'ops/s',
    'MB/s',
    'verified',
  ];
  const body = targets.map((t) => {
    const s = rows[t] as PhaseSummary;
    return [
      t,
      ms(s.medianMs),
      ms(s.p50Ms),
      ms(s.p95Ms),
      ms(s.p99Ms),
      f1(s.opsPerSec),
      f1(s.mbPerSec),
      humanBytes(s.bytesVerified),
    ];
  });
  return renderTable(head, body, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r']);
}

function levelLine(l: LevelAnswer): string {
  const gate = l.verdict === null ? 'reported, not gated (--max-level-change)' : `${l.verdict}: ${l.reason}`;
  return `level    x${f2(l.estimate)} ${ci(l.ci)} of the reference over ${l.pairs} paired batches; ${gate}`;
}

function scalingLine(s: ScalingAnswer): string {
  return `scaling  ${s.verdict} x${f2(s.growthRatio)} ${ci(s.ci)}: ${s.reason}`;
}

export function compareText(a: CompareAnswer): string {
  const lines = [
    `compare ${a.compareId}: ${a.targets.join(', ')} (reference: ${a.reference}), ${formatCount(a.batches)} batches in ABBA order, ` +
      `${a.warmupBatches} warm-up, ${formatCount(a.comparedBatches)} compared`,
    `runs: ${a.targets.map((t) => `${t} ${a.runs[t]}`).join(', ')}`,
  ];
  for (const phase of a.phasesRun) {
    lines.push('', phaseTable(a.phases[phase] ?? {}, a.targets, phase));
    for (const t of a.targets.slice(1)) {
      const l = a.level[phase]?.[t];
      const s = a.scaling[phase]?.[t];
      if (!l || !s) continue;
      lines.push(`${phase}: ${t} against ${a.reference}`, `  ${levelLine(l)}`, `  ${scalingLine(s)}`);
    }
  }
  const failing: string[] = [];
  for (const phase of a.phasesRun) {
    for (const t of a.targets.slice(1)) {
      const s = a.scaling[phase]?.[t];
      const l = a.level[phase]?.[t];
      if (s?.verdict === 'FAIL') failing.push(`${t} ${phase} scaling`);
      if (l?.verdict === 'FAIL') failing.push(`${t} ${phase} level`);
    }
  }
  const limits = `--max-growth ${a.limits.maxGrowth.toFixed(2)}${a.limits.maxLevelChange === null ? '' : `, --max-level-change ${a.limits.maxLevelChange}`}`;
  lines.push(
    '',
    `${a.verdict}  ${failing.length > 0 ? `fails: ${failing.join(', ')}` : a.verdict === 'INCONCLUSIVE' ? 'too few paired batches to decide' : 'no target scales worse than the reference'} (${limits})`,
  );
  return lines.join('\n');
}
