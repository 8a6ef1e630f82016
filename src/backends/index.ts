/**
 * The backends' front door: the `Backend` contract and its capabilities, the registry of backend
 * modules and their flags, the timing and retries of one operation. It stays light: the CLI's
 * start path enters here for the backends' names and options, so nothing here loads a backend's
 * implementation (the registry's `create` does) or the S3 client (`loadS3Access` does).
 */
export { BACKEND_FLAGS, backendFlags, refuseForeignCleanFlags, refuseForeignFlags } from './backend-flags.js';
export {
  optionKey,
  type Access,
  type BackendModule,
  type BackendOptionSpec,
  type OptionCommand,
  type RunTarget,
} from './backend-module.js';
export { BACKEND_NAMES } from './backend-names.js';
export {
  canCheckProbes,
  canCleanAll,
  canFinishClean,
  canHead,
  canListPage,
  canPrepare,
  canRead,
  canReadRange,
  canRemove,
  canUpdate,
  clockOf,
  hasBatchLifecycle,
  hasTransactions,
  simulatesTime,
  type Backend,
  type HeadCapability,
  type ListPageCapability,
  type RangeReadCapability,
  type ReadCapability,
  type RemoveCapability,
  type UpdateCapability,
} from './backend.js';
export type { HttpTimeouts } from './http/http-target.js';
export { setResponseClockObserver } from './http/response-clock.js';
export { earlierAttempts, errorCodeOf, inFlightOps, OpError, timeOp, type EarlierAttempt } from './op-timer.js';
export { BACKEND_MODULES, backendModule, createFromFlags } from './registry.js';
export { DEFAULT_RETRY_POLICY, setRetryPolicy } from './retry-policy.js';
export { loadS3Access, type S3Access } from './s3/s3-access.js';
export type { S3Client } from './s3/s3-client.js';
