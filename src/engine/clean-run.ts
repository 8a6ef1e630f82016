/**
 * `clean RUN`: remove the objects a run created from its target, for every backend that can
 * delete, then what the run made besides (containers, collections). The object ids come from the
 * run's own records (clean-objects.ts), so nothing else on the target is touched. A run that wrote
 * data but left no record clean can use, or a target that refuses, is a failure that says why.
 */
import {
  backendModule,
  canCleanAll,
  canFinishClean,
  canRemove,
  errorCodeOf,
  hasTransactions,
  refuseForeignCleanFlags,
  type Backend,
  type RunTarget,
} from '../backends/index.js';
import { RunFailedError, UsageError } from '../errors.js';
import type { ObjectRef, RunRecord } from '../model/records.js';
import type { Workload } from '../workload/index.js';
import { runPool } from './pool.js';

export interface CleanOptions {
  run: RunRecord;
  objects: readonly ObjectRef[];
  /** Bytes the run's batches recorded as written: with no object to remove, a clean cannot be a success. */
  bytesWritten?: number;
  concurrency: number;
  /** Transactions of unfinished batches (clean-objects.ts), rolled back first: they hold locks on what they wrote. */
  transactions?: readonly string[];
  /**
   * The flags of `clean` (--user, --ca, --profile, --purge-tombstones: the run's backend module reads
   * its own and refuses the others) and the secrets from the environment; the URL is the run's recorded target.
   */
  access: Omit<RunTarget, 'timeouts'>;
  onProgress?: (done: number, total: number) => void;
}

export interface CleanResult {
  objects: number;
  removed: number;
  alreadyGone: number;
  failed: number;
  /** Error codes of failures with their counts. */
  errors: Record<string, number>;
  /** What was counted: objects, or the keys a bulk clean listed under the run's prefix. */
  unit?: 'objects' | 'keys';
  note?: string;
  /** The first failure's own message (which request, which status). */
  firstError?: string;
}

/** Rolls back the transactions unfinished batches left open; returns those rolled back. */
async function rollBack(
  backend: Backend,
  transactions: readonly string[],
  fail: (e: unknown) => void,
): Promise<string[]> {
  const rolledBack: string[] = [];
  if (hasTransactions(backend))
    for (const tx of transactions) {
      try {
        if ((await backend.rollBackTransaction(tx)) === 'rolled-back') rolledBack.push(tx);
      } catch (e) {
        if ((e as { exitCode?: number }).exitCode === 4) throw e;
        fail(e);
      }
    }
  return rolledBack;
}

/** The reopened target cleaned: in bulk where it can, else object by object, then what the run made besides. */
async function cleanTarget(backend: Backend, o: CleanOptions, result: CleanResult): Promise<CleanResult> {
  const { run } = o;
  await backend.preflight();
  if (canCleanAll(backend)) {
    const bulk = await backend.cleanAll();
    return {
      objects: bulk.removed + bulk.failed,
      removed: bulk.removed,
      alreadyGone: 0,
      failed: bulk.failed,
      errors: bulk.errors,
      unit: 'keys',
    };
  }
  if (!canRemove(backend))
    throw new RunFailedError(
      'E_TARGET',
      `backend ${run.backend} cannot delete objects, so run ${run.id} cannot be cleaned`,
      { hint: "remove them with the store's own tools" },
    );
  if (o.objects.length === 0 && (o.bytesWritten ?? 0) > 0) {
    throw new RunFailedError(
      'E_TARGET',
      `run ${run.id} wrote ${o.bytesWritten} bytes to ${run.target}, but its records name no object that clean can remove`,
      {
        hint: `remove what the run stored with the store's own tools (look for ingest-scale-${run.id} or the run's id prefix ${run.id.slice(0, 6)}-)`,
      },
    );
  }
  const fail = (e: unknown): void => {
    const code = errorCodeOf(e);
    result.failed++;
    result.errors[code] = (result.errors[code] ?? 0) + 1;
    result.firstError ??= (e as Error).message;
  };
  // a batch killed inside its transaction left it open, locking what it wrote: end it first
  const rolledBack = await rollBack(backend, o.transactions ?? [], fail);
  let done = 0;
  await runPool(o.objects, o.concurrency, async (ref) => {
    try {
      await backend.remove(ref);
      result.removed++;
    } catch (e) {
      const code = errorCodeOf(e);
      if ((e as { exitCode?: number }).exitCode === 4) throw e; // auth refused: stop
      if (code === 'E_NOT_FOUND') result.alreadyGone++;
      else fail(e);
    }
    o.onProgress?.(++done, o.objects.length);
  });
  // containers and collections go only once everything in them has
  if (canFinishClean(backend) && result.failed === 0) {
    try {
      const note = await backend.finishClean();
      if (typeof note === 'string') result.note = note;
    } catch (e) {
      if ((e as { exitCode?: number }).exitCode === 4) throw e;
      fail(e);
    }
  }
  if (rolledBack.length > 0) {
    const said = `rolled back the open transaction${rolledBack.length > 1 ? 's' : ''} of the unfinished batch: ${rolledBack.join(', ')}`;
    result.note = result.note ? `${result.note}\n${said}` : said;
  }
  return result;
}

export async function cleanRun(o: CleanOptions): Promise<CleanResult> {
  const { run } = o;
  const result: CleanResult = { objects: o.objects.length, removed: 0, alreadyGone: 0, failed: 0, errors: {} };
  if (run.source !== 'run' || run.target === null) {
    throw new UsageError(
      'E_USAGE',
      `run ${run.id} was imported; it has no objects on any target`,
      'clean only runs made by `ingest-scale run`',
    );
  }
  const flags = o.access.flags ?? {};
  refuseForeignCleanFlags(run.id, run.backend, flags);
  const entry = backendModule(run.backend);
  const recorded = {
    id: run.id,
    backend: run.backend,
    target: run.target,
    targetInfo: run.targetInfo,
    workload: run.workload as Workload,
  };
  const reopened = entry.fromRecorded(recorded, {
    flags,
    concurrency: o.concurrency,
    ...(o.access.password === undefined ? {} : { password: o.access.password }),
    ...(o.access.token === undefined ? {} : { token: o.access.token }),
    ...(o.access.clientId === undefined ? {} : { clientId: o.access.clientId }),
    ...(o.access.clientSecret === undefined ? {} : { clientSecret: o.access.clientSecret }),
  });
  // a store that no longer exists (a removed data directory, a process's memory) has nothing left to remove
  if ('gone' in reopened) return { ...result, alreadyGone: o.objects.length, note: reopened.gone };
  const backend = await entry.create(reopened.options);
  try {
    return await cleanTarget(backend, o, result);
  } finally {
    await backend.close();
  }
}
