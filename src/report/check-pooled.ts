/**
 * `check RUN RUN…` (repeats pooled, verdict/pooled-check.ts) as text and as the JSON object that
 * schemas/check-pooled.schema.json describes. Ratios and ms are plain numbers, `ci` = [lo, hi].
 */
import { formatCount } from '../model/format-count.js';
import type { Interval, PooledResult } from '../verdict/index.js';

export interface CheckPooledJson {
  verdict: PooledResult['verdict'];
  reason: string;
  limit: number;
  runs: string[];
  pooled: {
    /** Per-batch time's growth over the common span (a ratio). */
    growth: Interval | null;
    /** Per-batch time in ms at the common fill. */
    level: Interval | null;
    p50Ms: Interval | null;
    p95Ms: Interval | null;
    /** Between-run standard deviation on the log scale. */
    tau: { growth: number; level: number } | null;
    runs: number;
    detectableGrowth: number | null;
    fill: PooledResult['fill'];
  };
  perRun: PooledResult['perRun'];
  notes: string[];
}

export function checkPooledJson(p: PooledResult, notes: readonly string[]): CheckPooledJson {
  return {
    verdict: p.verdict,
    reason: p.reason,
    limit: p.limit,
    runs: p.runs,
    pooled: {
      growth: p.growth,
      level: p.levelMs,
      p50Ms: p.p50Ms,
      p95Ms: p.p95Ms,
      tau: p.tau,
      runs: p.runs.length,
      detectableGrowth: p.detectableGrowth,
      fill: p.fill,
    },
    perRun: p.perRun,
    notes: [...notes],
  };
}

const two = (x: number): string => x.toFixed(2);
const ratio = (i: Interval): string => `x${two(i.estimate)} [${two(i.ci[0])}, ${two(i.ci[1])}]`;
const ms = (i: Interval): string => `${two(i.estimate)} ms [${two(i.ci[0])}, ${two(i.ci[1])}]`;
const pct = (tau: number): string => `${(100 * (Math.exp(tau) - 1)).toFixed(1)}%`;

function pooledLines(p: PooledResult): string[] {
  if (p.growth === null || p.levelMs === null || p.tau === null) return [];
  const ops = [p.p50Ms === null ? null : `op p50 ${ms(p.p50Ms)}`, p.p95Ms === null ? null : `p95 ${ms(p.p95Ms)}`];
  const opText = ops.filter((s): s is string => s !== null).join(', ');
  return [
    `      pooled (${p.runs.length} runs, 95% CIs with the between-run spread): growth ${ratio(p.growth)} over batches 1-${p.fill.span + 1}`,
    `      per-batch time at ${formatCount(p.fill.objects)} objects: ${ms(p.levelMs)}${opText === '' ? '' : `; ${opText}`}`,
    `      between-run spread (tau): growth ${pct(p.tau.growth)}, level ${pct(p.tau.level)}`,
  ];
}

function perRunLines(p: PooledResult): string[] {
  const width = Math.max(...p.perRun.map((r) => r.runId.length));
  const vw = Math.max(...p.perRun.map((r) => r.verdict.length));
  return p.perRun.map((r) => {
    const common = r.growth === null ? 'too few batches to pool' : `common span ${ratio(r.growth)}`;
    const own = `own ${r.verdict.padEnd(vw)} x${two(r.growthRatio)} [${two(r.ci[0])}, ${two(r.ci[1])}]`;
    return `      ${r.runId.padEnd(width)}  ${own}; ${common}${r.incomplete === null ? '' : `; ${r.incomplete}`}`;
  });
}

/** One block: the pooled verdict, its pooled lines, then each run's own growth line. */
export function checkPooledText(p: PooledResult, notes: readonly string[]): string {
  return [
    `${p.verdict.padEnd(5)} ${p.runs.length} repeats pooled: ${p.reason}`,
    ...pooledLines(p),
    `      each run:`,
    ...perRunLines(p),
    ...notes.map((n) => `note: ${n}`),
  ].join('\n');
}
