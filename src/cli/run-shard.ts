/**
 * `run --shard i/n --run-id ID [--start-at TIME]` (docs/scale-out.md): one shard of a run that
 * several processes fill together. It writes its stripe of the objects into the shared store and
 * its own results database, gates nothing, and exits 0 when its records are complete, 4 when it
 * failed, 130/143 when stopped by a signal. `ingest-scale merge` makes one run of the shards.
 * The use case is src/shard/shard-workload.ts; this file checks the flags it refuses and prints.
 */
import type { RunOptions } from '../engine/index.js';
import { UsageError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import { checkShardable, runShardWorkload, WallAnchor, type ShardRunResult } from '../shard/index.js';
import type { Workload } from '../workload/index.js';
import type { CliContext } from './context.js';
import type { RunFlags } from './run-action.js';
import { RunSignals } from './run-signals.js';
import type { ShardSettings } from './shard-flags.js';

/** Backends whose store several processes can fill together (leveldb is one process's files; fedora3 is not checked yet). */
const SHARDABLE = ['http-put', 'ldp', 's3', 'memory'];

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

/** The shard's last line: its status, counts and clock bracket (one JSON object with --json). */
function shardSummary(f: RunFlags, s: ShardSettings, r: ShardRunResult): string {
  const { spec, runId } = s;
  const c = r.clock.record;
  if (f.json)
    return JSON.stringify({
      run: runId,
      shard: spec.index,
      shards: spec.count,
      status: r.status,
      batches: r.batches,
      objects: r.objects,
      db: f.db,
      lateMs: r.lateMs,
      clock: { loMs: c.loMs, hiMs: c.hiMs, samples: c.samples },
    });
  const clock =
    c.samples === 0
      ? 'no clock bracket (the store sent no Date header)'
      : `store clock − shard clock in [${c.loMs?.toFixed(1)}, ${c.hiMs?.toFixed(1)}] ms from ${c.samples} responses`;
  return `shard ${spec.index}/${spec.count} of run ${runId}: ${r.status}, ${r.objects} objects in ${r.batches} batches recorded in ${f.db}; ${clock}${r.lateMs === null ? '' : `; started ${r.lateMs.toFixed(1)} ms after --start-at`}`;
}

export async function runShardCli(ctx: CliContext, f: RunFlags, s: ShardSettings, opts: RunOptions): Promise<ExitCode> {
  const w = opts.workload;
  refuseUnshardable(f, w, s);
  const { spec, runId } = s;
  const skew = Number(process.env.INGEST_SCALE_TEST_CLOCK_SKEW_MS ?? 0);
  const anchor = new WallAnchor(Number.isFinite(skew) ? skew : 0);
  const signals = new RunSignals(ctx, opts.stopGraceMs).install();
  try {
    const r = await runShardWorkload(opts, s, anchor, {
      signal: signals.stop.signal,
      abortNow: signals.abortNow.signal,
      onStart: (run, info, objects) => {
        ctx.err(
          `shard ${spec.index}/${spec.count} of run ${runId}: ${objects} of ${w.objects} objects in ${run.plannedBatches} batches of ${run.batchSize} into ${info.backend} at ${info.target}${s.startAt ? `, from ${s.startAt}` : ''}`,
        );
        if (f.backend === 'memory')
          ctx.err(
            "warning: the memory store lives in this shard's process only: the shards do not fill one store (use it to measure a shard itself)",
          );
      },
    });
    ctx.out(shardSummary(f, s, r));
    return r.status === 'complete' ? ExitCode.Ok : signals.exitCode();
  } finally {
    signals.uninstall();
  }
}
