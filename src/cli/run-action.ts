/** What `ingest-scale run` does once its flags are parsed (loaded only when the command runs). */
import { backendModule } from '../backends/registry.js';
import { refuseForeignFlags } from '../backends/backend-flags.js';
import { EARLY_STOP_MIN_PLANNED } from '../engine/early-stop-default.js';
import { evaluateRun } from '../verdict/evaluate-run.js';
import { planResume, reopenTarget } from '../engine/resume-run.js';
import { checkDatastreamSizes, DEFAULT_MAX_DATASTREAM_BYTES } from '../engine/run-sanity.js';
import { inFlightNow } from '../engine/in-flight.js';
import { objectIdPrefix } from '../engine/object-ids.js';
import { prepareRun, runSession } from '../engine/run-session.js';
import { SINK_BACKENDS, warmUpAgainstSink } from '../engine/sink-warmup.js';
import { ExitCode } from '../exit-codes.js';
import { errorBudget } from '../verdict/error-budget.js';
import { exitCodeOf } from '../verdict/exit-code.js';
import type { StoredEvaluation } from '../verdict/stored-evaluation.js';
import { isIngestScaleError } from '../errors.js';
import { ResultsStore } from '../store/results-store.js';
import { ingestErrorsByBatch } from '../store/ingest-errors.js';
import { parseBytes } from '../workload/size.js';
import { readWorkloadFile } from '../workload/workload-file.js';
import { resolveWorkload } from '../workload/resolve.js';
import { plannedBatches } from '../workload/workload.js';
import type { CliContext } from './context.js';
import { parseIntFlag, parseMaxGrowth, parseNumberFlag } from './parse-flags.js';
import { parseDuration } from './parse-duration.js';
import { parseMinDetectable } from './gate-flags.js';
import { ProgressLine } from './progress-line.js';
import { resumeTarget } from './run-resume.js';
import { abortedNote, RunSignals } from './run-signals.js';
import { renderRunSummary } from './run-output.js';
import { workloadFromFlags, type WorkloadFlags } from './workload-options.js';
import { parseProbeFlags, probeJson, probeStopHead, probeText, type ProbeFlags } from './probe-cli.js';
import { probeVerdicts } from '../verdict/probe-stats.js';
import { parseShardFlags, type ShardFlags } from './shard-flags.js';
import { parseTagFlags } from './tag-flags.js';

export interface RunFlags extends ProbeFlags, ShardFlags, WorkloadFlags {
  backend: string;
  data?: string;
  keepData?: boolean;
  // each backend's own flags (--url, --bucket, --flavor, …) are read by its module (src/backends/<name>/index.ts)
  db: string;
  label?: string;
  tag?: string[];
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
}

/** The secrets of the HTTP backends, only ever from the environment (flags show in the process list). */
function secretsFromEnv(): { password?: string; token?: string } {
  const password = process.env.INGEST_SCALE_PASSWORD || undefined;
  const token = process.env.INGEST_SCALE_TOKEN || undefined;
  return { ...(password === undefined ? {} : { password }), ...(token === undefined ? {} : { token }) };
}

export async function run(ctx: CliContext, f: RunFlags, o: { backendDefaulted?: boolean } = {}): Promise<ExitCode> {
  // everything a user typed is checked before anything is opened or written
  const resume = f.resume === undefined ? null : await resumeTarget(f, o);
  // a resumed run's backend is its own (a typed --backend must name it)
  const backendName = resume?.run.backend ?? f.backend;
  const limit = resume?.run.settings?.maxGrowth ?? parseMaxGrowth(f.maxGrowth);
  const minDetectable = resume
    ? (resume.run.settings?.minDetectable ?? undefined)
    : f.minDetectable === undefined
      ? undefined
      : parseMinDetectable(f.minDetectable);
  const stopGraceMs = parseDuration(f.stopGrace ?? '10s', '--stop-grace', { maxMs: 3_600_000 });
  // a resumed run keeps its recorded settings, as its error budget and limit
  const requestMs =
    resume?.run.settings?.requestTimeoutMs ??
    parseDuration(f.requestTimeout ?? '60s', '--request-timeout', { minMs: 1, maxMs: 24 * 3_600_000 });
  const connectMs =
    resume?.run.settings?.connectTimeoutMs ??
    parseDuration(f.connectTimeout ?? '10s', '--connect-timeout', { minMs: 1, maxMs: 3_600_000 });
  const retries = resume?.run.settings?.retries ?? parseIntFlag(f.retries ?? '2', '--retries', 0, 20);
  const maxDatastreamBytes =
    f.maxDatastreamSize === undefined
      ? DEFAULT_MAX_DATASTREAM_BYTES
      : parseBytes(f.maxDatastreamSize, '--max-datastream-size');
  const maxErrorRate =
    resume?.run.settings?.maxErrorRate ??
    parseNumberFlag(
      f.maxErrorRate,
      '--max-error-rate',
      (n) => n >= 0 && n <= 1,
      'give a fraction from 0 to 1, e.g. --max-error-rate 0.01',
    );
  const probes = parseProbeFlags(f);
  const tags = parseTagFlags(f.tag);
  const fromFile = f.workload === undefined ? undefined : readWorkloadFile(f.workload);
  const workload = resume ? resume.workload : resolveWorkload(fromFile, workloadFromFlags(f));
  checkDatastreamSizes(workload, maxDatastreamBytes);
  backendModule(backendName);
  refuseForeignFlags(backendName, f as unknown as Record<string, unknown>, o.backendDefaulted === true && !resume);
  const shard = parseShardFlags(f, Date.now());
  if (shard) {
    // a shard of a run filled by several processes: it records its stripe and gates nothing (run-shard.ts)
    const { runShardCli } = await import('./run-shard.js');
    return runShardCli(ctx, f, shard, {
      workload,
      maxErrorRate,
      retries,
      stopGraceMs,
      target: { ...secretsFromEnv(), timeouts: { requestMs, connectMs } },
    });
  }

  const prepareTarget = {
    flags: f as unknown as Record<string, unknown>,
    ...secretsFromEnv(),
    timeouts: { requestMs, connectMs },
  };
  const prepared = await prepareRun({
    workload,
    backend: backendName,
    ...(f.data === undefined ? {} : { dataDir: f.data }),
    keepData: f.keepData === true,
    ignoreFreeSpace: f.ignoreFreeSpace === true || resume !== null,
    ...(resume
      ? {
          id: resume.run.id,
          dataDir: resume.run.target ?? undefined,
          reopen: () =>
            reopenTarget(resume.run, {
              flags: f as unknown as Record<string, unknown>,
              ...secretsFromEnv(),
              timeouts: { requestMs, connectMs },
            }),
        }
      : {}),
    ...(probes ? { probes: probes.kinds } : {}),
    target: prepareTarget,
  });
  let store: ResultsStore | undefined;
  let keepData = false;
  const signals = new RunSignals(ctx, stopGraceMs).install();
  const progress =
    f.progress && ctx.stderrTty && !f.json
      ? new ProgressLine(process.stderr, workload, plannedBatches(workload))
      : undefined;
  // while requests stall, the line shows how many and for how long instead of a stale ETA
  const ticker = progress ? setInterval(() => progress.tick(inFlightNow()), 1000) : undefined;
  ticker?.unref();
  try {
    store = await ResultsStore.open(f.db, 'write');
    const stopEarly = f.stopEarly ?? plannedBatches(workload) >= EARLY_STOP_MIN_PLANNED;
    const from = resume
      ? await planResume(store, resume.run, prepared.backend, objectIdPrefix(resume.run.id))
      : undefined;
    // a fresh run's client is warmed against an in-process sink before batch 1 (sink-warmup.ts)
    const sinkWarmup =
      !resume && f.sinkWarmup !== false && SINK_BACKENDS.includes(backendName)
        ? await warmUpAgainstSink({ backend: backendName, workload, target: prepareTarget })
        : undefined;
    if (sinkWarmup?.skipped && !f.json) ctx.err(`warning: the client's warm-up was skipped: ${sinkWarmup.skipped}`);
    const result = await runSession(
      prepared,
      {
        store,
        ...(sinkWarmup === undefined ? {} : { sinkWarmup }),
        ...(f.label === undefined ? {} : { label: f.label }),
        tags,
        maxErrorRate,
        maxGrowth: limit,
        ...(minDetectable === undefined ? {} : { minDetectable }),
        stopEarly,
        ...(probes ? { probes } : {}),
        retries,
        timeouts: { requestMs, connectMs },
        clientWarmup: f.clientWarmup === true,
        signal: signals.stop.signal,
        abortNow: signals.abortNow.signal,
        onStart: (r) => {
          if (!f.json)
            ctx.err(
              `run ${r.id}: ${workload.objects} objects in ${r.plannedBatches} batches into ${prepared.info.backend} at ${prepared.info.target}${prepared.info.version ? ` (${prepared.info.product ?? ''} ${prepared.info.version})` : ''}`,
            );
          if (typeof prepared.info.details?.warning === 'string') ctx.err(`warning: ${prepared.info.details.warning}`);
          if (from && !f.json)
            ctx.err(
              `resuming at batch ${from.previous.length + 1} of ${r.plannedBatches}${from.carryOps.length > 0 ? `, after removing the ${from.carryOps.length} objects its unfinished batch may have half-written` : ''}`,
            );
        },
        onBatch: (p) => progress?.update(p),
      },
      from,
    );
    progress?.done();
    const evaluation = await evaluateRun(
      store,
      result.run,
      limit,
      minDetectable === undefined ? {} : { minDetectable },
    );
    const errors = evaluation.batches.some((b) => b.failedOps > 0)
      ? await ingestErrorsByBatch(store.db, result.run.id)
      : [];
    const candidate = { evaluation, errors };
    const evaluated: StoredEvaluation = {
      candidate,
      gates: { maxGrowth: limit, maxErrorRate },
      errorBudget: errorBudget(candidate, maxErrorRate),
    };
    const summary = renderRunSummary(evaluated, {
      json: f.json === true,
      chart: f.chart,
      color: ctx.color,
      width: ctx.width,
    });
    const verdicts = probes ? await probeVerdicts(store, result.run.id, result.run.batchSize, limit) : [];
    ctx.out(
      verdicts.length === 0
        ? summary
        : f.json
          ? JSON.stringify({ ...JSON.parse(summary), probes: probeJson(verdicts) })
          : [summary, '', probeText(verdicts, result.run), ...probeStopHead(result.run).slice(0, 1)].join('\n'),
    );
    if (result.run.status === 'aborted') {
      keepData = true;
      ctx.err(abortedNote(result, prepared.removableDataDir));
      return signals.exitCode();
    }
    return exitCodeOf(evaluated);
  } catch (e) {
    progress?.done();
    if (isIngestScaleError(e) && e.exitCode === ExitCode.RunFailed && f.json) {
      ctx.out(JSON.stringify({ status: 'failed', error: { code: e.code, message: e.message, hint: e.hint ?? null } }));
    }
    throw e;
  } finally {
    signals.uninstall();
    if (ticker) clearInterval(ticker);
    await prepared.release({ keepData });
    await store?.close();
  }
}
