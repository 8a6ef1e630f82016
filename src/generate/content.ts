/**
 * Datastream content as a pure function of (seed, object index, datastream id), streamed in chunks
 * and never held whole. `random` content is an AES-128-CTR keystream (incompressible, runs at memory
 * speed); `compressible` content maps the same keystream onto a 16-letter text alphabet (4 bits of
 * entropy per byte: general-purpose compressors reach about 2:1).
 */
import { createHash, hash } from 'node:crypto';
import type { ContentKind } from '../workload/index.js';
import { fillKeystream, keystreamReader } from './native-keystream.js';
import { applyEdits, contentPurpose } from './versions.js';

export const CHUNK_SIZE = 64 * 1024;
const ALPHABET = Buffer.from('etaoinshrdlucmf ');
const TEXT_TABLE = Buffer.alloc(256, 0);
for (let b = 0; b < 256; b++) TEXT_TABLE[b] = ALPHABET[b & 15] ?? 32;
TEXT_TABLE[0x0a] = 0x0a;

export interface ContentId {
  seed: number;
  objectIndex: number;
  datastreamId: string;
}

export interface ContentSpec extends ContentId {
  size: number;
  kind: ContentKind;
  /** The version of the content (versions.ts); 0 or absent: as ingested. */
  version?: number;
  /** `versioned:EDIT`: the fraction of bytes each version rewrites in place. */
  edit?: number;
}

/** 32 bytes of key material, unique per (purpose, seed, object, datastream). */
export function derive(purpose: string, id: ContentId): Buffer {
  // one-shot crypto.hash: the same SHA-256 as createHash().update().digest(), without a Hash object per call
  return hash('sha256', `ingest-scale/v1\0${purpose}\0${id.seed}\0${id.objectIndex}\0${id.datastreamId}`, 'buffer');
}

/** A byte range [start, end) of the content. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Yields the content (or the byte range of it) in chunks of at most CHUNK_SIZE bytes, each a fresh
 * Buffer the caller may keep. A range starts the keystream at its own counter block, so a part of
 * a large datastream costs only its own bytes.
 */
export function* contentChunks(spec: ContentSpec, chunkSize = CHUNK_SIZE, range?: ByteRange): Generator<Buffer> {
  const start = range?.start ?? 0;
  const end = Math.min(range?.end ?? spec.size, spec.size);
  const key = derive(contentPurpose(spec), spec);
  const next = keystreamReader(key, start);
  let offset = start;
  while (offset < end) {
    const n = Math.min(end - offset, chunkSize);
    const chunk = next(n);
    if (spec.edit) applyEdits(spec, chunk, offset);
    if (spec.kind === 'compressible') toText(chunk, offset);
    offset += n;
    yield chunk;
  }
}

/** Maps keystream bytes to text; `offset` is the chunk's position in the content, so chunking never changes the bytes. */
function toText(buf: Buffer, offset: number): void {
  for (let i = 0; i < buf.length; i++) buf[i] = TEXT_TABLE[buf[i] as number] as number;
  // a line break at every 80th byte of the content keeps the text line-shaped without changing its entropy much
  for (let i = (79 - (offset % 80) + 80) % 80; i < buf.length; i += 80) buf[i] = 0x0a;
}

/** SHA-256 (hex) of the content, or of a byte range of it, computed by streaming it. */
export function contentSha256(spec: ContentSpec, range?: ByteRange): string {
  const h = createHash('sha256');
  for (const chunk of contentChunks(spec, CHUNK_SIZE, range)) h.update(chunk);
  return h.digest('hex');
}

/**
 * The whole content as one Buffer, for a datastream small enough to send in one write (at most
 * `max` bytes, 1 MiB by default): the same bytes as contentChunks without a generator per body.
 */
export function contentBuffer(spec: ContentSpec, max = 1024 * 1024): Buffer {
  if (spec.size > max)
    throw new RangeError(`contentBuffer: ${spec.size} bytes is above ${max}; stream it with contentChunks`);
  const buf = Buffer.allocUnsafe(spec.size); // a small body comes from Node's shared pool
  fillKeystream(derive(contentPurpose(spec), spec), 0, buf);
  if (spec.edit) applyEdits(spec, buf, 0);
  if (spec.kind === 'compressible') toText(buf, 0);
  return buf;
}

/**
 * The whole content written into the first spec.size bytes of `target` (a buffer the caller reuses,
 * e.g. from a body pool): no allocation at all when the native keystream is built. Returns that
 * part of target.
 */
export function contentInto(spec: ContentSpec, target: Buffer): Buffer {
  if (spec.size > target.length)
    throw new RangeError(`contentInto: ${spec.size} bytes do not fit a buffer of ${target.length}`);
  const body = target.subarray(0, spec.size);
  fillKeystream(derive(contentPurpose(spec), spec), 0, body);
  if (spec.edit) applyEdits(spec, body, 0);
  if (spec.kind === 'compressible') toText(body, 0);
  return body;
}
