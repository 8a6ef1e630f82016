/** The workload hash lives with the workload (src/workload/workload-hash.ts); shards and merge use it from here. */
export { workloadHash } from '../workload/index.js';
