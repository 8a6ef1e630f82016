/**
 * The use case of `run --shard i/n` (docs/scale-out.md): one shard of a run that several processes
 * fill together, from resolved RunOptions (src/engine/run-options.ts). It refuses a results
 * database that already holds the run, makes the backend as a shared target, preflights it,
 * records the shard's run and drives shard-run.ts. It prints nothing: the caller hears of the
 * start and renders the result.
 */
import { hostname } from 'node:os';
import os from 'node:os';
import { createFromFlags, DEFAULT_RETRY_POLICY, setRetryPolicy, type Backend } from '../backends/index.js';
import { objectIdPrefix, type RunOptions } from '../engine/index.js';
import { UsageError } from '../errors.js';
import { keystreamImpl } from '../generate/index.js';
import { hostFactsOf } from '../model/host-facts.js';
import type { RunRecord } from '../model/records.js';
import type { TargetInfo } from '../model/timings.js';
import { hasRun, ResultsStore } from '../store/index.js';
import { TOOL_VERSION } from '../version.js';
import { plannedBatches } from '../workload/index.js';
import { shardObjectCount, type ShardSpec } from './partition.js';
import { runShard, type ShardRunResult } from './shard-run.js';
import type { WallAnchor } from './wall-anchor.js';
import { workloadHash } from './workload-hash.js';

/** A shard's place in its run: `--shard i/n`, `--run-id`, `--start-at`. */
export interface ShardSettings {
  spec: ShardSpec;
  runId: string;
  /** Unix ms of --start-at, or null. */
  startAtMs: number | null;
  startAt: string | null;
}

export interface ShardEvents {
  /** Stop between batches (status aborted). */
  signal?: AbortSignal;
  /** Abandon the batch in flight. */
  abortNow?: AbortSignal;
  /** The shard's run is made; `objects` is its stripe's count. */
  onStart?: (run: RunRecord, info: TargetInfo, objects: number) => void;
}

/** The shard's run record: a batch is its stripe of the global batch; it gates nothing. */
function shardRunRecord(o: RunOptions, s: ShardSettings, backend: Backend, info: TargetInfo, anchor: WallAnchor) {
  const w = o.workload;
  const startedAt = new Date(anchor.wallMs).toISOString();
  const run: RunRecord = {
    id: s.runId,
    label: o.label ?? `shard ${s.spec.index}/${s.spec.count}`,
    source: 'run',
    status: 'running',
    backend: backend.name,
    target: info.target,
    targetInfo: info,
    workload: w,
    batchSize: w.batchSize / s.spec.count,
    plannedBatches: plannedBatches(w),
    toolVersion: TOOL_VERSION,
    nodeVersion: process.version,
    host: { ...hostFactsOf(os), contentGenerator: keystreamImpl },
    startedAt,
    finishedAt: null,
    error: null,
    pid: process.pid,
    runHost: hostname(),
    heartbeatAt: startedAt,
    settings: {
      maxErrorRate: o.maxErrorRate,
      maxGrowth: o.maxGrowth,
      stopEarly: false,
      retries: o.retries,
      requestTimeoutMs: o.timeouts.requestMs,
      connectTimeoutMs: o.timeouts.connectMs,
    },
  };
  return run;
}

/** Opens the shard's own results database (refused when it holds the run already) and makes its shared target. */
async function openShard(o: RunOptions, s: ShardSettings): Promise<{ store: ResultsStore; backend: Backend }> {
  const store = await ResultsStore.open(o.db, 'write');
  try {
    if (await hasRun(store.db, s.runId)) {
      throw new UsageError(
        'E_BAD_FLAG',
        `run ${s.runId} is already in ${o.db}`,
        'each shard writes its own results database: give each a --db of its own (e.g. shard-0.db … shard-3.db)',
      );
    }
    const backend = await createFromFlags(o.backend, {
      dataDir: '',
      concurrency: o.workload.concurrency,
      runId: s.runId,
      workload: o.workload,
      purpose: 'run',
      shared: true,
      ...o.target,
    });
    return { store, backend };
  } catch (e) {
    await store.close();
    throw e;
  }
}

export async function runShardWorkload(
  o: RunOptions,
  s: ShardSettings,
  anchor: WallAnchor,
  ev: ShardEvents = {},
): Promise<ShardRunResult> {
  const { spec, runId } = s;
  const w = o.workload;
  const { store, backend } = await openShard(o, s);
  const previousPolicy = setRetryPolicy({ ...DEFAULT_RETRY_POLICY, retries: o.retries });
  try {
    const info = await backend.preflight();
    const objects = shardObjectCount(w.objects, spec);
    const run = shardRunRecord(o, s, backend, info, anchor);
    ev.onStart?.(run, info, objects);
    return await runShard({
      store,
      run,
      workload: w,
      backend,
      spec,
      anchor,
      idPrefix: objectIdPrefix(runId),
      startAtMs: s.startAtMs,
      maxErrorRate: o.maxErrorRate,
      ...(ev.signal ? { signal: ev.signal } : {}),
      ...(ev.abortNow ? { abortNow: ev.abortNow } : {}),
      facts: {
        runId,
        index: spec.index,
        count: spec.count,
        seed: w.seed,
        workloadHash: workloadHash(w),
        toolVersion: TOOL_VERSION,
        hostName: hostname(),
        podName: process.env.POD_NAME || null,
        wallAnchorMs: anchor.wallMs,
        startAt: s.startAt,
        objects,
      },
    });
  } finally {
    setRetryPolicy(previousPolicy);
    await backend.close();
    await store.close();
  }
}
