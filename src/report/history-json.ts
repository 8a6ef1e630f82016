/** A judged history as JSON (schemas/history.schema.json): `history --json` and `report --history --format json`. */
import type { HistoryResult, Interval } from '../verdict/index.js';

export const HISTORY_SCHEMA_VERSION = 1;

const num = (x: number): number | null => (Number.isFinite(x) ? x : null);
const interval = (i: Interval): { estimate: number | null; ci: [number | null, number | null] } => ({
  estimate: num(i.estimate),
  ci: [num(i.ci[0]), num(i.ci[1])],
});

export function historyJson(h: HistoryResult): Record<string, unknown> {
  return {
    schemaVersion: HISTORY_SCHEMA_VERSION,
    verdict: h.verdict,
    reason: h.reason,
    underpowered: h.underpowered,
    detectableGrowth: h.detectableGrowth === null ? null : num(h.detectableGrowth),
    by: h.by,
    key: h.key,
    fill: h.fill,
    groups: h.groups.map((g) => ({
      value: g.value,
      runs: g.runs,
      runIds: g.runIds,
      growth: interval(g.growth),
      level: interval(g.level),
      levelMs: interval(g.levelMs),
      p95Ms: g.p95Ms === null ? null : interval(g.p95Ms),
      betweenRunSd: g.tau,
    })),
    changes: h.changes.map((c) => ({
      at: c.at,
      metric: c.metric,
      ratio: num(c.ratio),
      ci: [num(c.ci[0]), num(c.ci[1])],
      p: c.p,
    })),
    newest: h.newest.map((j) => ({ ...j, ratio: num(j.ratio), ci: [num(j.ci[0]), num(j.ci[1])] })),
    leftOut: h.leftOut,
    unmeasured: h.unmeasured,
  };
}
