/**
 * Read-side probes on the embedded store (issue 18): `head` reads the datastream record only,
 * `range` reads just the chunks that hold the bytes asked for (chunks are CHUNK_SIZE bytes of
 * content each, chunk n at n × CHUNK_SIZE), `list` reads the first page of object keys with a
 * range iterator.
 */
import type { ClassicLevel } from 'classic-level';
import { CHUNK_SIZE } from '../../generate/content.js';
import { OpError } from '../op-timer.js';
import * as K from './keys.js';

type Db = ClassicLevel<string, Buffer>;

async function record(db: Db, objectId: string, datastreamId: string): Promise<K.DatastreamRecord> {
  const raw = await db.get(K.datastreamKey(objectId, datastreamId));
  if (raw === undefined) throw new OpError('E_NOT_FOUND', `datastream ${objectId}/${datastreamId} not found`);
  return JSON.parse(raw.toString('utf8')) as K.DatastreamRecord;
}

export async function levelHead(db: Db, objectId: string, datastreamId: string): Promise<{ size: number }> {
  return { size: (await record(db, objectId, datastreamId)).size };
}

export async function* levelReadRange(db: Db, objectId: string, datastreamId: string, range: { start: number; end: number }): AsyncIterable<Uint8Array> {
  const r = await record(db, objectId, datastreamId);
  const end = Math.min(range.end, r.size);
  if (range.start >= end) return;
  const first = Math.floor(range.start / CHUNK_SIZE);
  const last = Math.floor((end - 1) / CHUNK_SIZE);
  let n = first;
  for await (const value of db.values({ gte: K.chunkKey(objectId, datastreamId, first), lte: K.chunkKey(objectId, datastreamId, last) })) {
    const at = n++ * CHUNK_SIZE;
    yield value.subarray(Math.max(0, range.start - at), Math.min(value.length, end - at));
  }
}

export async function levelListPage(db: Db, max: number): Promise<{ entries: number }> {
  let entries = 0;
  for await (const _key of db.keys({ ...K.objectsRange(), limit: max })) entries++;
  return { entries };
}
