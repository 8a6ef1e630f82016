/**
 * The interim statistics of the live view (live-state.ts, LiveAnalysis): the growth gate on the
 * batches so far, the early-stop look, host contention so far, and a compare's running level
 * ratios. Pure; computed once per recorded batch (the screen is redrawn more often than that).
 */
import { contentionRise } from '../analysis/contention.js';
import { growthGate } from '../analysis/growth-gate.js';
import { FIRST_LOOK_BATCH, sequentialLook } from '../analysis/sequential-look.js';
import type { LiveAnalysis, LiveLevel, LivePressure, LiveRun } from './live-state.js';

export interface LiveAnalysisOptions {
  limit: number;
  /** Whether the run makes early-stop looks (run --stop-early, the default on long runs). */
  stopEarly: boolean;
  pressure?: LivePressure;
}

const positive = (times: readonly number[]): boolean => times.every((t) => t > 0 && Number.isFinite(t));

/** The running level of `run` against `first`: the median of ln(this / first) over the batches both have. */
export function runningLevel(first: LiveRun, run: LiveRun): LiveLevel | null {
  const n = Math.min(first.batches.length, run.batches.length);
  const logs: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = first.batches[i]?.wallMs ?? 0;
    const b = run.batches[i]?.wallMs ?? 0;
    if (a > 0 && b > 0) logs.push(Math.log(b / a));
  }
  if (logs.length === 0) return null;
  logs.sort((x, y) => x - y);
  const mid = logs.length >> 1;
  const median =
    logs.length % 2 === 1 ? (logs[mid] as number) : ((logs[mid - 1] as number) + (logs[mid] as number)) / 2;
  return { pairs: logs.length, ratio: Math.exp(median) };
}

export function liveAnalysis(runs: readonly LiveRun[], o: LiveAnalysisOptions): LiveAnalysis {
  const first = runs[0];
  const gates = runs.map((r) => {
    const times = r.batches.map((b) => b.wallMs);
    return times.length >= FIRST_LOOK_BATCH && positive(times)
      ? growthGate(times, { batchSize: r.batchSize, limit: o.limit })
      : null;
  });
  const times = first ? first.batches.map((b) => b.wallMs) : [];
  const look =
    first !== undefined && gates[0] && o.stopEarly && times.length < first.plannedBatches
      ? sequentialLook(times, { batchSize: first.batchSize, limit: o.limit, plannedBatches: first.plannedBatches })
      : null;
  const p = o.pressure;
  const rise = p ? contentionRise({ cpu: p.cpu, io: p.io, wait: p.wait }) : null;
  const cpuNow = p ? ([...p.cpu].reverse().find((v) => v !== null && Number.isFinite(v)) ?? null) : null;
  const levels = first ? runs.map((r, k) => (k === 0 ? null : runningLevel(first, r))) : [];
  return { gates, look, rise, cpuNow, levels };
}
