/**
 * Repeated runs judged as one (`check RUN RUN…`, docs/history.md "Pooled repeats with check"): each
 * run's growth over the common span and its level at the common fill (run-metrics.ts), pooled with
 * the between-run spread (random-effects.ts: DerSimonian–Laird tau^2, Hartung–Knapp CI), and the
 * verdict by the gate's rule on the pooled growth:
 *   FAIL  the pooled growth CI's lower bound is above maxGrowth;
 *   WARN  the lower bound is above 1;
 *   PASS  otherwise;
 *   INCONCLUSIVE  a run did not complete (unless allowPartial), a run kept too few batches to
 *         measure, or with minDetectable the pool could not have seen that growth (80% power).
 */
import { poolRandom, type LogEstimate, type Pooled } from '../analysis/random-effects.js';
import { runMetrics, type RunMetrics } from '../analysis/run-metrics.js';
import { Z_95 } from '../analysis/theil-sen.js';
import type { BatchRecord, RunRecord } from '../model/records.js';
import type { Interval } from './evaluate-history.js';

export type PooledVerdict = 'PASS' | 'WARN' | 'FAIL' | 'INCONCLUSIVE';

/** One run as the pool reads it: its record, its batches and its own gate's answer. */
export interface PoolInput {
  run: RunRecord;
  batches: BatchRecord[];
  own: { verdict: string; growthRatio: number; ci: [number, number] };
  /** Why the run is not complete (its completion line), or null when it completed. */
  incomplete: string | null;
}

export interface PerRunResult {
  runId: string;
  /** The run's own verdict and growth ratio over its own kept batches (as `check RUN` gives them). */
  verdict: string;
  growthRatio: number;
  ci: [number, number];
  incomplete: string | null;
  /** Growth over the common span and per-batch ms at the common fill; null when it kept too few batches. */
  growth: Interval | null;
  levelMs: Interval | null;
}

export interface PooledResult {
  verdict: PooledVerdict;
  reason: string;
  limit: number;
  runs: string[];
  fill: { batch: number; objects: number; span: number; batchSize: number };
  growth: Interval | null;
  levelMs: Interval | null;
  p50Ms: Interval | null;
  p95Ms: Interval | null;
  /** Between-run standard deviation (log scale) of growth and level. */
  tau: { growth: number; level: number } | null;
  /** The smallest growth ratio the pool could have seen with 80% power. */
  detectableGrowth: number | null;
  perRun: PerRunResult[];
}

export interface PoolOptions {
  maxGrowth: number;
  allowPartial: boolean;
  minDetectable?: number;
}

const POWER_Z = Z_95 + 0.841621;
const exp = (p: Pooled | LogEstimate): Interval => {
  if ('ci' in p) return { estimate: Math.exp(p.estimate), ci: [Math.exp(p.ci[0]), Math.exp(p.ci[1])] };
  const h = Z_95 * Math.sqrt(p.v);
  return { estimate: Math.exp(p.y), ci: [Math.exp(p.y - h), Math.exp(p.y + h)] };
};
const two = (x: number): string => x.toFixed(2);

/** A metric pooled over every run, or null when a run lacks it. */
function poolOf(ms: readonly RunMetrics[], pick: (m: RunMetrics) => LogEstimate | null): Pooled | null {
  const ys = ms.map(pick);
  return ys.every((y): y is LogEstimate => y !== null) ? poolRandom(ys) : null;
}

function verdictOf(growth: Pooled, detectable: number, o: PoolOptions): { verdict: PooledVerdict; reason: string } {
  const g = exp(growth);
  const said = `pooled growth x${two(g.estimate)} [${two(g.ci[0])}, ${two(g.ci[1])}]`;
  if (g.ci[0] > o.maxGrowth) return { verdict: 'FAIL', reason: `${said}, lower bound above limit ${two(o.maxGrowth)}` };
  if (o.minDetectable !== undefined && detectable > o.minDetectable)
    return {
      verdict: 'INCONCLUSIVE',
      reason: `${said}; the pool could have seen growth of x${two(detectable)} (80% power), not x${two(o.minDetectable)} (--min-detectable): add repeats`,
    };
  if (g.ci[0] > 1) return { verdict: 'WARN', reason: `${said}, lower bound above 1 (limit ${two(o.maxGrowth)})` };
  return { verdict: 'PASS', reason: `${said}, lower bound not above 1` };
}

export function poolRepeats(inputs: readonly PoolInput[], o: PoolOptions): PooledResult {
  const batches = Math.min(...inputs.map((x) => x.batches.length));
  const atBatch = (1 + batches) / 2;
  const batchSize = inputs[0]?.run.batchSize ?? 0;
  const fill = { batch: atBatch, objects: Math.round(atBatch * batchSize), span: batches - 1, batchSize };
  const metrics = inputs.map((x) => {
    const b = x.batches.slice(0, batches);
    return runMetrics(
      b.map((r) => r.wallMs),
      { span: batches - 1, atBatch, p50Ms: b.map((r) => r.p50Ms), p95Ms: b.map((r) => r.p95Ms) },
    );
  });
  const perRun: PerRunResult[] = inputs.map((x, i) => {
    const m = metrics[i] ?? null;
    return {
      runId: x.run.id,
      ...x.own,
      incomplete: x.incomplete,
      growth: m === null ? null : exp(m.growth),
      levelMs: m === null ? null : exp(m.level),
    };
  });
  const base = { limit: o.maxGrowth, runs: inputs.map((x) => x.run.id), fill, perRun };
  const unmeasured = perRun.filter((r) => r.growth === null).map((r) => r.runId);
  const incomplete = o.allowPartial ? [] : inputs.filter((x) => x.incomplete !== null);
  const ms = metrics.filter((m): m is RunMetrics => m !== null);
  const empty = { growth: null, levelMs: null, p50Ms: null, p95Ms: null, tau: null, detectableGrowth: null };
  if (unmeasured.length > 0)
    return {
      ...base,
      ...empty,
      verdict: 'INCONCLUSIVE',
      reason: `${unmeasured.join(', ')} kept fewer than 10 batches of the common ${batches}: nothing to pool`,
    };
  const growth = poolOf(ms, (m) => m.growth) as Pooled;
  const level = poolOf(ms, (m) => m.level) as Pooled;
  const p50 = poolOf(ms, (m) => m.p50);
  const p95 = poolOf(ms, (m) => m.p95);
  const detectable = Math.exp((POWER_Z * (growth.ci[1] - growth.ci[0])) / (2 * Z_95));
  const judged = verdictOf(growth, detectable, o);
  return {
    ...base,
    ...(incomplete.length === 0
      ? judged
      : {
          verdict: 'INCONCLUSIVE' as const,
          reason: `${incomplete.map((x) => x.incomplete).join('; ')} (--allow-partial pools the batches present)`,
        }),
    growth: exp(growth),
    levelMs: exp(level),
    p50Ms: p50 === null ? null : exp(p50),
    p95Ms: p95 === null ? null : exp(p95),
    tau: { growth: Math.sqrt(growth.tau2), level: Math.sqrt(level.tau2) },
    detectableGrowth: detectable,
  };
}
