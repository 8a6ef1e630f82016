/**
 * Fixed states of the live view (src/report/live-state.ts) for its golden tests (test/golden/live-*.txt),
 * built from recorded series: fixtures/series/leveldb-default-busy.csv (a default run on a busy host)
 * and fixtures/series/fedora3-vs-fedora4.csv (the published Fedora 3 and Fedora 4 comparison).
 */
import { readFileSync } from 'node:fs';
import type { BatchRecord } from '../../src/model/records.js';
import { liveAnalysis } from '../../src/report/live-answer.js';
import { renderLiveScreen } from '../../src/report/live-screen.js';
import type { LivePressure, LiveRun, LiveState, LiveView } from '../../src/report/live-state.js';

function column(file: string, name: string): number[] {
  const [head, ...rows] = readFileSync(new URL(`../../../fixtures/series/${file}`, import.meta.url), 'utf8')
    .trim()
    .split('\n');
  const at = (head ?? '').split(',').indexOf(name);
  return rows.map((r) => Number(r.split(',')[at]));
}

export const DEFAULT_RUN = column('leveldb-default-busy.csv', 'leveldb_default_ms');
export const FEDORA3 = column('fedora3-vs-fedora4.csv', 'fedora3_ms');
export const FEDORA4 = column('fedora3-vs-fedora4.csv', 'fedora4_minimal_ms');

/** Batch records of a series: `ops` operations per batch, `failed` of them failed in every 7th batch. */
export function batchesOf(
  times: readonly number[],
  batchSize: number,
  bytes: number,
  ops: number,
  failed = 0,
): BatchRecord[] {
  return times.map((wallMs, i) => ({
    index: i + 1,
    objects: batchSize,
    objectsBefore: i * batchSize,
    bytes,
    wallMs,
    okOps: ops - (i % 7 === 6 ? failed : 0),
    failedOps: i % 7 === 6 ? failed : 0,
    retriedOps: 0,
    p50Ms: null,
    p95Ms: null,
    p99Ms: null,
    startedAt: null,
  }));
}

function defaultRun(n: number): LiveRun {
  return {
    id: 'efp1q5l6u8',
    label: null,
    backend: 'leveldb',
    target: 'reports/data/efp1q5l6u8',
    batchSize: 100,
    plannedBatches: 600,
    plannedObjects: 60_000,
    batches: batchesOf(DEFAULT_RUN.slice(0, n), 100, 2_058_500, 300, n > 50 ? 2 : 0),
  };
}

/** CPU pressure per batch: quiet at 4%, and from batch 61 on at 55% (another job started). */
function pressure(n: number): LivePressure {
  const cpu = Array.from({ length: n }, (_, i) => (i < 60 ? 0.04 + (i % 5) * 0.01 : 0.55 + (i % 4) * 0.02));
  return { cpu, io: cpu.map(() => 0.01), wait: cpu.map(() => null) };
}

function single(n: number, o: { stopEarly?: boolean; sinceBatchMs?: number; runs?: LiveRun[] } = {}): LiveState {
  const runs = o.runs ?? [defaultRun(n)];
  const elapsedMs = runs[0]!.batches.reduce((s, b) => s + b.wallMs, 0) * 1.3;
  return {
    runs,
    elapsedMs,
    sinceBatchMs: o.sinceBatchMs ?? 40,
    limit: 1.1,
    maxErrorRate: 0.01,
    analysis: liveAnalysis(runs, { limit: 1.1, stopEarly: o.stopEarly ?? true, pressure: pressure(n) }),
  };
}

function fedora4Run(n: number): LiveRun {
  return {
    id: 'f4minimal0',
    label: 'fedora4',
    backend: 'ldp',
    target: 'http://127.0.0.1:8080/rest',
    batchSize: 1000,
    plannedBatches: 100,
    plannedObjects: 100_000,
    batches: batchesOf(FEDORA4.slice(0, n), 1000, 100_000_000, 2000),
  };
}

function compareState(n: number): LiveState {
  const a: LiveRun = {
    ...fedora4Run(n),
    id: 'f3reference',
    name: 'fedora3',
    backend: 'fedora3',
    target: 'http://127.0.0.1:8081/fedora',
    plannedBatches: 25,
    plannedObjects: 25_000,
    batches: batchesOf(FEDORA3.slice(0, n), 1000, 100_000_000, 2000),
  };
  const b: LiveRun = { ...fedora4Run(n - 1), name: 'fedora4', plannedBatches: 25, plannedObjects: 25_000 };
  const runs = [a, b];
  return {
    runs,
    compareId: 'cmp8c2k1x0',
    elapsedMs: 1_400_000,
    sinceBatchMs: 20_000,
    limit: 1.1,
    maxErrorRate: 0.01,
    analysis: liveAnalysis(runs, { limit: 1.1, stopEarly: false }),
  };
}

const WIDE: LiveView = { width: 100, height: 40, color: false };

export interface LiveCase {
  name: string;
  state: LiveState;
  view: LiveView;
}

export const LIVE_CASES: LiveCase[] = [
  { name: 'live-early', state: single(6), view: WIDE },
  { name: 'live-mid', state: single(240), view: WIDE },
  { name: 'live-stale', state: single(240, { sinceBatchMs: 9000 }), view: WIDE },
  { name: 'live-early-stop-look', state: single(14, { runs: [fedora4Run(14)] }), view: WIDE },
  { name: 'live-compare', state: compareState(20), view: WIDE },
  { name: 'live-60-columns', state: single(240), view: { width: 60, height: 30, color: false } },
  { name: 'live-short-terminal', state: single(240), view: { width: 100, height: 12, color: false } },
  { name: 'live-color', state: single(240), view: { ...WIDE, color: true } },
];

/** The golden files' cases: each screen as the text the golden file holds. */
export const LIVE_GOLDEN_CASES = LIVE_CASES.map((c) => ({
  name: c.name,
  ext: 'txt',
  render: (): string => `${renderLiveScreen(c.state, c.view).join('\n')}\n`,
}));
