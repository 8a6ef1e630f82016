/**
 * A history judged (docs/history.md): every group's runs pooled (random-effects.ts) into a growth
 * and a level with CIs, the between-run spread estimated across all groups (sharedTau2), change points across the groups on each metric (change-points.ts), and the
 * verdict of the newest group against the last stable segment before it:
 *   FAIL  its growth over the segment's has a CI lower bound above maxGrowth, or (with
 *         maxLevelChange) its level over the segment's has a lower bound above 1 + maxLevelChange;
 *   INCONCLUSIVE  fewer than two groups, or with minDetectable the newest group could not have seen
 *         that growth (80% power);
 *   PASS  otherwise (underpowered when it could not have seen growth of maxGrowth).
 * The last stable segment: the groups between the last two changes before the newest group's
 * segment on that metric, or every earlier group when nothing changed.
 */
import { changePoints } from '../analysis/change-points.js';
import { poolRandom, poolWithTau2, sharedTau2, type LogEstimate, type Pooled } from '../analysis/random-effects.js';
import { runMetrics, type RunMetrics } from '../analysis/run-metrics.js';
import { Z_95 } from '../analysis/theil-sen.js';
import type { Grouping, LeftOut, RunGroup } from './history-groups.js';

export type HistoryMetric = 'growth' | 'level' | 'p95';
export type HistoryVerdict = 'PASS' | 'FAIL' | 'INCONCLUSIVE';

export interface Interval {
  estimate: number;
  ci: [number, number];
}

export interface GroupResult {
  value: string;
  runs: number;
  runIds: string[];
  /** exp(pooled growth): the per-batch time's growth over the common fill. */
  growth: Interval;
  /** The group's per-batch time at the common fill over the first group's. */
  level: Interval;
  levelMs: Interval;
  p95Ms: Interval | null;
  tau: { growth: number; level: number };
  /** Median per-batch ms by batch index over the group's runs (the HTML page's curve). */
  curveMs: number[];
}

export interface HistoryChange {
  /** The first group after the change. */
  at: string;
  metric: HistoryMetric;
  ratio: number;
  ci: [number, number];
  p: number;
}

export interface NewestJudgement {
  metric: 'growth' | 'level';
  /** Groups the newest is measured against. */
  against: string[];
  ratio: number;
  ci: [number, number];
  limit: number | null;
  fails: boolean;
}

export interface HistoryResult {
  verdict: HistoryVerdict;
  reason: string;
  by: string;
  underpowered: boolean;
  /** The smallest growth ratio the newest group could have seen with 80% power. */
  detectableGrowth: number | null;
  groups: GroupResult[];
  changes: HistoryChange[];
  newest: NewestJudgement[];
  leftOut: LeftOut[];
  /** Groups without a run of enough batches to measure. */
  unmeasured: string[];
  key: Grouping['key'];
  fill: { batch: number; objects: number; batchSize: number } | null;
}

export interface HistoryOptions {
  by: string;
  maxGrowth: number;
  maxLevelChange?: number;
  minDetectable?: number;
}

interface Measured {
  group: RunGroup;
  growth: Pooled;
  level: Pooled;
  p95: Pooled | null;
}

const exp = (p: Pooled): Interval => ({ estimate: Math.exp(p.estimate), ci: [Math.exp(p.ci[0]), Math.exp(p.ci[1])] });
/** A group's pool as an input of change points and of pools of groups: its estimate and variance. */
const asGroup = (p: Pooled): LogEstimate => ({ y: p.estimate, v: p.variance });
/** 80% power with a two-sided 95% CI: z_.975 + z_.80. */
const POWER_Z = Z_95 + 0.841621;

function medianCurve(g: RunGroup): number[] {
  const m = Math.min(...g.runs.map((h) => h.batches.length));
  const out: number[] = [];
  for (let i = 0; i < m; i++) {
    const v = g.runs.map((h) => (h.batches[i] as { wallMs: number }).wallMs).sort((a, b) => a - b);
    out.push(
      v.length % 2 === 1
        ? (v[(v.length - 1) / 2] as number)
        : ((v[v.length / 2 - 1] as number) + (v[v.length / 2] as number)) / 2,
    );
  }
  return out;
}

function measure(groups: readonly RunGroup[]): {
  measured: Measured[];
  unmeasured: string[];
  fill: HistoryResult['fill'];
} {
  const batches = Math.min(...groups.flatMap((g) => g.runs.map((h) => h.batches.length)));
  const atBatch = (1 + batches) / 2;
  const opts = { span: batches - 1, atBatch };
  const measured: Measured[] = [];
  const unmeasured: string[] = [];
  const perGroup: { group: RunGroup; ms: RunMetrics[] }[] = [];
  for (const g of groups) {
    const ms = g.runs
      .map((h) => {
        const b = h.batches.slice(0, batches);
        return runMetrics(
          b.map((x) => x.wallMs),
          { ...opts, p50Ms: b.map((x) => x.p50Ms), p95Ms: b.map((x) => x.p95Ms) },
        );
      })
      .filter((m): m is RunMetrics => m !== null);
    if (ms.length === 0) unmeasured.push(g.value);
    else perGroup.push({ group: g, ms });
  }
  // the between-run spread is estimated across all groups (sharedTau2), each group pooled with it
  const pool = (pick: (m: RunMetrics) => LogEstimate): ((ms: RunMetrics[]) => Pooled) => {
    const shared = sharedTau2(perGroup.map((x) => x.ms.map(pick)));
    return (ms) => (shared === null ? poolRandom(ms.map(pick)) : poolWithTau2(ms.map(pick), shared));
  };
  const growth = pool((m) => m.growth);
  const level = pool((m) => m.level);
  const withP95 = perGroup.every((x) => x.ms.every((m) => m.p95 !== null));
  const p95 = withP95 ? pool((m) => m.p95 as LogEstimate) : null;
  for (const { group, ms } of perGroup)
    measured.push({ group, growth: growth(ms), level: level(ms), p95: p95 === null ? null : p95(ms) });
  const batchSize = groups[0]?.runs[0]?.run.batchSize ?? 0;
  return { measured, unmeasured, fill: { batch: atBatch, objects: Math.round(atBatch * batchSize), batchSize } };
}

/** Pool of groups [from, to) of one metric, as groups (their CI's variance). */
function poolGroups(ps: readonly Pooled[], from: number, to: number): Pooled {
  return poolRandom(ps.slice(from, to).map(asGroup));
}

function ratioOf(after: Pooled, before: Pooled): { ratio: number; ci: [number, number] } {
  const d = after.estimate - before.estimate;
  const h = Math.hypot((after.ci[1] - after.ci[0]) / 2, (before.ci[1] - before.ci[0]) / 2);
  return { ratio: Math.exp(d), ci: [Math.exp(d - h), Math.exp(d + h)] };
}

function metricChanges(
  metric: HistoryMetric,
  ps: readonly Pooled[],
  values: readonly string[],
): { changes: HistoryChange[]; cuts: number[] } {
  let found = changePoints(ps.map(asGroup));
  // a split the test finds but whose after/before CI holds 1.0 is no change a user can act on (the
  // host's level moving 3% between two days of runs): it is dropped and the others re-pooled
  for (;;) {
    const cuts = [0, ...found.map((c) => c.at), ps.length];
    const changes = found.map((c, i) => {
      const r = ratioOf(poolGroups(ps, c.at, cuts[i + 2] as number), poolGroups(ps, cuts[i] as number, c.at));
      return { at: values[c.at] as string, metric, ...r, p: c.p };
    });
    const kept = found.filter(
      (_, i) => (changes[i] as HistoryChange).ci[0] > 1 || (changes[i] as HistoryChange).ci[1] < 1,
    );
    if (kept.length === found.length) return { changes, cuts: found.map((c) => c.at) };
    found = kept;
  }
}

/** The newest group against the last stable segment before it on one metric. */
function judgeNewest(
  metric: 'growth' | 'level',
  ps: readonly Pooled[],
  cuts: readonly number[],
  values: readonly string[],
  limit: number | null,
): NewestJudgement {
  const n = ps.length - 1;
  const before = cuts.filter((c) => c <= n);
  const start = before[before.length - 1] ?? 0;
  const [from, to] =
    start === 0 ? [0, n] : start === n ? [before[before.length - 2] ?? 0, n] : [before[before.length - 2] ?? 0, start];
  const r = ratioOf(ps[n] as Pooled, poolGroups(ps, from, to));
  return { metric, against: values.slice(from, to), ...r, limit, fails: limit !== null && r.ci[0] > limit };
}

function verdictOf(
  newest: NewestJudgement[],
  detectable: number,
  o: HistoryOptions,
): Pick<HistoryResult, 'verdict' | 'reason' | 'underpowered'> {
  const failing = newest.filter((j) => j.fails);
  const two = (x: number): string => x.toFixed(2);
  const say = (j: NewestJudgement): string =>
    `${j.metric} x${two(j.ratio)} [${two(j.ci[0])}, ${two(j.ci[1])}] of ${j.against.join(', ')}`;
  if (failing.length > 0)
    return {
      verdict: 'FAIL',
      reason: failing.map((j) => `${say(j)}, lower bound above ${two(j.limit as number)}`).join('; '),
      underpowered: false,
    };
  if (o.minDetectable !== undefined && detectable > o.minDetectable)
    return {
      verdict: 'INCONCLUSIVE',
      reason: `the newest group could have seen growth of x${two(detectable)} (80% power), not x${two(o.minDetectable)} (--min-detectable): add repeats`,
      underpowered: true,
    };
  const underpowered = detectable > o.maxGrowth;
  return {
    verdict: 'PASS',
    reason: `${newest.map(say).join('; ')}${underpowered ? `; underpowered: growth below x${two(detectable)} could not have been seen (80% power), add repeats` : ''}`,
    underpowered,
  };
}

export function evaluateHistory(grouping: Grouping, o: HistoryOptions): HistoryResult {
  const { measured, unmeasured, fill } =
    grouping.groups.length === 0 ? { measured: [], unmeasured: [], fill: null } : measure(grouping.groups);
  const base = { by: o.by, leftOut: grouping.leftOut, unmeasured, key: grouping.key, fill };
  const first = measured[0];
  const groups: GroupResult[] = measured.map((m) => ({
    value: m.group.value,
    runs: m.group.runs.length,
    runIds: m.group.runs.map((h) => h.run.id),
    growth: exp(m.growth),
    level: exp({
      ...m.level,
      estimate: m.level.estimate - (first as Measured).level.estimate,
      ci: [m.level.ci[0] - (first as Measured).level.estimate, m.level.ci[1] - (first as Measured).level.estimate],
    }),
    levelMs: exp(m.level),
    p95Ms: m.p95 === null ? null : exp(m.p95),
    tau: { growth: Math.sqrt(m.growth.tau2), level: Math.sqrt(m.level.tau2) },
    curveMs: medianCurve(m.group),
  }));
  if (measured.length < 2)
    return {
      ...base,
      verdict: 'INCONCLUSIVE',
      reason: `${measured.length} group${measured.length === 1 ? '' : 's'} with tag ${o.by} to compare; a history needs at least two`,
      underpowered: false,
      detectableGrowth: null,
      groups,
      changes: [],
      newest: [],
    };
  const values = measured.map((m) => m.group.value);
  const growth = measured.map((m) => m.growth);
  const level = measured.map((m) => m.level);
  const g = metricChanges('growth', growth, values);
  const l = metricChanges('level', level, values);
  const changes = [...g.changes, ...l.changes];
  if (measured.every((m) => m.p95 !== null))
    changes.push(
      ...metricChanges(
        'p95',
        measured.map((m) => m.p95 as Pooled),
        values,
      ).changes,
    );
  const newest = [
    judgeNewest('growth', growth, g.cuts, values, o.maxGrowth),
    judgeNewest('level', level, l.cuts, values, o.maxLevelChange === undefined ? null : 1 + o.maxLevelChange),
  ];
  // the growth ratio's CI half-width against the segment, as an 80%-power detectable ratio
  const ci = (newest[0] as NewestJudgement).ci;
  const detectable = Math.exp((POWER_Z * Math.log(ci[1] / ci[0])) / (2 * Z_95));
  return {
    ...base,
    ...verdictOf(newest, detectable, o),
    detectableGrowth: detectable,
    groups,
    changes: changes.sort((a, b) => values.indexOf(a.at) - values.indexOf(b.at)),
    newest,
  };
}
