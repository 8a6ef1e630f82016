/** What `ingest-scale compare` does once its flags are parsed (loaded only when the command runs): resolve, compare, print. */
import { compareWorkload, type CompareEvents, type CompareRunOptions } from '../compare/index.js';
import { exitCodeForVerdict, ExitCode } from '../exit-codes.js';
import { isIngestScaleError } from '../errors.js';
import { compareText } from '../report/index.js';
import { plannedBatches } from '../workload/index.js';
import { CompareProgress } from './compare-progress.js';
import { resolveCompareOptions } from './compare-options.js';
import type { CliContext } from './context.js';
import { RunSignals } from './run-signals.js';
import type { WorkloadFlags } from './workload-options.js';

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

/** The lines on stderr as the compare starts (none with --json). */
function onStart(ctx: CliContext, f: CompareFlags, o: CompareRunOptions): NonNullable<CompareEvents['onStart']> {
  return (id, runs) => {
    if (f.json) return;
    ctx.err(
      `compare ${id}: ${o.workload.objects} objects in ${plannedBatches(o.workload)} batches into each of ${runs.length} targets, ABBA order`,
    );
    for (const r of runs)
      ctx.err(
        `  ${r.target}: run ${r.runId}, ${r.info.backend} at ${r.info.target}${r.info.version ? ` (${r.info.product ?? ''} ${r.info.version})` : ''}`,
      );
  };
}

export async function compare(ctx: CliContext, f: CompareFlags): Promise<ExitCode> {
  // everything typed is checked before anything is opened or written
  const o = resolveCompareOptions(f);
  const signals = new RunSignals(ctx, o.stopGraceMs).install();
  const progress =
    f.progress !== false && ctx.stderrTty && !f.json
      ? new CompareProgress(process.stderr, o.targets.length, plannedBatches(o.workload))
      : undefined;
  try {
    const outcome = await compareWorkload(o, {
      signal: signals.stop.signal,
      abortNow: signals.abortNow.signal,
      onStart: onStart(ctx, f, o),
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
  }
}
