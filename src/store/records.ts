/** The records the store keeps: facts about runs, batches and operations. */
import type { OpTiming, TargetInfo } from '../backends/backend.js';

export type RunStatus = 'running' | 'completed' | 'stopped-early' | 'aborted' | 'failed';
export type RunSource = 'run' | 'import';

export interface HostFacts {
  hostname: string;
  platform: string;
  arch: string;
  cpus: number;
  cpuModel: string;
  memoryBytes: number;
  /** How this run made its content: the native keystream, or node:crypto when the addon was not built. */
  contentGenerator?: 'native' | 'node-crypto';
}

export interface RunRecord {
  id: string;
  label: string | null;
  source: RunSource;
  status: RunStatus;
  backend: string;
  target: string | null;
  targetInfo: TargetInfo | null;
  /** Workload JSON for runs; for imports a description of the source file. */
  workload: unknown;
  batchSize: number;
  plannedBatches: number;
  toolVersion: string;
  nodeVersion: string;
  host: HostFacts;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
  /** Early FAIL: the batch the run stopped at and what the look saw. */
  stoppedAtBatch?: number | null;
  stopInfo?: StopInfo | null;
}

/** Why a run stopped early (growth-gate.md, "Early FAIL"). */
export interface StopInfo {
  batch: number;
  plannedBatches: number;
  projectedGrowth: number;
  lowerBound: number;
  limit: number;
  /** Wall time used so far over the projected wall time of the whole planned run. */
  shareOfPlannedTime: number;
}

export interface BatchRecord {
  /** 1-based batch index. */
  index: number;
  objects: number;
  /** Objects stored before this batch started. */
  objectsBefore: number;
  bytes: number;
  wallMs: number;
  okOps: number;
  failedOps: number;
  retriedOps: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  startedAt: string | null;
}

/** An operation as stored: an OpTiming with its start made relative to the batch start. */
export interface OpRecord extends Omit<OpTiming, 'startNs' | 'sha256'> {
  startMs: number;
}

export interface RunSummary extends RunRecord {
  batches: number;
  objects: number;
  bytes: number;
  failedOps: number;
}
