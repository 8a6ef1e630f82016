/**
 * Small HTTP helpers the shared respond module does not have: header values as one string,
 * body-less responses with exact headers, and request bodies for LDP writes — a binary body as a
 * stream of chunks that fails loudly when cut short (the caller then stores nothing), or a bounded
 * RDF body read whole.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClientAbortError, HttpError } from '../common/http-error.js';
import { settleUnreadBody, type HeaderMap } from '../common/respond.js';

/** A request header as one string (repeated headers joined with ', '), or undefined. */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** A response without a body (304, HEAD, 204) whose headers are sent exactly as given. */
export function sendHeaders(req: IncomingMessage, res: ServerResponse, status: number, headers: HeaderMap): void {
  if (res.headersSent || res.destroyed) return;
  settleUnreadBody(req, res);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, typeof v === 'number' ? String(v) : v);
  res.writeHead(status);
  res.end();
}

/** The body's chunks; a client abort or a body shorter than its Content-Length → ClientAbortError. */
export async function* bodyChunks(req: IncomingMessage): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of req) yield chunk as Buffer;
  } catch (e) {
    throw new ClientAbortError(undefined, e);
  }
  if (!req.complete) throw new ClientAbortError();
}

/** Reads a whole (RDF) body up to `limit` bytes; larger → 413. */
export async function readSmallBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = (): HttpError => new HttpError(413, `Payload Too Large: RDF bodies are limited to ${limit} bytes`);
  const declared = Number(req.headers['content-length'] ?? '0');
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of bodyChunks(req)) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    parts.push(chunk);
  }
  return Buffer.concat(parts, size);
}
