/**
 * What `run --resume` carries on from: a run that was aborted or interrupted keeps its id, its
 * workload and its target; its recorded batches stay as they are and it goes on at the first batch
 * it did not record. Before that, the objects of every batch it began but never recorded (its
 * intents, run-intents.ts) are removed from the target — they may be half-written — each removal a
 * timed `delete` operation stored with the next batch, outside its clock. The finished run has the
 * same objects and bytes as one never interrupted.
 */
import {
  backendModule,
  canRemove,
  errorCodeOf,
  hasTransactions,
  timeOp,
  type Access,
  type Backend,
} from '../backends/index.js';
import type { OpTiming } from '../model/timings.js';
import type { Workload } from '../workload/index.js';
import { RunFailedError, UsageError } from '../errors.js';
import type { RunRecord } from '../model/records.js';
import { unfinishedIntents, unfinishedTransactions, type ResultsStore } from '../store/index.js';
import type { ResumeFrom } from './run-session.js';

/**
 * The run's own target reopened to write on, with the settings it recorded (its backend module's
 * `fromRecorded`, purpose `resume`): the URL, collections, flavor, namespace or bucket are the
 * run's; only access (--user, --ca, --profile, the secrets from the environment) comes from now.
 */
export async function reopenTarget(run: RunRecord, access: Omit<Access, 'purpose' | 'concurrency'>): Promise<Backend> {
  if (run.target === null)
    throw new UsageError('E_USAGE', `run ${run.id} recorded no target; it cannot be resumed`, 'start a new run');
  const entry = backendModule(run.backend);
  const workload = run.workload as Workload;
  const reopened = entry.fromRecorded(
    { id: run.id, backend: run.backend, target: run.target, targetInfo: run.targetInfo, workload },
    { ...access, concurrency: workload.concurrency, purpose: 'resume' },
  );
  if ('gone' in reopened)
    throw new UsageError(
      'E_USAGE',
      `run ${run.id} cannot be resumed: ${reopened.gone}`,
      `start a new run (\`ingest-scale runs delete ${run.id}\` forgets this one)`,
    );
  return entry.create(reopened.options);
}

/** Statuses a run can be resumed from. */
export const RESUMABLE: readonly RunRecord['status'][] = ['aborted', 'interrupted'];

export function checkResumable(run: RunRecord): void {
  if (run.source !== 'run')
    throw new UsageError(
      'E_USAGE',
      `run ${run.id} is an import; there is nothing to resume`,
      'resume a run made by `ingest-scale run`',
    );
  if (!RESUMABLE.includes(run.status)) {
    const why =
      run.status === 'running'
        ? `is still running (pid ${run.pid ?? '?'} on ${run.runHost ?? '?'})`
        : `is ${run.status}`;
    throw new UsageError(
      'E_USAGE',
      `run ${run.id} ${why}; only an aborted or interrupted run can be resumed`,
      'see `ingest-scale runs`; start a new run with `ingest-scale run`',
    );
  }
}

export async function planResume(
  store: ResultsStore,
  run: RunRecord,
  backend: Backend,
  idPrefix: string,
): Promise<ResumeFrom> {
  const previous = await store.batches(run.id);
  previous.forEach((b, i) => {
    if (b.index !== i + 1)
      throw new RunFailedError(
        'E_DB',
        `run ${run.id} has batch ${b.index} recorded where batch ${i + 1} belongs; it cannot be resumed`,
      );
  });
  const carryOps: OpTiming[] = [];
  // a transaction the kill left open locks what its batch wrote: roll it back before removing that
  if (hasTransactions(backend))
    for (const t of await unfinishedTransactions(store.db, run.id)) await backend.rollBackTransaction(t.tx);
  for (const intent of await unfinishedIntents(store.db, run.id)) {
    if (!canRemove(backend))
      throw new UsageError(
        'E_USAGE',
        `backend ${backend.name} cannot remove objects, so batch ${intent.batch} of run ${run.id} cannot be recovered`,
        'clean the run and start a new one',
      );
    for (let index = intent.firstIndex; index < intent.firstIndex + intent.objects; index++) {
      const id = `${idPrefix}${index}`;
      const op = await timeOp(
        { kind: 'delete', objectId: id, objectIndex: index, datastreamId: null, bytes: 0 },
        async () => {
          try {
            await backend.remove({ id, index });
          } catch (e) {
            // never written, or already gone: nothing to recover
            if (errorCodeOf(e) !== 'E_NOT_FOUND') throw e;
          }
        },
      );
      if (op.status === 'failed') {
        throw new RunFailedError(
          'E_TARGET',
          `cannot remove object ${id}, possibly half-written by batch ${intent.batch} of run ${run.id} (${op.errorCode})`,
          {
            hint: 'check the target, then resume again',
          },
        );
      }
      carryOps.push(op);
    }
  }
  return { run, previous, carryOps };
}
