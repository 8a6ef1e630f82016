/**
 * The workload's front door: the `Workload` type, its files and flags, sizes, its hash and the
 * comparison of two workloads.
 */
export { parseDatastreamFlag } from './datastream-spec.js';
export { resolveWorkload } from './resolve.js';
export { formatSizeSpec, humanBytes, meanSize, parseBytes, parseSizeSpec, type SizeSpec } from './size.js';
export { compareWorkloads, type WorkloadComparison } from './workload-diff.js';
export { readWorkloadFile, type WorkloadOverrides } from './workload-file.js';
export { storedWorkloadHash, workloadHash } from './workload-hash.js';
export {
  LAYOUTS,
  plannedBatches,
  VERIFY_MODES,
  type ContentKind,
  type Layout,
  type VerifyMode,
  type Workload,
} from './workload.js';
