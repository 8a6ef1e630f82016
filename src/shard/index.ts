/**
 * The shards' front door: one shard of a run, the partition of a workload into shards, and the
 * merge of shard files (local or fetched from S3) into one run.
 */
export type { ShardInput } from './merge-check.js';
export { mergeShards, type ClockCorrect, type MergeResult } from './merge-run.js';
export { checkShardable, type ShardSpec } from './partition.js';
export { fetchShardFiles, parseS3Location, type FetchedShards } from './s3-shard-files.js';
export type { ShardRunResult } from './shard-run.js';
export { runShardWorkload, type ShardSettings } from './shard-workload.js';
export { WallAnchor } from './wall-anchor.js';
