/**
 * The Backend contract. Lifecycle as in warp (prepare → ingest → cleanup): `preflight()` checks the
 * target before any batch, `ingest()` stores one object and returns one timed record per operation,
 * `close()` releases resources. Optional capabilities are separate interfaces (k6's habit), tested
 * with the guards below.
 */
import type { DatastreamPlan, ObjectPlan } from '../generate/index.js';
import { realClock, type Clock } from '../model/clock.js';
import type { HostSampler } from '../model/host-sampler.js';
import type { ObjectRef } from '../model/records.js';
import type { OpTiming, TargetInfo } from '../model/timings.js';

export interface Backend {
  readonly name: string;
  preflight(): Promise<TargetInfo>;
  ingest(plan: ObjectPlan): Promise<OpTiming[]>;
  close(): Promise<void>;
}

/**
 * Work around each batch. `prepareBatch` runs before the batch clock starts (e.g. intermediate
 * containers, created once and timed apart); `beginBatch` and `endBatch` run inside it (e.g. a
 * transaction per batch, whose commit is part of what the batch costs). Each returns its timed ops.
 */
export interface BatchLifecycle {
  prepareBatch(plans: readonly ObjectPlan[]): Promise<OpTiming[]>;
  beginBatch(): Promise<OpTiming[]>;
  endBatch(): Promise<OpTiming[]>;
}

/**
 * After every object of a run was removed: remove what the run made besides (containers, tombstones).
 * May return a note for the user about what it could not remove and why (not a failure).
 */
export interface CleanupCapability {
  finishClean(): Promise<string | void>;
}

export interface BulkCleanResult {
  /** Stored items (keys, resources) removed. */
  removed: number;
  failed: number;
  errors: Record<string, number>;
}

/** Remove everything a run stored in one sweep (S3: list the run's prefix, batched deletes). */
export interface BulkCleanCapability {
  cleanAll(): Promise<BulkCleanResult>;
}

/** Read back a datastream's bytes (for `--verify readback`). */
export interface ReadCapability {
  read(objectId: string, datastreamId: string): AsyncIterable<Uint8Array>;
}

/** Delete an object and everything under it (for `clean`). */
export interface RemoveCapability {
  remove(ref: ObjectRef): Promise<void>;
}

/**
 * Make ahead what ingest(plan) will send first (its first body), while the store answers the object
 * in flight. The engine asks only when one object is in flight at a time (with more, making one
 * object's content already overlaps the others' waits), right after that object's first request
 * was written. The work is then in no operation's time, unless it outlasts the store's answer: a
 * reply that arrives meanwhile is read when it ends, so keep it to about one body. The backend
 * bounds what it holds; ingest makes whatever is missing.
 */
export interface PrepareCapability {
  prepare(plan: ObjectPlan): void;
}

/**
 * Batches that run inside a transaction on the target (LDP --tx per-batch). `openTransaction` is the
 * URI of the batch's transaction once begun (recorded, so a kill inside the batch leaves its address);
 * `rollBackTransaction` ends such a transaction left open (`clean`, `run --resume`): 'rolled-back', or
 * 'gone' when the target no longer knows it (committed, rolled back or expired already).
 */
export interface TransactionCapability {
  openTransaction(): string | null;
  rollBackTransaction(uri: string): Promise<'rolled-back' | 'gone'>;
}

export function hasTransactions(b: Backend): b is Backend & TransactionCapability {
  return typeof (b as Partial<TransactionCapability>).rollBackTransaction === 'function';
}

/** List the ids of stored objects (for probes and cleanup). */
export interface ListCapability {
  list(): AsyncIterable<string>;
}

/** Metadata of one datastream without its content (the `head` probe). */
export interface HeadCapability {
  head(objectId: string, datastreamId: string): Promise<{ size: number | null; httpStatus?: number }>;
}

/** Bytes [start, end) of a datastream (the `range` probe); the backend checks the store answered that range. */
export interface RangeReadCapability {
  readRange(objectId: string, datastreamId: string, range: { start: number; end: number }): AsyncIterable<Uint8Array>;
}

/** The first page (at most `max` entries) of the listing that holds the run's objects (the `list` probe). */
export interface ListPageCapability {
  listFirstPage(max: number): Promise<{ entries: number; httpStatus?: number }>;
}

/** Write the next version of a stored datastream (the `update` probe): `ds` carries its version (src/generate/versions.ts). */
export interface UpdateCapability {
  update(plan: ObjectPlan, ds: DatastreamPlan): Promise<Partial<OpTiming> | void>;
}

/**
 * Asks the target, before preflight and with read-only requests, whether it can answer the probes
 * asked for (a WebDAV server without PROPFIND cannot be listed); refuses with a usage error if not.
 */
export interface ProbeCheckCapability {
  checkProbes(kinds: readonly string[]): Promise<void>;
}

export function canCheckProbes(b: Backend): b is Backend & ProbeCheckCapability {
  return typeof (b as Partial<ProbeCheckCapability>).checkProbes === 'function';
}

export function canUpdate(b: Backend): b is Backend & UpdateCapability {
  return typeof (b as Partial<UpdateCapability>).update === 'function';
}

export function canHead(b: Backend): b is Backend & HeadCapability {
  return typeof (b as Partial<HeadCapability>).head === 'function';
}

export function canReadRange(b: Backend): b is Backend & RangeReadCapability {
  return typeof (b as Partial<RangeReadCapability>).readRange === 'function';
}

export function canListPage(b: Backend): b is Backend & ListPageCapability {
  return typeof (b as Partial<ListPageCapability>).listFirstPage === 'function';
}

export function canRead(b: Backend): b is Backend & ReadCapability {
  return typeof (b as Partial<ReadCapability>).read === 'function';
}

export function canRemove(b: Backend): b is Backend & RemoveCapability {
  return typeof (b as Partial<RemoveCapability>).remove === 'function';
}

/**
 * A backend whose time is simulated (the memory backend on its virtual clock): the run times its
 * batches with this clock and reads this host, not the machine's (docs/backends.md, "memory").
 */
export interface SimulatedTimeCapability {
  readonly clock: Clock;
  readonly host: HostSampler;
}

export function simulatesTime(b: Backend): b is Backend & SimulatedTimeCapability {
  const s = b as Partial<SimulatedTimeCapability>;
  return s.clock !== undefined && s.host !== undefined;
}

/** The clock a backend's operations are timed by: its own when it simulates time, else the host's. */
export function clockOf(b: Backend): Clock {
  return simulatesTime(b) ? b.clock : realClock;
}

export function hasBatchLifecycle(b: Backend): b is Backend & BatchLifecycle {
  return typeof (b as Partial<BatchLifecycle>).prepareBatch === 'function';
}

export function canFinishClean(b: Backend): b is Backend & CleanupCapability {
  return typeof (b as Partial<CleanupCapability>).finishClean === 'function';
}

export function canCleanAll(b: Backend): b is Backend & BulkCleanCapability {
  return typeof (b as Partial<BulkCleanCapability>).cleanAll === 'function';
}

export function canList(b: Backend): b is Backend & ListCapability {
  return typeof (b as Partial<ListCapability>).list === 'function';
}

export function canPrepare(b: Backend): b is Backend & PrepareCapability {
  return typeof (b as Partial<PrepareCapability>).prepare === 'function';
}
