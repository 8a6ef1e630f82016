/**
 * The `run` use case: resolved RunOptions (run-options.ts) in, a RunOutcome out. It prepares the
 * target, opens the results database, plans a resume, warms the client against a sink, runs the
 * session (run-session.ts), evaluates the stored run and releases the target — keeping an aborted
 * run's data. It prints nothing: the caller hears of the run's start, each batch and a skipped
 * warm-up through RunEvents, and renders the outcome.
 */
import type { TargetInfo } from '../model/timings.js';
import type { RunRecord } from '../model/records.js';
import { ResultsStore } from '../store/index.js';
import { loadEvaluation, type ProbeVerdict, type StoredEvaluation } from '../verdict/index.js';
import { objectIdPrefix } from './object-ids.js';
import { planResume, reopenTarget } from './resume-run.js';
import type { EngineProgress } from './run-engine.js';
import type { RunOptions } from './run-options.js';
import { prepareRun, runSession, type ResumeFrom, type RunSessionResult } from './run-session.js';
import { SINK_BACKENDS, warmUpAgainstSink } from './sink-warmup.js';

/** What the caller hears while a run goes on (it prints; the use case does not). */
export interface RunEvents {
  /** Stop after the current batch (the first Ctrl-C or SIGTERM). */
  signal?: AbortSignal;
  /** Abandon the batch in flight. */
  abortNow?: AbortSignal;
  /** The client's warm-up against a sink was skipped, and why. */
  onSinkWarmupSkipped?: (why: string) => void;
  /** The run is recorded and its first batch is next; `resumed` when it carries on a run. */
  onStart?: (run: RunRecord, info: TargetInfo, resumed: ResumeFrom | undefined, store: ResultsStore) => void;
  onBatch?: (p: EngineProgress) => void;
  /** The session ended (its batches are recorded) and the store is still open: before the run is evaluated. */
  onSessionEnd?: () => Promise<void>;
}

export interface RunOutcome {
  result: RunSessionResult;
  /** The run's evaluation with its gates and error budget. */
  evaluated: StoredEvaluation;
  /** The probes' verdicts (empty without --probe). */
  probes: ProbeVerdict[];
  /** The default data directory an aborted run keeps (null when given or kept). */
  removableDataDir: string | null;
}

/** The run's own verdict: the evaluation `check` gives (load-evaluation.ts), with the gates it ran with. */
async function evaluate(store: ResultsStore, o: RunOptions, result: RunSessionResult): Promise<StoredEvaluation> {
  const gates = {
    maxGrowth: o.maxGrowth,
    maxErrorRate: o.maxErrorRate,
    ...(o.minDetectable === undefined ? {} : { minDetectable: o.minDetectable }),
  };
  return loadEvaluation(store, { run: result.run, gates, force: false });
}

export async function runWorkload(o: RunOptions, ev: RunEvents = {}): Promise<RunOutcome> {
  const { resume, workload } = o;
  const prepared = await prepareRun({
    workload,
    backend: o.backend,
    ...(o.dataDir === undefined ? {} : { dataDir: o.dataDir }),
    keepData: o.keepData,
    ignoreFreeSpace: o.ignoreFreeSpace,
    ...(resume
      ? { id: resume.run.id, dataDir: resume.run.target ?? undefined, reopen: () => reopenTarget(resume.run, o.target) }
      : {}),
    ...(o.probes ? { probes: o.probes.kinds } : {}),
    target: o.target,
  });
  let store: ResultsStore | undefined;
  let keepData = false;
  try {
    store = await ResultsStore.open(o.db, 'write');
    const from = resume
      ? await planResume(store, resume.run, prepared.backend, objectIdPrefix(resume.run.id))
      : undefined;
    // a fresh run's client is warmed against an in-process sink before batch 1 (sink-warmup.ts)
    const sinkWarmup =
      !resume && o.sinkWarmup && SINK_BACKENDS.includes(o.backend)
        ? await warmUpAgainstSink({ backend: o.backend, workload, target: o.target })
        : undefined;
    if (sinkWarmup?.skipped) ev.onSinkWarmupSkipped?.(sinkWarmup.skipped);
    const result = await runSession(
      prepared,
      {
        store,
        ...(sinkWarmup === undefined ? {} : { sinkWarmup }),
        ...(o.label === undefined ? {} : { label: o.label }),
        ...(o.tags === undefined ? {} : { tags: o.tags }),
        maxErrorRate: o.maxErrorRate,
        maxGrowth: o.maxGrowth,
        ...(o.minDetectable === undefined ? {} : { minDetectable: o.minDetectable }),
        stopEarly: o.stopEarly,
        ...(o.probes ? { probes: o.probes } : {}),
        retries: o.retries,
        timeouts: o.timeouts,
        clientWarmup: o.clientWarmup,
        ...(ev.signal ? { signal: ev.signal } : {}),
        ...(ev.abortNow ? { abortNow: ev.abortNow } : {}),
        onStart: (r) => {
          if (store) ev.onStart?.(r, prepared.info, from, store);
        },
        ...(ev.onBatch ? { onBatch: ev.onBatch } : {}),
      },
      from,
    );
    await ev.onSessionEnd?.();
    const evaluated = await evaluate(store, o, result);
    const probes = o.probes ? (evaluated.probes?.verdicts ?? []) : [];
    keepData = result.run.status === 'aborted';
    return { result, evaluated, probes, removableDataDir: prepared.removableDataDir };
  } finally {
    await prepared.release({ keepData });
    await store?.close();
  }
}
