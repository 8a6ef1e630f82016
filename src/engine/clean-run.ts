/**
 * `clean RUN`: remove the objects a run created from its target, for every backend that can
 * delete, then what the run made besides (containers, collections). The object ids come from the
 * run's own records (clean-objects.ts), so nothing else on the target is touched. A run that wrote
 * data but left no record clean can use, or a target that refuses, is a failure that says why.
 */
import { existsSync } from 'node:fs';
import { canCleanAll, canFinishClean, canRemove, type ObjectRef } from '../backends/backend.js';
import { errorCodeOf } from '../backends/op-timer.js';
import { createBackend, type BackendOptions } from '../backends/registry.js';
import { RunFailedError, UsageError } from '../errors.js';
import type { RunRecord } from '../store/records.js';
import type { FlavorName } from '../backends/ldp/flavor.js';
import type { Workload } from '../workload/workload.js';
import { runPool } from './pool.js';

export interface CleanOptions {
  run: RunRecord;
  objects: readonly ObjectRef[];
  /** Bytes the run's batches recorded as written: with no object to remove, a clean cannot be a success. */
  bytesWritten?: number;
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
  /** The first failure's own message (which request, which status). */
  firstError?: string;
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
    // runs from before --collections made none, and PUT straight to each path
    ...(run.backend === 'http-put' ? { httpPut: { collections: details.collections === 'mkcol' ? ('mkcol' as const) : ('none' as const) } } : {}),
  });
  try {
    await backend.preflight();
    if (canCleanAll(backend)) {
      const bulk = await backend.cleanAll();
      return { objects: bulk.removed + bulk.failed, removed: bulk.removed, alreadyGone: 0, failed: bulk.failed, errors: bulk.errors, unit: 'keys' };
    }
    if (!canRemove(backend)) throw new RunFailedError('E_TARGET', `backend ${run.backend} cannot delete objects, so run ${run.id} cannot be cleaned`, { hint: "remove them with the store's own tools" });
    if (o.objects.length === 0 && (o.bytesWritten ?? 0) > 0) {
      throw new RunFailedError('E_TARGET', `run ${run.id} wrote ${o.bytesWritten} bytes to ${run.target}, but its records name no object that clean can remove`, {
        hint: `remove what the run stored with the store's own tools (look for ingest-scale-${run.id} or the run's id prefix ${run.id.slice(0, 6)}-)`,
      });
    }
    const fail = (e: unknown): void => {
      const code = errorCodeOf(e);
      result.failed++;
      result.errors[code] = (result.errors[code] ?? 0) + 1;
      result.firstError ??= (e as Error).message;
    };
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
    return result;
  } finally {
    await backend.close();
  }
}
