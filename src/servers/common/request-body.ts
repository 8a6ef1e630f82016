/**
 * Opens a request body as a stream of chunks without buffering it: either the raw body
 * (Content-Length > 0, or chunked with at least one byte) or the first file part of a
 * multipart/form-data body (parsed by busboy; later parts are drained). Backpressure flows from the
 * consumer to the socket, so memory stays bounded whatever the body's size.
 *
 * A body cut short (client abort, truncated Content-Length, unterminated multipart) surfaces as a
 * ClientAbortError from the chunk iterator or from complete(): callers must store nothing then.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { ClientAbortError, badRequest, isHttpError } from './http-error.js';

export interface RequestBody {
  /** The body's own media type: the raw request's Content-Type, or the chosen part's. */
  mimeType: string | undefined;
  from: 'raw' | 'multipart';
  chunks: AsyncIterable<Buffer>;
  /** Resolves once the whole request was read and well-formed. Call after draining `chunks`. */
  complete(): Promise<void>;
  /**
   * Call when answering without having read everything (finally blocks): a multipart body is
   * unpiped from busboy so the rest can be drained or dropped; raw bodies are left to
   * settleUnreadBody (drain or close). A no-op once the body was fully read.
   */
  discard(): void;
}

/** Requests whose unread rest cannot be drained: settleUnreadBody closes their connection. */
export const abandoned = new WeakSet<IncomingMessage>();

const MULTIPART_LIMITS = { fields: 100, fieldSize: 64 * 1024, files: 100, parts: 1000, headerPairs: 100 };

export function isMultipart(req: IncomingMessage): boolean {
  return /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

/** True when the request announces a body (Content-Length > 0 or any Transfer-Encoding). */
export function announcesBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const cl = Number(req.headers['content-length'] ?? '0');
  return Number.isFinite(cl) && cl > 0;
}

function asAbort(e: unknown): Error {
  return e instanceof ClientAbortError || isHttpError(e) ? e : new ClientAbortError(undefined, e);
}

/** Opens the body; null when there is no content (no bytes, or a multipart body without a file part). */
export async function openRequestBody(req: IncomingMessage): Promise<RequestBody | null> {
  return isMultipart(req) ? openMultipart(req) : openRaw(req);
}

async function openRaw(req: IncomingMessage): Promise<RequestBody | null> {
  if (!announcesBody(req)) return null;
  const it = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let first: Buffer | undefined;
  try {
    for (;;) {
      const r = await it.next();
      if (r.done) break;
      if (r.value.length > 0) {
        first = r.value;
        break;
      }
    }
  } catch (e) {
    throw asAbort(e);
  }
  if (first === undefined) {
    if (!req.complete) throw new ClientAbortError();
    return null;
  }
  const head = first;
  async function* chunks(): AsyncGenerator<Buffer> {
    yield head;
    try {
      for (;;) {
        const r = await it.next();
        if (r.done) return;
        yield r.value;
      }
    } catch (e) {
      throw asAbort(e);
    }
  }
  const ct = req.headers['content-type'];
  return {
    mimeType: ct === undefined || ct.trim() === '' ? undefined : ct,
    from: 'raw',
    chunks: chunks(),
    complete: async () => {
      if (!req.complete) throw new ClientAbortError();
    },
    // Once an async iterator is attached, resume() cannot drain the request any more: close instead.
    discard: () => {
      if (!req.complete) abandoned.add(req);
    },
  };
}

function openMultipart(req: IncomingMessage): Promise<RequestBody | null> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: MULTIPART_LIMITS });
    } catch (e) {
      reject(badRequest(`Bad Request: ${(e as Error).message}`));
      return;
    }
    let chosen = false;
    let finished = false;
    let failure: Error | undefined;
    const waiters: Array<{ ok: () => void; fail: (e: Error) => void }> = [];
    const settleAll = (): void => {
      for (const w of waiters.splice(0)) {
        if (failure) w.fail(failure);
        else w.ok();
      }
    };
    const complete = (): Promise<void> =>
      new Promise<void>((ok, fail) => {
        waiters.push({ ok, fail });
        if (finished || failure) settleAll();
      });
    const fail = (e: Error): void => {
      if (finished || failure) return;
      failure = e;
      if (!chosen) reject(e);
      settleAll();
    };
    bb.on('file', (_name: string, stream: Readable, info: busboy.FileInfo) => {
      if (chosen || failure) {
        stream.resume();
        return;
      }
      chosen = true;
      // Until the consumer starts iterating, an abort must not become an unhandled 'error' event;
      // the iterator still sees the stream's error when it starts.
      stream.on('error', () => undefined);
      const discard = (): void => {
        if (finished) return;
        req.unpipe(bb);
        bb.destroy();
        req.resume();
      };
      resolve({ mimeType: info.mimeType, from: 'multipart', chunks: wrapFile(stream), complete, discard });
    });
    bb.on('finish', () => {
      finished = true;
      if (!chosen) resolve(null);
      settleAll();
    });
    // Our own destroy(ClientAbortError) surfaces here too; anything else is a malformed form: 400.
    bb.on('error', (e: Error) => fail(e instanceof ClientAbortError ? e : badRequest(`Bad Request: ${e.message}`)));
    req.on('close', () => {
      if (!req.complete) {
        const e = new ClientAbortError();
        bb.destroy(e);
        fail(e);
      }
    });
    req.on('error', (e) => bb.destroy(new ClientAbortError(undefined, e)));
    req.pipe(bb);
  });
}

/** Aborts were injected as ClientAbortError (see req 'close'); any other part error is busboy's: a malformed form. */
async function* wrapFile(stream: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const c of stream) yield c as Buffer;
  } catch (e) {
    if (e instanceof ClientAbortError || isHttpError(e)) throw e;
    throw badRequest(`Bad Request: ${(e as Error).message}`);
  }
}
