/**
 * Binary bodies in LevelDB chunks, streamed both ways with bounded memory: an upload is cut into
 * fixed-size chunks written as they fill (the request stream is not read while a write is pending,
 * so backpressure reaches the client), hashed on the way. Each upload gets a fresh blob id and is
 * never modified; a resource record points at it only once the upload completed and its digests
 * matched, so a failed or truncated upload is invisible and its chunks are dropped at once.
 */
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { blobChunkKey, blobPrefix } from './ldp-keys.js';
import { nodeHashName, type DigestAlg } from './digest-headers.js';
import type { KvStore, Snapshot } from './kv-store.js';

export const DEFAULT_CHUNK_SIZE = 256 * 1024;

export interface StoredBlob {
  blob: string;
  size: number;
  chunkSize: number;
  digests: Partial<Record<DigestAlg, string>>;
}

export interface BlobRef {
  blob: string;
  size: number;
  chunkSize: number;
}

export class BlobStore {
  constructor(
    private readonly kv: KvStore,
    private readonly chunkSize = DEFAULT_CHUNK_SIZE,
  ) {}

  /** Streams `source` into a new blob, computing the given digests. On any error the chunks are dropped. */
  async write(source: AsyncIterable<Buffer>, algs: readonly DigestAlg[]): Promise<StoredBlob> {
    const blob = randomUUID();
    const hashes = new Map<DigestAlg, Hash>(algs.map((a) => [a, createHash(nodeHashName(a))]));
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let n = 0;
    let size = 0;
    const flush = async (bytes: number): Promise<void> => {
      const all = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingBytes);
      const chunk = all.subarray(0, bytes);
      const rest = all.subarray(bytes);
      pending = rest.length > 0 ? [Buffer.from(rest)] : [];
      pendingBytes = rest.length;
      await this.kv.write([{ type: 'put', key: blobChunkKey(blob, n++), value: Buffer.from(chunk) }]);
    };
    try {
      for await (const piece of source) {
        for (const h of hashes.values()) h.update(piece);
        size += piece.length;
        pending.push(piece);
        pendingBytes += piece.length;
        while (pendingBytes >= this.chunkSize) await flush(this.chunkSize);
      }
      if (pendingBytes > 0) await flush(pendingBytes);
    } catch (e) {
      await this.drop(blob);
      throw e;
    }
    const digests: Partial<Record<DigestAlg, string>> = {};
    for (const [a, h] of hashes) digests[a] = h.digest('hex');
    return { blob, size, chunkSize: this.chunkSize, digests };
  }

  /** The bytes [start, end] (inclusive) of a blob, chunk by chunk, from `snapshot` when given. */
  async *read(ref: BlobRef, span?: { start: number; end: number }, snapshot?: Snapshot): AsyncGenerator<Buffer> {
    if (ref.size === 0) return;
    const start = span?.start ?? 0;
    const end = span?.end ?? ref.size - 1;
    const first = Math.floor(start / ref.chunkSize);
    const last = Math.floor(end / ref.chunkSize);
    let index = first;
    for await (const chunk of this.kv.values(
      blobChunkKey(ref.blob, first),
      blobChunkKey(ref.blob, last + 1),
      snapshot,
    )) {
      const offset = index * ref.chunkSize;
      const from = Math.max(0, start - offset);
      const to = Math.min(chunk.length, end - offset + 1);
      index++;
      if (to > from) yield from === 0 && to === chunk.length ? chunk : chunk.subarray(from, to);
    }
    if (index !== last + 1) throw new Error(`binary ${ref.blob} is missing chunks`);
  }

  /** Computes a digest by streaming the stored bytes (for Want-Digest algorithms not kept at upload). */
  async digest(ref: BlobRef, alg: DigestAlg, snapshot?: Snapshot): Promise<string> {
    const h = createHash(nodeHashName(alg));
    for await (const c of this.read(ref, undefined, snapshot)) h.update(c);
    return h.digest('hex');
  }

  async drop(blob: string): Promise<void> {
    await this.kv.clearPrefix(blobPrefix(blob));
  }
}
