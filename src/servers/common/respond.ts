/**
 * Writing whole (small) responses, and what to do with a request body the handler did not read.
 * Node drops the body itself for HEAD, 204 and 304.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpError } from './http-error.js';
import { abandoned } from './request-body.js';

/** Unread bodies up to this size are drained so the connection can be kept; larger ones close it. */
export const DRAIN_LIMIT = 1024 * 1024;

export type HeaderMap = Record<string, string | number | readonly string[]>;

/**
 * Called before answering a request whose body may still be arriving (an early 4xx, a 401 before
 * the upload): a small announced body is read and discarded; otherwise the connection is closed
 * after the response, so nobody reads (or buffers) a large body that will never be used.
 */
export function settleUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  if (abandoned.has(req)) {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    return;
  }
  const chunked = req.headers['transfer-encoding'] !== undefined;
  const length = Number(req.headers['content-length'] ?? '0');
  if (!chunked && Number.isFinite(length) && length <= DRAIN_LIMIT && !req.destroyed) {
    req.resume();
    return;
  }
  if (!res.headersSent) res.setHeader('Connection', 'close');
}

/**
 * Sends a complete response with Content-Length (none on 204 and 304, which have no body and whose
 * Content-Length would describe the representation). Safe to call after the client went away.
 */
export function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: HeaderMap = {},
): void {
  if (res.headersSent || res.destroyed) return;
  settleUnreadBody(req, res);
  const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (status !== 204 && status !== 304) res.setHeader('Content-Length', buf.length);
  res.writeHead(status);
  res.end(buf);
}

export function sendError(req: IncomingMessage, res: ServerResponse, e: HttpError): void {
  const headers: HeaderMap = { ...e.headers };
  if (e.body !== '') headers['Content-Type'] = e.contentType;
  send(req, res, e.status, e.body, headers);
}

/** Writes one chunk of a streamed body, waiting for 'drain' when the socket buffer is full. */
export async function writeChunk(res: ServerResponse, chunk: Buffer): Promise<void> {
  if (res.destroyed) throw new Error('the client closed the connection');
  if (res.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const cleanup = (): void => {
      res.off('drain', onDrain);
      res.off('close', onClose);
    };
    const onDrain = (): void => {
      cleanup();
      resolve();
    };
    const onClose = (): void => {
      cleanup();
      reject(new Error('the client closed the connection'));
    };
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}
