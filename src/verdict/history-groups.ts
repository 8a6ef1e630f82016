/**
 * The runs of a history sorted into groups (docs/history.md): completed runs grouped by the value
 * of one tag, in the order of each group's first run or by semantic version; only runs of the
 * newest group's workload (its hash, concurrency aside) and backend are compared, the others are
 * named as left out, as are runs without the tag and runs that did not complete. The target URL
 * is not part of the key: a new version may listen on a new port.
 */
import semver from 'semver';
import type { BatchRecord, RunRecord } from '../model/records.js';
import { storedWorkloadHash } from '../workload/index.js';

export interface HistoryRun {
  run: RunRecord;
  batches: BatchRecord[];
  /** The database it was read from. */
  db: string;
}

export type HistoryOrder = 'time' | 'semver';

export interface LeftOut {
  runId: string;
  db: string;
  reason: 'no-tag' | 'not-completed' | 'other-workload';
  /** The run's value of the tag, when it has one. */
  value: string | null;
}

export interface RunGroup {
  value: string;
  runs: HistoryRun[];
}

export interface Grouping {
  groups: RunGroup[];
  leftOut: LeftOut[];
  /** The compared workload's hash and backend (the newest group's). */
  key: { workload: string; backend: string } | null;
}

const keyOf = (r: RunRecord): string => `${r.backend}\u0000${storedWorkloadHash(r.workload)}`;

/** Groups in order: by each group's first run's start, or by semantic version (values that are not one after, by time). */
function ordered(groups: Map<string, HistoryRun[]>, order: HistoryOrder): RunGroup[] {
  const first = (runs: HistoryRun[]): string => runs.map((r) => r.run.startedAt).sort()[0] ?? '';
  const list = [...groups.entries()].map(([value, runs]) => ({ value, runs, first: first(runs) }));
  list.sort((a, b) => {
    if (order === 'semver') {
      const va = semver.coerce(a.value, { loose: true });
      const vb = semver.coerce(b.value, { loose: true });
      const sa = semver.valid(a.value, { loose: true }) ?? va?.version ?? null;
      const sb = semver.valid(b.value, { loose: true }) ?? vb?.version ?? null;
      if (sa !== null && sb !== null && semver.compare(sa, sb, { loose: true }) !== 0)
        return semver.compare(sa, sb, { loose: true });
      if (sa !== null && sb === null) return -1;
      if (sa === null && sb !== null) return 1;
    }
    return a.first < b.first ? -1 : a.first > b.first ? 1 : 0;
  });
  return list.map(({ value, runs }) => ({
    value,
    runs: runs.sort((x, y) => (x.run.startedAt < y.run.startedAt ? -1 : 1)),
  }));
}

export function groupHistory(all: readonly HistoryRun[], by: string, order: HistoryOrder): Grouping {
  const leftOut: LeftOut[] = [];
  const tagged = new Map<string, HistoryRun[]>();
  for (const h of all) {
    const value = h.run.tags?.[by] ?? null;
    if (value === null) leftOut.push({ runId: h.run.id, db: h.db, reason: 'no-tag', value });
    else if (h.run.status !== 'completed') leftOut.push({ runId: h.run.id, db: h.db, reason: 'not-completed', value });
    else tagged.set(value, [...(tagged.get(value) ?? []), h]);
  }
  const candidates = ordered(tagged, order);
  const newest = candidates[candidates.length - 1];
  if (newest === undefined) return { groups: [], leftOut, key: null };
  // the newest group's newest run sets the key
  const ref = (newest.runs[newest.runs.length - 1] as HistoryRun).run;
  const key = keyOf(ref);
  const groups: RunGroup[] = [];
  for (const g of candidates) {
    const same = g.runs.filter((h) => keyOf(h.run) === key);
    for (const h of g.runs)
      if (keyOf(h.run) !== key) leftOut.push({ runId: h.run.id, db: h.db, reason: 'other-workload', value: g.value });
    if (same.length > 0) groups.push({ value: g.value, runs: same });
  }
  return { groups, leftOut, key: { workload: storedWorkloadHash(ref.workload), backend: ref.backend } };
}
