/**
 * `run --shard i/n --run-id ID [--start-at TIME]` (docs/scale-out.md): one shard of a run that
 * several processes fill together. It writes its stripe of the objects into the shared store and
 * its own results database, gates nothing, and exits 0 when its records are complete, 4 when it
 * failed, 130/143 when stopped by a signal. `ingest-scale merge` makes one run of the shards.
 */
import { hostname } from 'node:os';
import os from 'node:os';
import { setRetryPolicy, DEFAULT_RETRY_POLICY } from '../backends/retry-policy.js';
import { createFromFlags } from '../backends/registry.js';
import { objectIdPrefix } from '../engine/object-ids.js';
import { UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import { keystreamImpl } from '../generate/native-keystream.js';
import { hostFactsOf } from '../model/host-facts.js';
import type { RunRecord } from '../model/records.js';
import { ResultsStore } from '../store/results-store.js';
import { hasRun } from '../store/shard-records.js';
import { checkShardable, shardObjectCount } from '../shard/partition.js';
import { runShard } from '../shard/shard-run.js';
import { WallAnchor } from '../shard/wall-anchor.js';
import { workloadHash } from '../shard/workload-hash.js';
import { TOOL_VERSION } from '../version.js';
import { plannedBatches, type Workload } from '../workload/workload.js';
import type { CliContext } from './context.js';
import type { RunFlags } from './run-action.js';
import { RunSignals } from './run-signals.js';
import type { ShardSettings } from './shard-flags.js';

/** Backends whose store several processes can fill together (leveldb is one process's files; fedora3 is not checked yet). */
const SHARDABLE = ['http-put', 'ldp', 's3', 'memory'];

export interface ShardRunInputs {
  workload: Workload;
  maxErrorRate: number;
  retries: number;
  stopGraceMs: number;
  target: { password?: string; token?: string; timeouts: { requestMs: number; connectMs: number } };
}

function refuseUnshardable(f: RunFlags, w: Workload, s: ShardSettings): void {
  if (!SHARDABLE.includes(f.backend)) {
    const why =
      f.backend === 'leveldb'
        ? "the embedded LevelDB store is one process's files: shards in other processes cannot write into it"
        : `backend ${f.backend} is not checked for shared writes yet`;
    throw new UsageError('E_FLAG_CONFLICT', `--shard: ${why}`, `use --shard with --backend ${SHARDABLE.join(', ')}`);
  }
  const conflict =
    f.resume !== undefined
      ? '--resume'
      : f.probe !== undefined
        ? '--probe'
        : w.verify === 'readback'
          ? '--verify readback'
          : null;
  if (conflict)
    throw new UsageError(
      'E_FLAG_CONFLICT',
      `--shard does not take ${conflict}`,
      `drop ${conflict}: a shard only writes its stripe and records it`,
    );
  checkShardable(w.batchSize, s.spec.count);
}

export async function runShardCli(
  ctx: CliContext,
  f: RunFlags,
  s: ShardSettings,
  i: ShardRunInputs,
): Promise<ExitCode> {
  const w = i.workload;
  refuseUnshardable(f, w, s);
  const { spec, runId } = s;
  const skew = Number(process.env.INGEST_SCALE_TEST_CLOCK_SKEW_MS ?? 0);
  const anchor = new WallAnchor(Number.isFinite(skew) ? skew : 0);
  const store = await ResultsStore.open(f.db, 'write');
  let backend;
  try {
    if (await hasRun(store.db, runId)) {
      throw new UsageError(
        'E_BAD_FLAG',
        `run ${runId} is already in ${f.db}`,
        'each shard writes its own results database: give each a --db of its own (e.g. shard-0.db … shard-3.db)',
      );
    }
    backend = await createFromFlags(f.backend, {
      dataDir: '',
      concurrency: w.concurrency,
      runId,
      workload: w,
      purpose: 'run',
      shared: true,
      flags: f as unknown as Record<string, unknown>,
      ...i.target,
    });
  } catch (e) {
    await store.close();
    throw e;
  }
  const previousPolicy = setRetryPolicy({ ...DEFAULT_RETRY_POLICY, retries: i.retries });
  const signals = new RunSignals(ctx, i.stopGraceMs).install();
  try {
    const info = await backend.preflight();
    const objects = shardObjectCount(w.objects, spec);
    const startedAt = new Date(anchor.wallMs).toISOString();
    const run: RunRecord = {
      id: runId,
      label: f.label ?? `shard ${spec.index}/${spec.count}`,
      source: 'run',
      status: 'running',
      backend: backend.name,
      target: info.target,
      targetInfo: info,
      workload: w,
      batchSize: w.batchSize / spec.count,
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
        maxErrorRate: i.maxErrorRate,
        maxGrowth: Number(f.maxGrowth),
        stopEarly: false,
        retries: i.retries,
        requestTimeoutMs: i.target.timeouts.requestMs,
        connectTimeoutMs: i.target.timeouts.connectMs,
      },
    };
    ctx.err(
      `shard ${spec.index}/${spec.count} of run ${runId}: ${objects} of ${w.objects} objects in ${run.plannedBatches} batches of ${run.batchSize} into ${info.backend} at ${info.target}${s.startAt ? `, from ${s.startAt}` : ''}`,
    );
    if (f.backend === 'memory')
      ctx.err(
        "warning: the memory store lives in this shard's process only: the shards do not fill one store (use it to measure a shard itself)",
      );
    const r = await runShard({
      store,
      run,
      workload: w,
      backend,
      spec,
      anchor,
      idPrefix: objectIdPrefix(runId),
      startAtMs: s.startAtMs,
      maxErrorRate: i.maxErrorRate,
      signal: signals.stop.signal,
      abortNow: signals.abortNow.signal,
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
    const c = r.clock.record;
    const summary = {
      run: runId,
      shard: spec.index,
      shards: spec.count,
      status: r.status,
      batches: r.batches,
      objects: r.objects,
      db: f.db,
      lateMs: r.lateMs,
      clock: { loMs: c.loMs, hiMs: c.hiMs, samples: c.samples },
    };
    if (f.json) ctx.out(JSON.stringify(summary));
    else {
      const clock =
        c.samples === 0
          ? 'no clock bracket (the store sent no Date header)'
          : `store clock − shard clock in [${c.loMs?.toFixed(1)}, ${c.hiMs?.toFixed(1)}] ms from ${c.samples} responses`;
      ctx.out(
        `shard ${spec.index}/${spec.count} of run ${runId}: ${r.status}, ${r.objects} objects in ${r.batches} batches recorded in ${f.db}; ${clock}${r.lateMs === null ? '' : `; started ${r.lateMs.toFixed(1)} ms after --start-at`}`,
      );
    }
    return r.status === 'complete' ? ExitCode.Ok : signals.exitCode();
  } finally {
    signals.uninstall();
    setRetryPolicy(previousPolicy);
    await backend.close();
    await store.close();
  }
}
