/**
 * `clean RUN`: remove the objects a run created from its target, for every backend that can
 * delete. The object ids come from the run's own records, so nothing else on the target is touched.
 */
import { existsSync } from 'node:fs';
import { canCleanAll, canFinishClean, canRemove, type ObjectRef } from '../backends/backend.js';
import { errorCodeOf } from '../backends/op-timer.js';
import { createBackend, type BackendOptions } from '../backends/registry.js';
import { UsageError } from '../errors.js';
import type { RunRecord } from '../store/records.js';
import type { FlavorName } from '../backends/ldp/flavor.js';
import type { Workload } from '../workload/workload.js';
import { runPool } from './pool.js';

export interface CleanOptions {
  run: RunRecord;
  objects: readonly ObjectRef[];
  concurrency: number;
  /** Credentials and TLS for server backends; the URL is the run's recorded target. */
  access: Pick<BackendOptions, 'user' | 'password' | 'caFile'>;
  onProgress?: (done: number, total: number) => void;
  /** S3: a named profile of the credentials file (else the AWS_* environment variables). */
  s3Access?: { profile?: string };
  /** LDP: also purge the tombstones Fedora leaves behind. */
  purgeTombstones?: boolean;
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
}

export async function cleanRun(o: CleanOptions): Promise<CleanResult> {
  const { run } = o;
  const result: CleanResult = { objects: o.objects.length, removed: 0, alreadyGone: 0, failed: 0, errors: {} };
  if (run.source !== 'run' || run.target === null) {
    throw new UsageError('E_USAGE', `run ${run.id} was imported; it has no objects on any target`, 'clean only runs made by `ingest-scale run`');
  }
  if (run.backend === 'leveldb' && !existsSync(run.target)) {
    return { ...result, alreadyGone: o.objects.length, note: `the embedded store ${run.target} no longer exists (removed after the run unless --keep-data or --data)` };
  }
  const details = run.targetInfo?.details ?? {};
  const backend = createBackend(run.backend, {
    url: run.target,
    runId: run.id,
    workload: run.workload as Workload,
    purpose: 'clean',
    ...(typeof details.bucket === 'string'
      ? { url: String(details.endpoint ?? run.target), s3: { bucket: details.bucket, region: String(details.region ?? 'us-east-1'), pathStyle: details.pathStyle === true, ...o.s3Access } }
      : {}),
    ...(typeof details.flavor === 'string' ? { ldp: { flavor: details.flavor as FlavorName, purgeTombstones: o.purgeTombstones === true } } : {}),
    dataDir: run.target,
    concurrency: o.concurrency,
    ...o.access,
    ...(typeof details.pidNamespace === 'string' ? { pidNamespace: details.pidNamespace } : {}),
  });
  try {
    await backend.preflight();
    if (canCleanAll(backend)) {
      const bulk = await backend.cleanAll();
      return { objects: bulk.removed + bulk.failed, removed: bulk.removed, alreadyGone: 0, failed: bulk.failed, errors: bulk.errors, unit: 'keys' };
    }
    if (!canRemove(backend)) throw new UsageError('E_USAGE', `backend ${run.backend} cannot delete objects`, "remove them with the store's own tools");
    let done = 0;
    await runPool(o.objects, o.concurrency, async (ref) => {
      try {
        await backend.remove(ref);
        result.removed++;
      } catch (e) {
        const code = errorCodeOf(e);
        if ((e as { exitCode?: number }).exitCode === 4) throw e; // auth refused: stop
        if (code === 'E_NOT_FOUND') result.alreadyGone++;
        else {
          result.failed++;
          result.errors[code] = (result.errors[code] ?? 0) + 1;
        }
      }
      o.onProgress?.(++done, o.objects.length);
    });
    if (canFinishClean(backend)) await backend.finishClean();
    return result;
  } finally {
    await backend.close();
  }
}
