/**
 * Records of the Fedora 3 reference server in LevelDB (layout in records.ts). Every read-modify-write
 * of one object (its record, its datastream records, their blobs) runs under that object's lock, and
 * commits as one LevelDB batch. Blobs that lose their last owner are marked pending in that batch and
 * cleared in the background; close() waits for those clean-ups.
 */
import { discardBlob, sweepPendingBlobs } from './blob-store.js';
import { openDb, type BatchOp, type Db } from './db.js';
import { decodeRecord, encodeRecord, keys, type DatastreamRecord, type ObjectRecord } from './records.js';
import { KeyedMutex } from '../common/keyed-mutex.js';

export class Fedora3Store {
  private readonly locks = new KeyedMutex();
  private readonly tasks = new Set<Promise<void>>();

  private constructor(readonly db: Db) {}

  static async open(dataDir: string): Promise<Fedora3Store> {
    const db = await openDb(dataDir);
    await sweepPendingBlobs(db);
    return new Fedora3Store(db);
  }

  /** Runs fn while holding the object's lock (also used for PID minting per namespace). */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(key, fn);
  }

  async getObject(pid: string): Promise<ObjectRecord | undefined> {
    const v = await this.db.get(keys.object(pid));
    return v === undefined ? undefined : decodeRecord<ObjectRecord>(v);
  }

  async getDatastream(pid: string, dsID: string): Promise<DatastreamRecord | undefined> {
    const v = await this.db.get(keys.datastream(pid, dsID));
    return v === undefined ? undefined : decodeRecord<DatastreamRecord>(v);
  }

  async listDatastreams(pid: string): Promise<DatastreamRecord[]> {
    const out: DatastreamRecord[] = [];
    for await (const v of this.db.values(keys.datastreamRange(pid))) out.push(decodeRecord<DatastreamRecord>(v));
    return out;
  }

  /** Every object in PID order, streamed (the caller decides how many to keep). */
  async *objects(): AsyncGenerator<ObjectRecord> {
    for await (const v of this.db.values(keys.objectRange())) yield decodeRecord<ObjectRecord>(v);
  }

  /** Batch helpers: record puts and deletes. */
  static putObject(obj: ObjectRecord): BatchOp {
    return { type: 'put', key: keys.object(obj.pid), value: encodeRecord(obj) };
  }

  static putDatastream(ds: DatastreamRecord): BatchOp {
    return { type: 'put', key: keys.datastream(ds.pid, ds.dsID), value: encodeRecord(ds) };
  }

  /** Marks blobs as owned by nobody, inside the batch that drops their last owner. */
  static orphanOps(blobIds: Iterable<string>): BatchOp[] {
    return [...new Set(blobIds)].map((id) => ({ type: 'put', key: keys.pending(id), value: Buffer.alloc(0) }));
  }

  /** Commits ops atomically, then clears the blobs named as orphans (in the background). */
  async commit(ops: BatchOp[], orphans: Iterable<string> = []): Promise<void> {
    const ids = [...new Set(orphans)];
    await this.db.batch([...ops, ...Fedora3Store.orphanOps(ids)]);
    for (const id of ids) this.discardLater(id);
  }

  /** Clears a blob that never got an owner (a failed or rejected upload). */
  discardLater(blobId: string): void {
    const task: Promise<void> = discardBlob(this.db, blobId)
      .catch(() => undefined) // left marked: the next startup sweep clears it
      .finally(() => this.tasks.delete(task));
    this.tasks.add(task);
  }

  /** Purges an object with all datastreams; returns false when it does not exist. Caller holds the lock. */
  async purgeObject(pid: string): Promise<boolean> {
    const obj = await this.getObject(pid);
    if (obj === undefined) return false;
    const dss = await this.listDatastreams(pid);
    const ops: BatchOp[] = [{ type: 'del', key: keys.object(pid) }];
    const blobs: string[] = [];
    for (const ds of dss) {
      ops.push({ type: 'del', key: keys.datastream(pid, ds.dsID) });
      for (const v of ds.versions) if (v.blobId !== null) blobs.push(v.blobId);
    }
    await this.commit(ops, blobs);
    return true;
  }

  /** Allocates `count` numbers from a namespace's sequence. Caller holds the `seq:` lock. */
  async allocate(namespace: string, count: number): Promise<number> {
    const v = await this.db.get(keys.sequence(namespace));
    const next = v === undefined ? 1 : Number(v.toString('utf8'));
    await this.db.put(keys.sequence(namespace), Buffer.from(String(next + count), 'utf8'));
    return next;
  }

  async close(): Promise<void> {
    while (this.tasks.size > 0) await Promise.all([...this.tasks]);
    await this.db.close();
  }
}
