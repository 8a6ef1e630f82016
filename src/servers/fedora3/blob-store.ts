/**
 * Datastream content as fixed-size chunks in LevelDB, written and read as streams.
 *
 * Writing: a `pend` marker goes in first; full chunks are put one at a time while the body streams
 * (awaiting each put gives backpressure to the socket); the last chunk is held back and returned in
 * `commitOps`, to go in the same batch as the record that adopts the blob, together with the
 * marker's deletion. So a datastream record is never visible without all of its chunks, and an upload
 * that fails half-way leaves only a marked blob that is cleared at once (or by the startup sweep).
 * Memory per upload: one CHUNK_SIZE buffer, reused.
 */
import { createHash, randomBytes, type Hash } from 'node:crypto';
import type { BatchOp, Db } from './db.js';
import { keys } from './records.js';

export const CHUNK_SIZE = 256 * 1024;

export interface BlobWrite {
  blobId: string;
  size: number;
  /** Lower-case hex digest per requested Node hash algorithm (md5, sha1, sha256, …). */
  digests: Map<string, string>;
  /** Puts of the held-back last chunk and the marker's deletion: commit them with the record. */
  commitOps: BatchOp[];
}

export function newBlobId(): string {
  return randomBytes(12).toString('hex');
}

export async function writeBlob(
  db: Db,
  chunks: AsyncIterable<Buffer>,
  algorithms: readonly string[],
): Promise<BlobWrite> {
  const blobId = newBlobId();
  await db.put(keys.pending(blobId), Buffer.alloc(0));
  const hashes = new Map<string, Hash>(algorithms.map((a) => [a, createHash(a)]));
  const buffer = Buffer.allocUnsafe(CHUNK_SIZE);
  let fill = 0;
  let index = 0;
  let size = 0;
  try {
    for await (const chunk of chunks) {
      for (const h of hashes.values()) h.update(chunk);
      size += chunk.length;
      let offset = 0;
      while (offset < chunk.length) {
        if (fill === CHUNK_SIZE) {
          await db.put(keys.chunk(blobId, index++), buffer); // classic-level copies the bytes
          fill = 0;
        }
        const n = chunk.copy(buffer, fill, offset);
        fill += n;
        offset += n;
      }
    }
  } catch (e) {
    await discardBlob(db, blobId).catch(() => undefined);
    throw e;
  }
  const commitOps: BatchOp[] = [];
  if (fill > 0)
    commitOps.push({ type: 'put', key: keys.chunk(blobId, index), value: Buffer.from(buffer.subarray(0, fill)) });
  commitOps.push({ type: 'del', key: keys.pending(blobId) });
  const digests = new Map<string, string>();
  for (const [a, h] of hashes) digests.set(a, h.digest('hex'));
  return { blobId, size, digests, commitOps };
}

/** Stores a small in-memory content (the DC record) as a blob; returns the ops for the record batch. */
export function smallBlobOps(blobId: string, content: Buffer): BatchOp[] {
  const ops: BatchOp[] = [];
  for (let i = 0, n = 0; i < content.length; i += CHUNK_SIZE, n++) {
    ops.push({ type: 'put', key: keys.chunk(blobId, n), value: content.subarray(i, i + CHUNK_SIZE) });
  }
  return ops;
}

/** Removes a blob's chunks and its marker. Callers mark the blob pending first if a crash could intervene. */
export async function discardBlob(db: Db, blobId: string): Promise<void> {
  await db.clear(keys.blobRange(blobId));
  await db.del(keys.pending(blobId));
}

/** Clears every blob left marked pending (crash during an upload or a purge). */
export async function sweepPendingBlobs(db: Db): Promise<number> {
  const ids: string[] = [];
  for await (const key of db.keys(keys.pendingRange())) ids.push(keys.blobFromPendingKey(key));
  for (const id of ids) await discardBlob(db, id);
  return ids.length;
}

/**
 * Streams bytes [start, end] (inclusive) of a blob of `size` bytes. A LevelDB iterator reads from an
 * implicit snapshot, so a purge racing with the read does not cut the stream short.
 */
export async function* readBlob(db: Db, blobId: string, start: number, end: number): AsyncGenerator<Buffer> {
  if (end < start) return;
  const first = Math.floor(start / CHUNK_SIZE);
  const last = Math.floor(end / CHUNK_SIZE);
  let expected = first;
  for await (const [key, value] of db.iterator({ gte: keys.chunk(blobId, first), lte: keys.chunk(blobId, last) })) {
    if (key !== keys.chunk(blobId, expected)) throw new Error(`blob ${blobId} is missing chunk ${expected}`);
    const base = expected * CHUNK_SIZE;
    const from = Math.max(0, start - base);
    const to = Math.min(value.length, end - base + 1);
    if (to > from) yield value.subarray(from, to);
    expected++;
  }
  if (expected !== last + 1) throw new Error(`blob ${blobId} ends before byte ${end}`);
}

/** Digest of a stored blob, streamed (for validateChecksum=true). */
export async function digestBlob(db: Db, blobId: string, size: number, algorithm: string): Promise<string> {
  const h = createHash(algorithm);
  for await (const c of readBlob(db, blobId, 0, size - 1)) h.update(c);
  return h.digest('hex');
}
