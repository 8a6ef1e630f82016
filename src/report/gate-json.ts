/** The growth gate result as the stable JSON fields of `check --json` and `run --json`. */
import type { GateResult } from '../analysis/growth-gate.js';

const num = (x: number): number | null => (Number.isFinite(x) ? x : null);
const pair = (p: readonly [number, number]): [number | null, number | null] => [num(p[0]), num(p[1])];

export function gateJson(g: GateResult): Record<string, unknown> {
  return {
    verdict: g.verdict,
    reason: g.reason,
    limit: g.limit,
    growthRatio: num(g.growthRatio),
    ci: pair(g.ci),
    warmupDropped: g.warmupDropped,
    keptBatches: g.keptBatches,
    batches: g.batches,
    firstKeptBatch: g.firstKeptBatch,
    span: g.span,
    slope: num(g.slope),
    slopeCi: pair(g.slopeCi),
    perThousandObjects: num(g.perThousandObjects),
    exponentK: num(g.exponentK),
    exponentKCi: pair(g.exponentKCi),
    kendallTau: num(g.kendallTau),
    residualScatter: num(g.residualScatter),
    lag1Autocorrelation: num(g.lag1Autocorrelation),
    drifted: g.drifted,
  };
}
