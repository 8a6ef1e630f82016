/**
 * The results store's front door: `ResultsStore` and the functions named for what they read
 * and write (all SQL stays behind this door).
 */
export { importedBatchesSql } from './batch-import-sql.js';
export { batchTimesOf, readBatchTimes, readOpTotals } from './batch-times.js';
export { finishCompare, linkCompareRun, loadCompare, recordCompare } from './compare-records.js';
export { readHostSamples, recordHostSample, type HostSample } from './host-samples.js';
export { ImportedBatchWriter } from './imported-batch-writer.js';
export { writeImportedBatch } from './imported-ops.js';
export { setImportedPlan } from './imported-plan.js';
export { ingestErrorsByBatch } from './ingest-errors.js';
export { readPhaseOps, type PhaseOpRow } from './phase-ops.js';
export { readProbeOps, readProbeRestoreCounts } from './probe-op-rows.js';
export { ResultsStore } from './results-store.js';
export { newRunId } from './run-id.js';
export {
  recordIntent,
  recordIntentTx,
  reopenRun,
  unfinishedIntents,
  unfinishedTransactions,
  type Intent,
} from './run-intents.js';
export { recordLiveViewCost } from './run-view-cost.js';
export {
  batchOpFacts,
  eachStoredObject,
  insertEdgeOps,
  insertMergedBatches,
  insertMergedOps,
  insertMergedShard,
  opsPage,
  shardActivity,
  shardObjectFacts,
  updateBatchFacts,
  type EdgeOp,
} from './shard-merge-records.js';
export {
  createShard,
  finishShard,
  hasRun,
  readShards,
  recordLateness,
  recordShardBatch,
  type ShardFacts,
  type ShardRow,
} from './shard-records.js';
