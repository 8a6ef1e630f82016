/** What `ingest-scale compare` does once its flags are parsed (loaded only when the command runs). */
import { prepareTargets, runCompare } from '../compare/compare-session.js';
import { parsePhases } from '../compare/phases.js';
import { readTargetsFile, targetSecrets } from '../compare/targets-file.js';
import { checkDatastreamSizes, DEFAULT_MAX_DATASTREAM_BYTES } from '../engine/run-sanity.js';
import { exitCodeForVerdict, ExitCode } from '../exit-codes.js';
import { isIngestScaleError, UsageError } from '../errors.js';
import { compareText } from '../report/compare-text.js';
import { ResultsStore } from '../store/results-store.js';
import { resolveWorkload } from '../workload/resolve.js';
import { parseBytes } from '../workload/size.js';
import { readWorkloadFile } from '../workload/workload-file.js';
import { plannedBatches } from '../workload/workload.js';
import { CompareProgress } from './compare-progress.js';
import type { CliContext } from './context.js';
import { parseDuration } from './parse-duration.js';
import { parseIntFlag, parseMaxGrowth, parseNumberFlag } from './parse-flags.js';
import { RunSignals } from './run-signals.js';
import { workloadFromFlags, type WorkloadFlags } from './workload-options.js';

export interface CompareFlags extends WorkloadFlags {
  targets: string;
  warmupBatches: string;
  phases: string;
  sample: string;
  maxLevelChange?: string;
  maxGrowth: string;
  maxErrorRate: string;
  retries?: string;
  requestTimeout?: string;
  connectTimeout?: string;
  stopGrace?: string;
  maxDatastreamSize?: string;
  label?: string;
  db: string;
  json?: boolean;
  /** The live progress line on stderr (drawn on a terminal only; --no-progress turns it off). */
  progress?: boolean;
}

/** A target that failed (exit 4): with --json one object is still printed, as run does; the error goes on to main. */
function failed(ctx: CliContext, f: CompareFlags, e: unknown): never {
  if (isIngestScaleError(e) && e.exitCode === ExitCode.RunFailed && f.json) {
    ctx.out(JSON.stringify({ status: 'failed', error: { code: e.code, message: e.message, hint: e.hint ?? null } }));
  }
  throw e;
}

export async function compare(ctx: CliContext, f: CompareFlags): Promise<ExitCode> {
  // everything typed is checked before anything is opened or written
  const targets = readTargetsFile(f.targets);
  for (const t of targets) targetSecrets(t, process.env);
  const phases = parsePhases(f.phases);
  const maxGrowth = parseMaxGrowth(f.maxGrowth);
  const maxLevelChange =
    f.maxLevelChange === undefined
      ? undefined
      : parseNumberFlag(
          f.maxLevelChange,
          '--max-level-change',
          (n) => n > 0 && n < 100,
          'give a fraction above 0, e.g. --max-level-change 0.25 (fail above +25%)',
        );
  const maxErrorRate = parseNumberFlag(
    f.maxErrorRate,
    '--max-error-rate',
    (n) => n >= 0 && n <= 1,
    'give a fraction from 0 to 1, e.g. --max-error-rate 0.01',
  );
  const retries = parseIntFlag(f.retries ?? '2', '--retries', 0, 20);
  const sample = parseIntFlag(f.sample, '--sample', 2, 10_000);
  const requestMs = parseDuration(f.requestTimeout ?? '60s', '--request-timeout', { minMs: 1, maxMs: 24 * 3_600_000 });
  const connectMs = parseDuration(f.connectTimeout ?? '10s', '--connect-timeout', { minMs: 1, maxMs: 3_600_000 });
  const stopGraceMs = parseDuration(f.stopGrace ?? '10s', '--stop-grace', { maxMs: 3_600_000 });
  const workload = resolveWorkload(
    f.workload === undefined ? undefined : readWorkloadFile(f.workload),
    workloadFromFlags(f),
  );
  checkDatastreamSizes(
    workload,
    f.maxDatastreamSize === undefined
      ? DEFAULT_MAX_DATASTREAM_BYTES
      : parseBytes(f.maxDatastreamSize, '--max-datastream-size'),
  );
  const planned = plannedBatches(workload);
  const warmup = parseIntFlag(f.warmupBatches, '--warmup-batches', 0, 1_000_000);
  if (warmup >= planned) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--warmup-batches ${warmup} leaves none of the ${planned} batches to compare`,
      `give fewer warm-up batches, or more objects (-n) or smaller batches (--batch-size)`,
    );
  }

  const env = process.env;
  const timeouts = { requestMs, connectMs };
  // every target is made and preflighted before the results database is opened: a target that does not work writes nothing
  const prepared = await prepareTargets({ targets, workload, phases, timeouts, env }).catch((e: unknown) =>
    failed(ctx, f, e),
  );
  let store: ResultsStore;
  try {
    store = await ResultsStore.open(f.db, 'write');
  } catch (e) {
    for (const p of prepared) await p.release().catch(() => undefined);
    throw e;
  }
  const signals = new RunSignals(ctx, stopGraceMs).install();
  const progress =
    f.progress !== false && ctx.stderrTty && !f.json
      ? new CompareProgress(process.stderr, targets.length, planned)
      : undefined;
  try {
    const outcome = await runCompare(store, prepared, {
      targets,
      workload,
      phases,
      warmup,
      sample,
      maxGrowth,
      ...(maxLevelChange === undefined ? {} : { maxLevelChange }),
      maxErrorRate,
      retries,
      timeouts,
      ...(f.label === undefined ? {} : { label: f.label }),
      env,
      signal: signals.stop.signal,
      abortNow: signals.abortNow.signal,
      onStart: (id, runs) => {
        if (f.json) return;
        ctx.err(
          `compare ${id}: ${workload.objects} objects in ${planned} batches into each of ${runs.length} targets, ABBA order`,
        );
        for (const r of runs)
          ctx.err(
            `  ${r.target}: run ${r.runId}, ${r.info.backend} at ${r.info.target}${r.info.version ? ` (${r.info.product ?? ''} ${r.info.version})` : ''}`,
          );
      },
      ...(progress
        ? { onBatch: (target: string, batch: number, of: number) => progress.update(target, batch, of) }
        : {}),
    }).finally(() => progress?.finish());
    if (outcome.status === 'aborted') {
      ctx.err(
        `compare ${outcome.compareId} aborted; each target's finished batches are recorded (runs: ${Object.entries(
          outcome.runs,
        )
          .map(([t, id]) => `${t} ${id}`)
          .join(', ')})`,
      );
      return signals.exitCode();
    }
    ctx.out(f.json ? JSON.stringify(outcome.answer) : compareText(outcome.answer));
    return exitCodeForVerdict(outcome.answer.verdict);
  } catch (e) {
    return failed(ctx, f, e);
  } finally {
    signals.uninstall();
    await store.close();
  }
}
