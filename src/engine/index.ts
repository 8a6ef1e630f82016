/**
 * The engine's front door: a run's session and workload, its options and events, resuming and
 * cleaning runs, the probe kinds and one batch's steps (which a shard runs as the engine does).
 */
export { batchRecordOf, BatchTally, ingestBatch } from './batch-step.js';
export { toOpRecords } from './batch-summary.js';
export { recordedObjects } from './clean-objects.js';
export { cleanRun } from './clean-run.js';
export { inFlightNow, type InFlight } from './in-flight.js';
export { objectIdPrefix } from './object-ids.js';
export { parseProbeKinds, PROBE_KINDS, type ProbeKind } from './probes/probe-kinds.js';
export { DEFAULT_PROBE_SAMPLE, type ProbeOptions } from './probes/probe-runner.js';
export { checkResumable } from './resume-run.js';
export type { EngineProgress } from './run-engine.js';
export type { ResumedRun, RunOptions } from './run-options.js';
export { checkDatastreamSizes, DEFAULT_MAX_DATASTREAM_BYTES } from './run-sanity.js';
export {
  prepareRun,
  runSession,
  type PreparedRun,
  type RunSessionOptions,
  type RunSessionResult,
} from './run-session.js';
export { runWorkload, type RunEvents, type RunOutcome } from './run-workload.js';
export { ABORTED, untilAborted } from './until-aborted.js';
