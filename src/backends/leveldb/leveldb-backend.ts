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

export interface LevelDbOptions {
  /** Directory of the LevelDB database (created if missing). */
  dataDir: string;
}

export class LevelDbBackend implements Backend, ReadCapability, RemoveCapability, ListCapability {
  readonly name = 'leveldb';
  private readonly db: ClassicLevel<string, Buffer>;

  constructor(private readonly opts: LevelDbOptions) {
    this.db = new ClassicLevel<string, Buffer>(opts.dataDir, { keyEncoding: 'utf8', valueEncoding: 'buffer' });
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
    if ((await this.db.get(key)) !== undefined) throw new OpError('E_EXISTS', `object ${plan.id} exists`);
    const record: K.ObjectRecord = { id: plan.id, path: plan.path, created: new Date().toISOString() };
    await this.db.put(key, Buffer.from(JSON.stringify(record)));
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
        await this.db.batch(pending);
        pending = [];
        pendingBytes = 0;
      }
    }
    const sha256 = hash.digest('hex');
    const record: K.DatastreamRecord = { id: ds.id, size: ds.size, sha256, mime: ds.mime, chunks: n, created: new Date().toISOString() };
    pending.push({ type: 'put', key: K.datastreamKey(id, ds.id), value: Buffer.from(JSON.stringify(record)) });
    await this.db.batch(pending);
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
