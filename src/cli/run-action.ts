/** What `ingest-scale run` does once its flags are parsed (loaded only when the command runs): resolve, run, print. */
import { inFlightNow, runWorkload, type RunEvents, type RunOptions, type RunOutcome } from '../engine/index.js';
import { ExitCode } from '../exit-codes.js';
import { exitCodeOf } from '../verdict/index.js';
import { isIngestScaleError } from '../errors.js';
import { plannedBatches } from '../workload/index.js';
import type { CliContext } from './context.js';
import { ProgressLine } from './progress-line.js';
import { runObserver, type RunObserver } from './run-observer.js';
import { resumeTarget } from './run-resume.js';
import { abortedNote, RunSignals } from './run-signals.js';
import { renderRunSummary } from './run-output.js';
import { resolveRunOptions } from './run-options.js';
import type { WorkloadFlags } from './workload-options.js';
import { probeJson, probeStopHead, probeText, type ProbeFlags } from './probe-cli.js';
import { parseShardFlags, type ShardFlags } from './shard-flags.js';

export interface RunFlags extends ProbeFlags, ShardFlags, WorkloadFlags {
  backend: string;
  data?: string;
  keepData?: boolean;
  // each backend's own flags (--url, --bucket, --flavor, …) are read by its module (src/backends/<name>/index.ts)
  db: string;
  label?: string;
  maxGrowth: string;
  minDetectable?: string;
  maxErrorRate: string;
  json?: boolean;
  progress: boolean;
  chart: boolean;
  stopEarly?: boolean;
  stopGrace?: string;
  resume?: string;
  requestTimeout?: string;
  connectTimeout?: string;
  retries?: string;
  maxDatastreamSize?: string;
  ignoreFreeSpace?: boolean;
  clientWarmup?: boolean;
  /** false with --no-sink-warmup. */
  sinkWarmup?: boolean;
  /** false with --no-live. */
  live?: boolean;
  /** --metrics [HOST:]PORT: OpenMetrics while the run goes. */
  metrics?: string;
  /** --tag KEY=VALUE (repeatable). */
  tag?: string[];
}

/** The lines on stderr as the run starts (none with --json but a target's warning). */
function startEvents(
  ctx: CliContext,
  f: RunFlags,
  opts: RunOptions,
  observe: RunObserver,
): Pick<RunEvents, 'onStart' | 'onSinkWarmupSkipped'> {
  return {
    onSinkWarmupSkipped: (why) => {
      if (!f.json) ctx.err(`warning: the client's warm-up was skipped: ${why}`);
    },
    onStart: (r, info, from, store) => {
      observe.start(r, store);
      if (!f.json)
        ctx.err(
          `run ${r.id}: ${opts.workload.objects} objects in ${r.plannedBatches} batches into ${info.backend} at ${info.target}${info.version ? ` (${info.product ?? ''} ${info.version})` : ''}`,
        );
      if (typeof info.details?.warning === 'string') ctx.err(`warning: ${info.details.warning}`);
      if (from && !f.json)
        ctx.err(
          `resuming at batch ${from.previous.length + 1} of ${r.plannedBatches}${from.carryOps.length > 0 ? `, after removing the ${from.carryOps.length} objects its unfinished batch may have half-written` : ''}`,
        );
    },
  };
}

/** The run's summary, with its probes' verdicts when it ran any. */
function outcomeText(ctx: CliContext, f: RunFlags, out: RunOutcome): string {
  const summary = renderRunSummary(out.evaluated, {
    json: f.json === true,
    chart: f.chart,
    color: ctx.color,
    width: ctx.width,
  });
  const run = out.result.run;
  if (out.probes.length === 0) return summary;
  return f.json
    ? JSON.stringify({ ...JSON.parse(summary), probes: probeJson(out.probes) })
    : [summary, '', probeText(out.probes, run), ...probeStopHead(run).slice(0, 1)].join('\n');
}

export async function run(ctx: CliContext, f: RunFlags, o: { backendDefaulted?: boolean } = {}): Promise<ExitCode> {
  // everything a user typed is checked before anything is opened or written
  const resume = f.resume === undefined ? null : await resumeTarget(f, o);
  const opts = resolveRunOptions(f, resume, o);
  const shard = parseShardFlags(f, Date.now());
  if (shard) {
    // a shard of a run filled by several processes: it records its stripe and gates nothing (run-shard.ts)
    const { runShardCli } = await import('./run-shard.js');
    return runShardCli(ctx, f, shard, opts);
  }
  // the live view and the metrics endpoint (run-observer.ts); a --metrics address that cannot be bound stops here
  const observe = await runObserver(ctx, f);
  const signals = new RunSignals(ctx, opts.stopGraceMs).install();
  const progress =
    f.progress && ctx.stderrTty && !f.json && !observe.live
      ? new ProgressLine(process.stderr, opts.workload, plannedBatches(opts.workload))
      : undefined;
  // while requests stall, the line shows how many and for how long instead of a stale ETA
  const ticker = progress ? setInterval(() => progress.tick(inFlightNow()), 1000) : undefined;
  ticker?.unref();
  try {
    const out = await runWorkload(opts, {
      signal: signals.stop.signal,
      abortNow: signals.abortNow.signal,
      ...startEvents(ctx, f, opts, observe),
      onBatch: (p) => {
        progress?.update(p);
        observe.batch(p);
      },
      // the view's cost is kept with the run while its database is open, before the run is evaluated
      onSessionEnd: () => observe.finish(),
    });
    progress?.done();
    await observe.finish();
    ctx.out(outcomeText(ctx, f, out));
    if (out.result.run.status === 'aborted') {
      ctx.err(abortedNote(out.result, out.removableDataDir));
      return signals.exitCode();
    }
    return exitCodeOf(out.evaluated);
  } catch (e) {
    progress?.done();
    await observe.finish();
    if (isIngestScaleError(e) && e.exitCode === ExitCode.RunFailed && f.json) {
      ctx.out(JSON.stringify({ status: 'failed', error: { code: e.code, message: e.message, hint: e.hint ?? null } }));
    }
    throw e;
  } finally {
    signals.uninstall();
    if (ticker) clearInterval(ticker);
  }
}
