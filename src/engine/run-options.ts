/**
 * A run's options, resolved and validated once from what the user typed (src/cli/run-options.ts)
 * before anything is opened or written; `runWorkload` (run-workload.ts) takes them as they are.
 * A resumed run's gates, timeouts and workload are its recorded ones. A new option is a field here
 * and a line in the resolver.
 */
import type { RunTags } from '../model/run-tags.js';
import type { RunTarget } from '../backends/index.js';
import type { RunRecord } from '../model/records.js';
import type { Workload } from '../workload/index.js';
import type { ProbeOptions } from './probes/probe-runner.js';

/** The run `run --resume` carries on: its record and its own workload. */
export interface ResumedRun {
  run: RunRecord;
  workload: Workload;
}

export interface RunOptions {
  /** The backend's name (a resumed run's own). */
  backend: string;
  workload: Workload;
  /** The results database (--db). */
  db: string;
  label?: string;
  /** The run's tags (run --tag KEY=VALUE), stored with it. */
  tags?: RunTags;
  /** --max-growth: the gate's limit, stored with the run. */
  maxGrowth: number;
  /** --min-detectable, when asked for. */
  minDetectable?: number;
  /** --max-error-rate: the share of failed operations that fails the run. */
  maxErrorRate: number;
  /** Attempts after the first of an operation worth retrying (--retries). */
  retries: number;
  /** --request-timeout and --connect-timeout. */
  timeouts: { requestMs: number; connectMs: number };
  /** --stop-grace: how long the batch in flight may finish after the first signal. */
  stopGraceMs: number;
  /** Early FAIL when the sequential look is certain (--stop-early, on by default for long runs). */
  stopEarly: boolean;
  /** Read-side probes between batches (--probe). */
  probes?: ProbeOptions;
  /** --data: the embedded store's directory. */
  dataDir?: string;
  keepData: boolean;
  ignoreFreeSpace: boolean;
  /** --client-warmup: warm the client against the target itself before batch 1. */
  clientWarmup: boolean;
  /** The client's warm-up against an in-process sink (off with --no-sink-warmup). */
  sinkWarmup: boolean;
  /** The backend's flags (its module reads them) and the secrets from the environment. */
  target: RunTarget & { flags: Readonly<Record<string, unknown>>; timeouts: { requestMs: number; connectMs: number } };
  /** The run carried on by --resume, or null for a new run. */
  resume: ResumedRun | null;
}
