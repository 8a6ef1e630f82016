/**
 * A request log opened for import: its bytes read as a stream, decompressed when the first bytes are
 * a gzip (1f 8b, node:zlib) or a Zstandard frame (28 b5 2f fd, fzstd's streaming Decompress), and
 * decoded as UTF-8 text chunk by chunk, so memory holds one chunk whatever the file's size. A
 * corrupt or cut-off compressed stream ends the text with a LogInputError the line reader turns
 * into an error naming the file and the line reached.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { Decompress } from 'fzstd';
import { UsageError } from '../errors.js';

export type Compression = 'none' | 'gzip' | 'zstd';

/** Bytes read from the file per chunk (few reads, each a round trip to libuv's threads). */
const READ_BYTES = 1024 * 1024;
/**
 * Bytes decoded into one string at a time. V8 keeps a string of more than about 128 KiB in its
 * large-object space, which costs a separate allocation and collection each: a file decoded in
 * 1 MiB strings reads several times slower than in 64 KiB ones.
 */
const DECODE_BYTES = 64 * 1024;

/** The compressed stream could not be read to its end. */
export class LogInputError extends Error {
  constructor(
    readonly compression: Compression,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export interface LogInput {
  file: string;
  compression: Compression;
  /** The text of the file (decompressed), chunk by chunk. */
  text: AsyncGenerator<string>;
  close(): Promise<void>;
}

export const unreadable = (file: string, e: unknown): UsageError =>
  new UsageError(
    'E_FILE_UNREADABLE',
    `cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? 'unreadable'})`,
    'check the FILE argument of import',
  );

/** The compression named by a file's first bytes. */
export function compressionOf(head: Uint8Array): Compression {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head.length >= 4 && head[0] === 0x28 && head[1] === 0xb5 && head[2] === 0x2f && head[3] === 0xfd) return 'zstd';
  return 'none';
}

async function* fileBytes(handle: FileHandle, file: string): AsyncGenerator<Uint8Array> {
  const stream = handle.createReadStream({ highWaterMark: READ_BYTES, autoClose: false, start: 0 });
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (e) {
    throw unreadable(file, e);
  }
}

async function* gunzipped(bytes: AsyncGenerator<Uint8Array>): AsyncGenerator<Uint8Array> {
  const gunzip = createGunzip();
  const source = Readable.from(bytes);
  source.on('error', (e) => gunzip.destroy(e));
  source.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new LogInputError('gzip', (e as Error).message);
  }
}

async function* unzstd(bytes: AsyncGenerator<Uint8Array>): AsyncGenerator<Uint8Array> {
  let out: Uint8Array[] = [];
  let ended = false;
  const dec = new Decompress((data, final) => {
    out.push(data);
    if (final) ended = true;
  });
  const push = (chunk: Uint8Array, final: boolean): void => {
    try {
      dec.push(chunk, final);
    } catch (e) {
      throw new LogInputError('zstd', (e as Error).message || String(e));
    }
  };
  for await (const chunk of bytes) {
    push(chunk, false);
    if (out.length > 0) {
      const ready = out;
      out = [];
      yield* ready;
    }
  }
  push(new Uint8Array(0), true);
  yield* out;
  if (!ended) throw new LogInputError('zstd', 'the compressed data ends before its last frame does');
}

async function* decoded(bytes: AsyncGenerator<Uint8Array>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of bytes) {
    for (let at = 0; at < chunk.length; at += DECODE_BYTES) {
      const piece = at === 0 && chunk.length <= DECODE_BYTES ? chunk : chunk.subarray(at, at + DECODE_BYTES);
      const text = decoder.write(piece as Buffer);
      if (text !== '') yield text;
    }
  }
  const rest = decoder.end();
  if (rest !== '') yield rest;
}

/** Opens the file, reads its first bytes for the compression, and streams its text. */
export async function openLogInput(file: string): Promise<LogInput> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (e) {
    throw unreadable(file, e);
  }
  const head = new Uint8Array(4);
  let got: number;
  try {
    got = (await handle.read(head, 0, 4, 0)).bytesRead;
  } catch (e) {
    await handle.close().catch(() => undefined);
    throw unreadable(file, e);
  }
  const compression = compressionOf(head.subarray(0, got));
  const bytes = fileBytes(handle, file);
  const plain = compression === 'gzip' ? gunzipped(bytes) : compression === 'zstd' ? unzstd(bytes) : bytes;
  return { file, compression, text: decoded(plain), close: () => handle.close() };
}
