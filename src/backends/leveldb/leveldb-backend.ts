/**
 * `leveldb`: the embedded default. A real object store on classic-level: an object record per
 * object, each datastream streamed into chunks (written in batches of about 1 MiB, never held
 * whole) with its SHA-256 computed on the way, and the datastream record committed atomically with
 * the last chunks, so a crash never leaves a record pointing at missing bytes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ClassicLevel } from 'classic-level';
import { contentChunks } from '../../generate/content.js';
import type { DatastreamPlan, ObjectPlan } from '../../generate/plan.js';
import { RunFailedError } from '../../errors.js';
import type { Backend, ListCapability, ObjectRef, OpTiming, ReadCapability, RemoveCapability, TargetInfo } from '../backend.js';
import { OpError, timeOp } from '../op-timer.js';
import * as K from './keys.js';

const WRITE_BATCH_BYTES = 1024 * 1024;

type BatchOp = { type: 'put'; key: string; value: Buffer };

/**
 * Group commit above the native binding: writes that arrive while one is in flight go together
 * as the next single batch(), each caller resolved when its own operations are written. LevelDB
 * groups concurrent writers internally too, but every native call costs a thread-pool round trip
 * (about 50 µs here), which with an object record and a datastream per object was the backend's
 * limit. Each caller's operations stay atomic (they are never split across two writes).
 */
class WriteCombiner {
  private queue: { ops: BatchOp[]; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;

  /** One native write at a time: LevelDB applies writes one group after another anyway. */
  private readonly maxInFlight = 1;

  constructor(private readonly db: ClassicLevel<string, Buffer>) {}

  write(ops: BatchOp[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ops, resolve, reject });
      if (this.inFlight < this.maxInFlight) this.flush();
    });
  }

  private flush(): void {
    const group = this.queue;
    if (group.length === 0) return;
    this.inFlight++;
    this.queue = [];
    const ops = group.length === 1 ? (group[0] as (typeof group)[0]).ops : group.flatMap((g) => g.ops);
    this.db.batch(ops).then(
      () => {
        this.inFlight--;
        for (const g of group) g.resolve();
        this.flush();
      },
      (e: unknown) => {
        this.inFlight--;
        for (const g of group) g.reject(e);
        this.flush();
      },
    );
  }
}

export interface LevelDbOptions {
  /** Directory of the LevelDB database (created if missing). */
  dataDir: string;
}

export class LevelDbBackend implements Backend, ReadCapability, RemoveCapability, ListCapability {
  readonly name = 'leveldb';
  private readonly db: ClassicLevel<string, Buffer>;
  private readonly writes: WriteCombiner;

  constructor(private readonly opts: LevelDbOptions) {
    this.db = new ClassicLevel<string, Buffer>(opts.dataDir, { keyEncoding: 'utf8', valueEncoding: 'buffer' });
    this.writes = new WriteCombiner(this.db);
  }

  async preflight(): Promise<TargetInfo> {
    try {
      mkdirSync(this.opts.dataDir, { recursive: true });
      await this.db.open();
    } catch (e) {
      throw new RunFailedError('E_TARGET', `cannot open the LevelDB store in ${this.opts.dataDir}: ${(e as Error).message}`, {
        hint: 'check --data: the directory must be writable and not in use by another process',
        cause: e,
      });
    }
    const version = createRequire(import.meta.url)('classic-level/package.json').version as string;
    return { backend: this.name, target: this.opts.dataDir, product: 'classic-level (LevelDB)', version };
  }

  async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
    const meta = { objectId: plan.id, objectIndex: plan.index };
    const created = await timeOp({ ...meta, kind: 'create-object', datastreamId: null, bytes: 0 }, () => this.createObject(plan));
    if (created.status === 'failed') return [created];
    const ops = [created];
    for (const ds of plan.datastreams) {
      ops.push(await timeOp({ ...meta, kind: 'add-datastream', datastreamId: ds.id, bytes: ds.size }, () => this.putDatastream(plan.id, ds)));
    }
    return ops;
  }

  private async createObject(plan: ObjectPlan): Promise<void> {
    const key = K.objectKey(plan.id);
    // getSync: the existence check without a thread-pool round trip (a memtable or cached-block lookup)
    if (this.db.getSync(key) !== undefined) throw new OpError('E_EXISTS', `object ${plan.id} exists`);
    const record: K.ObjectRecord = { id: plan.id, path: plan.path, created: new Date().toISOString() };
    await this.writes.write([{ type: 'put', key, value: Buffer.from(JSON.stringify(record)) }]);
  }

  private async putDatastream(id: string, ds: DatastreamPlan): Promise<Partial<OpTiming>> {
    const hash = createHash('sha256');
    let pending: BatchOp[] = [];
    let pendingBytes = 0;
    let n = 0;
    for (const chunk of contentChunks(ds)) {
      hash.update(chunk);
      pending.push({ type: 'put', key: K.chunkKey(id, ds.id, n++), value: chunk });
      pendingBytes += chunk.length;
      if (pendingBytes >= WRITE_BATCH_BYTES) {
        await this.writes.write(pending);
        pending = [];
        pendingBytes = 0;
      }
    }
    const sha256 = hash.digest('hex');
    const record: K.DatastreamRecord = { id: ds.id, size: ds.size, sha256, mime: ds.mime, chunks: n, created: new Date().toISOString() };
    pending.push({ type: 'put', key: K.datastreamKey(id, ds.id), value: Buffer.from(JSON.stringify(record)) });
    await this.writes.write(pending);
    return { sha256 };
  }

  async *read(objectId: string, datastreamId: string): AsyncIterable<Uint8Array> {
    if ((await this.db.get(K.datastreamKey(objectId, datastreamId))) === undefined) {
      throw new OpError('E_NOT_FOUND', `datastream ${objectId}/${datastreamId} not found`);
    }
    for await (const value of this.db.values(K.chunksOf(objectId, datastreamId))) yield value;
  }

  async remove({ id: objectId }: ObjectRef): Promise<void> {
    if ((await this.db.get(K.objectKey(objectId))) === undefined) throw new OpError('E_NOT_FOUND', `object ${objectId} not found`);
    await this.db.clear(K.chunksOfObject(objectId));
    await this.db.clear(K.datastreamsOf(objectId));
    await this.db.del(K.objectKey(objectId));
  }

  async *list(): AsyncIterable<string> {
    for await (const key of this.db.keys(K.objectsRange())) yield key.slice('obj!'.length);
  }

  async close(): Promise<void> {
    if (this.db.status === 'open' || this.db.status === 'opening') await this.db.close();
  }
}
