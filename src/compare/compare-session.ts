/**
 * One `compare` from start to end. Every target is made and preflighted first (nothing is written
 * before all of them work); then the compare is recorded and each target's fill runs as a normal
 * run (run-session.ts: its own record, batches, operations and probes, so check, report and chart
 * work on it), linked to the compare. The runs' engines go side by side but only one batch runs at
 * a time, in the interleaved ABBA order (abba.ts, turnstile.ts): batch k of every target sees the
 * same host at the same fill. Same workload, seed and bytes to every target; no early stop (every
 * batch is paired). A target that fails stops the compare (the others end as aborted); the answer
 * (compare-answer.ts) is computed from the recorded batches and stored with the compare.
 */
import type { RunTags } from '../model/run-tags.js';
import {
  prepareRun,
  runSession,
  type PreparedRun,
  type ProbeOptions,
  type RunSessionOptions,
  type RunSessionResult,
} from '../engine/index.js';
import { finishCompare, linkCompareRun, newRunId, recordCompare, type ResultsStore } from '../store/index.js';
import { plannedBatches, type Workload } from '../workload/index.js';
import { compareAnswer, type CompareAnswer, type TargetPhases } from './compare-answer.js';
import { phaseData, readPhaseOps } from './phase-data.js';
import { needsGetProbe, type Phase } from './phases.js';
import { targetSecrets, type CompareTarget } from './targets-file.js';
import { Turnstile } from './turnstile.js';
import type { HttpTimeouts } from '../backends/index.js';

export interface CompareOptions {
  targets: readonly CompareTarget[];
  workload: Workload;
  phases: readonly Phase[];
  /** Batches run and recorded but not compared (--warmup-batches). */
  warmupBatches: number;
  /** Objects read by the get phases after each batch (the get probe's sample). */
  sample: number;
  maxGrowth: number;
  maxLevelChange?: number;
  maxErrorRate: number;
  retries?: number;
  timeouts?: HttpTimeouts;
  label?: string;
  env: NodeJS.ProcessEnv;
  /** Stop after the batches in flight (Ctrl-C, SIGTERM). */
  signal?: AbortSignal;
  abortNow?: AbortSignal;
  onStart?: (compareId: string, runs: { target: string; runId: string; info: PreparedRun['info'] }[]) => void;
  onBatch?: (target: string, batch: number, planned: number) => void;
}

export type CompareOutcome =
  | { status: 'completed'; answer: CompareAnswer }
  | { status: 'aborted'; compareId: string; runs: Record<string, string> };

/** Makes and preflights every target (before the results database is opened); on any failure releases those made and rethrows. */
export async function prepareTargets(
  o: Pick<CompareOptions, 'targets' | 'workload' | 'phases' | 'timeouts' | 'env'>,
): Promise<PreparedRun[]> {
  const out: PreparedRun[] = [];
  try {
    for (const t of o.targets) {
      const data = t.flags.data;
      out.push(
        await prepareRun({
          workload: o.workload,
          backend: t.backend,
          ...(typeof data === 'string' ? { dataDir: data } : {}),
          keepData: t.flags.keepData === true,
          ...(needsGetProbe(o.phases) ? { probes: ['get'] } : {}),
          target: { flags: t.flags, ...targetSecrets(t, o.env), ...(o.timeouts ? { timeouts: o.timeouts } : {}) },
        }),
      );
    }
    return out;
  } catch (e) {
    await Promise.all(out.map((p) => p.release().catch(() => undefined)));
    throw e;
  }
}

async function targetPhases(
  store: ResultsStore,
  name: string,
  runId: string,
  phases: readonly Phase[],
  warmupBatches: number,
): Promise<TargetPhases> {
  const batches = await store.batches(runId);
  const { ops, verify } = await readPhaseOps(store.db, runId);
  return {
    name,
    runId,
    phases: Object.fromEntries(phases.map((p) => [p, phaseData(p, batches, ops, warmupBatches, verify)])),
  };
}

/** What the compare records as its settings. */
function compareSettings(o: CompareOptions): Record<string, unknown> {
  return {
    targets: o.targets.map((t) => ({ name: t.name, backend: t.backend, flags: t.flags })),
    workload: o.workload,
    phases: o.phases,
    warmupBatches: o.warmupBatches,
    sample: o.sample,
    maxGrowth: o.maxGrowth,
    maxLevelChange: o.maxLevelChange ?? null,
    order: 'abba',
  };
}

/** One target's run as the compare has it: labelled by the target, no early stop, the get probe when a phase reads. */
function sessionOptions(
  store: ResultsStore,
  o: CompareOptions,
  target: string,
  tags: RunTags | undefined,
): RunSessionOptions {
  const probes: ProbeOptions | undefined = needsGetProbe(o.phases) ? { kinds: ['get'], sample: o.sample } : undefined;
  return {
    store,
    label: o.label === undefined ? target : `${o.label}/${target}`,
    ...(tags ? { tags } : {}),
    maxErrorRate: o.maxErrorRate,
    maxGrowth: o.maxGrowth,
    stopEarly: false,
    ...(probes ? { probes } : {}),
    ...(o.retries === undefined ? {} : { retries: o.retries }),
    ...(o.timeouts ? { timeouts: o.timeouts } : {}),
    ...(o.abortNow ? { abortNow: o.abortNow } : {}),
  };
}

/** The answer from every target's recorded batches. */
async function answerOf(
  store: ResultsStore,
  compareId: string,
  prepared: readonly PreparedRun[],
  o: CompareOptions,
): Promise<CompareAnswer> {
  const data: TargetPhases[] = [];
  for (const [i, t] of o.targets.entries())
    data.push(await targetPhases(store, t.name, (prepared[i] as PreparedRun).id, o.phases, o.warmupBatches));
  return compareAnswer(data, {
    compareId,
    phases: o.phases,
    batches: plannedBatches(o.workload),
    warmupBatches: o.warmupBatches,
    batchSize: o.workload.batchSize,
    maxGrowth: o.maxGrowth,
    ...(o.maxLevelChange === undefined ? {} : { maxLevelChange: o.maxLevelChange }),
  });
}

/** Runs the compare on targets made by prepareTargets (in the same order), and releases them. */
export async function runCompare(
  store: ResultsStore,
  prepared: readonly PreparedRun[],
  o: CompareOptions,
): Promise<CompareOutcome> {
  const compareId = newRunId();
  const planned = plannedBatches(o.workload);
  const runs = Object.fromEntries(o.targets.map((t, i) => [t.name, (prepared[i] as PreparedRun).id]));
  const stop = new AbortController();
  const turns = new Turnstile(planned, o.targets.length);
  const halt = (): void => {
    stop.abort();
    turns.open();
  };
  o.signal?.addEventListener('abort', halt, { once: true });
  let keepData = false;
  try {
    await recordCompare(store.db, { id: compareId, settings: compareSettings(o) });
    o.onStart?.(
      compareId,
      o.targets.map((t, i) => ({
        target: t.name,
        runId: (prepared[i] as PreparedRun).id,
        info: (prepared[i] as PreparedRun).info,
      })),
    );
    const sessions = o.targets.map((t, i) =>
      runSession(prepared[i] as PreparedRun, {
        ...sessionOptions(store, o, t.name, t.tags),
        signal: stop.signal,
        beforeBatch: async (batch) => {
          if (batch === 1)
            await linkCompareRun(store.db, compareId, {
              target: t.name,
              position: i,
              runId: (prepared[i] as PreparedRun).id,
            });
          await turns.turn(i, batch);
        },
        onBatch: (p) => {
          o.onBatch?.(t.name, p.batch.index, planned);
          turns.done(i, p.batch.index);
        },
      }).catch((e: unknown) => {
        halt();
        throw e;
      }),
    );
    const settled = await Promise.allSettled(sessions);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) {
      keepData = true;
      await finishCompare(store.db, compareId, 'failed', null).catch(() => undefined);
      throw failed.reason;
    }
    const results = settled.map((s) => (s as PromiseFulfilledResult<RunSessionResult>).value);
    if (results.some((r) => r.run.status === 'aborted')) {
      keepData = true;
      await finishCompare(store.db, compareId, 'aborted', null);
      return { status: 'aborted', compareId, runs };
    }
    const answer = await answerOf(store, compareId, prepared, o);
    await finishCompare(store.db, compareId, 'completed', answer);
    return { status: 'completed', answer };
  } finally {
    o.signal?.removeEventListener('abort', halt);
    for (const p of prepared) await p.release({ keepData }).catch(() => undefined);
  }
}
