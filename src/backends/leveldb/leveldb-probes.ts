/**
 * Read-side probes on the embedded store (docs/probes.md): `head` reads the datastream record only,
 * `range` reads just the chunks that hold the bytes asked for (chunks are CHUNK_SIZE bytes of
 * content each, chunk n at n × CHUNK_SIZE), `list` reads the first page of object keys with a
 * range iterator, `update` writes a datastream's next version over it.
 */
import type { ClassicLevel } from 'classic-level';
import { createHash } from 'node:crypto';
import { CHUNK_SIZE, contentChunks, type DatastreamPlan } from '../../generate/index.js';
import { OpError } from '../op-timer.js';
import * as K from './keys.js';
import type { PutOp, WriteCombiner } from './write-combiner.js';

type Db = ClassicLevel<string, Buffer>;

async function record(db: Db, objectId: string, datastreamId: string): Promise<K.DatastreamRecord> {
  const raw = await db.get(K.datastreamKey(objectId, datastreamId));
  if (raw === undefined) throw new OpError('E_NOT_FOUND', `datastream ${objectId}/${datastreamId} not found`);
  return JSON.parse(raw.toString('utf8')) as K.DatastreamRecord;
}

export async function levelHead(db: Db, objectId: string, datastreamId: string): Promise<{ size: number }> {
  return { size: (await record(db, objectId, datastreamId)).size };
}

export async function* levelReadRange(
  db: Db,
  objectId: string,
  datastreamId: string,
  range: { start: number; end: number },
): AsyncIterable<Uint8Array> {
  const r = await record(db, objectId, datastreamId);
  const end = Math.min(range.end, r.size);
  if (range.start >= end) return;
  const first = Math.floor(range.start / CHUNK_SIZE);
  const last = Math.floor((end - 1) / CHUNK_SIZE);
  let n = first;
  for await (const value of db.values({
    gte: K.chunkKey(objectId, datastreamId, first),
    lte: K.chunkKey(objectId, datastreamId, last),
  })) {
    const at = n++ * CHUNK_SIZE;
    yield value.subarray(Math.max(0, range.start - at), Math.min(value.length, end - at));
  }
}

export async function levelListPage(db: Db, max: number): Promise<{ entries: number }> {
  let entries = 0;
  for await (const _key of db.keys({ ...K.objectsRange(), limit: max })) entries++;
  return { entries };
}

/**
 * The `update` probe: version ds.version of a datastream written over the stored one, chunk keys
 * overwritten in writes of about 1 MiB (a version has the same size, so the same chunks), its
 * record (with the new SHA-256) in the last write.
 */
export async function levelUpdate(
  writes: WriteCombiner,
  objectId: string,
  ds: DatastreamPlan,
): Promise<{ sha256: string }> {
  const h = createHash('sha256');
  let pending: PutOp[] = [];
  let bytes = 0;
  let n = 0;
  for (const chunk of contentChunks(ds)) {
    h.update(chunk);
    pending.push({ type: 'put', key: K.chunkKey(objectId, ds.id, n++), value: chunk });
    bytes += chunk.length;
    if (bytes >= 1024 * 1024) {
      await writes.write(pending).done;
      pending = [];
      bytes = 0;
    }
  }
  const sha256 = h.digest('hex');
  const record: K.DatastreamRecord = {
    id: ds.id,
    size: ds.size,
    sha256,
    mime: ds.mime,
    chunks: n,
    created: new Date().toISOString(),
  };
  pending.push({ type: 'put', key: K.datastreamKey(objectId, ds.id), value: Buffer.from(JSON.stringify(record)) });
  await writes.write(pending).done;
  return { sha256 };
}
