/**
 * The records of a run, its batches and its operations: what the engine makes, the store keeps and
 * the verdict reads. Types only; this room imports nothing from outside src/model/.
 */
import type { HostFacts } from './host-facts.js';
import type { RunTags } from './run-tags.js';
import type { OpTiming, TargetInfo } from './timings.js';

/**
 * `interrupted` is never written: it is how a `running` run whose process is gone is shown
 * (src/store/run-liveness.ts). `aborted` is a run stopped by a signal, with its finished batches kept.
 */
export type RunStatus = 'running' | 'completed' | 'stopped-early' | 'aborted' | 'failed' | 'interrupted';
export type RunSource = 'run' | 'import';

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
  /** Process id and hostname of the run's process (schema v3; null for older runs and imports). */
  pid?: number | null;
  runHost?: string | null;
  /** Last sign of life: the start, then the end of every recorded batch. */
  heartbeatAt?: string | null;
  /** The gate settings the run was made with (schema v3; null for older runs). */
  settings?: RunSettings | null;
  /** The run's tags (run --tag KEY=VALUE; schema 10): empty for untagged and older runs. */
  tags?: RunTags;
}

/** Settings of a run that are facts of it: `check` and `report` use them unless overridden. */
export interface RunSettings {
  /** --max-error-rate of the run (fraction). */
  maxErrorRate: number;
  /** --max-growth of the run. */
  maxGrowth: number;
  /** Early FAIL was armed. */
  stopEarly: boolean;
  /** --retries of the run (attempts after the first). */
  retries?: number;
  /** --min-detectable of the run (power-rule.ts); absent or null when not asked for. */
  minDetectable?: number | null;
  /** --request-timeout and --connect-timeout of the run, ms (absent for runs recorded before they were kept). */
  requestTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Read-side probes between batches (run --probe), when asked for. */
  probes?: { kinds: string[]; sample: number; stopAboveMs: number | null };
  /** The client's warm-up against an in-process sink before batch 1 (src/engine/sink-warmup.ts); absent when off. */
  sinkWarmup?: { objects: number; requests: number; ms: number; skipped: string | null };
  /** An imported request log (`import --format k6|jmeter|warp`): its source and the selection made. */
  import?: LogImportSettings;
  /** --tag KEY=VALUE of the run or import. */
  tags?: Record<string, string>;
  /** The live terminal view's own cost in the run's process, when it was drawn (absent otherwise). */
  liveView?: LiveViewSettings;
}

/** What the live view cost: frames drawn, its CPU time (statistics and frames) and the wall time it was up, ms. */
export interface LiveViewSettings {
  frames: number;
  cpuMs: number;
  wallMs: number;
}

/** What an imported request log was and which of its requests were taken (src/import/log-import.ts). */
export interface LogImportSettings {
  tool: 'k6' | 'jmeter' | 'warp';
  /** The tool's variant of its format (jmeter: csv or xml). */
  variant?: string;
  /** The tool's or the format's version where the file says it. */
  version?: string;
  compression: 'none' | 'gzip' | 'zstd';
  selection: { method: string[] | null; match: string | null; status: string | null; readsAsProbes: boolean };
  /** How the requests of the file were used. */
  counts: LogImportCounts;
}

export interface LogImportCounts {
  requests: number;
  ingests: number;
  failedIngests: number;
  probes: number;
  /** Left out by --method (reads, or other methods), --match and --status. */
  leftOutByMethod: number;
  leftOutByMatch: number;
  leftOutByStatus: number;
  /** Requests after the last full batch. */
  afterLastBatch: number;
  /** Lines that were not requests (other metrics, declarations, comments). */
  otherLines: number;
  /** Requests that ended before one already batched, beyond the reordering window. */
  outOfOrder: number;
}

/** Why a run stopped early (docs/growth-gate.md, "Early FAIL"). */
export interface StopInfo {
  batch: number;
  plannedBatches: number;
  projectedGrowth: number;
  lowerBound: number;
  limit: number;
  /** Wall time used so far over the projected wall time of the whole planned run. */
  shareOfPlannedTime: number;
  /** A stop by --probe-stop-above (docs/probes.md): the probe kind, its median latency in the batch, the limit. */
  probe?: { kind: string; medianMs: number; limitMs: number };
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

/**
 * An operation as stored: an OpTiming with its start made relative to the batch start. An attempt
 * that failed and was tried again is stored as its own row with status `retried` (never counted as
 * ok or failed); the final attempt's row says how many attempts there were.
 */
export interface OpRecord extends Omit<OpTiming, 'startNs' | 'sha256' | 'status'> {
  status: OpTiming['status'] | 'retried';
  startMs: number;
}

export interface RunSummary extends RunRecord {
  batches: number;
  objects: number;
  bytes: number;
  failedOps: number;
}

/** An object as `clean` knows it from the run's records. */
export interface ObjectRef {
  id: string;
  index: number;
}
