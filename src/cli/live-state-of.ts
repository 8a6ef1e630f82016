/**
 * The live view's state (src/report/live-state.ts) from what a command has at hand: a run's record
 * and batches, the host samples the store keeps for them. `run`, `compare` and `watch` share it.
 */
import type { BatchRecord, RunRecord } from '../model/records.js';
import { liveAnalysis, type LiveAnalysis, type LivePressure, type LiveRun, type LiveState } from '../report/index.js';
import type { HostSample } from '../store/index.js';

export function liveRunOf(run: RunRecord, batches: readonly BatchRecord[], name?: string): LiveRun {
  const objects = (run.workload as { objects?: unknown } | null)?.objects;
  return {
    id: run.id,
    label: run.label,
    backend: run.backend,
    target: run.target ?? '',
    batchSize: run.batchSize,
    plannedBatches: run.plannedBatches,
    plannedObjects: typeof objects === 'number' ? objects : run.plannedBatches * run.batchSize,
    batches,
    ...(name === undefined ? {} : { name }),
  };
}

export function pressureOf(samples: readonly HostSample[]): LivePressure | undefined {
  if (samples.length === 0) return undefined;
  return {
    cpu: samples.map((s) => s.cpuPressure),
    io: samples.map((s) => s.ioPressure),
    wait: samples.map((s) => s.toolCpuWait),
  };
}

export interface LiveGates {
  limit: number;
  maxErrorRate: number;
  stopEarly: boolean;
}

export function analyse(runs: readonly LiveRun[], g: LiveGates, samples: readonly HostSample[]): LiveAnalysis {
  const pressure = pressureOf(samples);
  return liveAnalysis(runs, { limit: g.limit, stopEarly: g.stopEarly, ...(pressure ? { pressure } : {}) });
}

/** The state at `nowMs` (performance.now), for runs analysed as `analysis`. */
export function liveStateOf(
  runs: readonly LiveRun[],
  analysis: LiveAnalysis,
  g: LiveGates,
  t: { elapsedMs: number; sinceBatchMs: number; compareId?: string; note?: string },
): LiveState {
  return {
    runs,
    analysis,
    limit: g.limit,
    maxErrorRate: g.maxErrorRate,
    elapsedMs: t.elapsedMs,
    sinceBatchMs: t.sinceBatchMs,
    ...(t.compareId === undefined ? {} : { compareId: t.compareId }),
    ...(t.note === undefined ? {} : { note: t.note }),
  };
}
