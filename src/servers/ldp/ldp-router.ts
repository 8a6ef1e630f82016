/**
 * One request, start to end: Basic auth when configured (401 + WWW-Authenticate: Basic
 * realm="fcrepo" on every request without the right credentials), the request target, the
 * transaction session, then the handler for the method. Every failure becomes a status with a
 * text/plain body; a client that went away mid-body gets nothing (its upload stored nothing), and
 * an unexpected fault is a 500 — never a crash.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkBasicAuth, type BasicCredentials } from '../common/basic-auth.js';
import { ClientAbortError, HttpError, isHttpError } from '../common/http-error.js';
import { sendError } from '../common/respond.js';
import { getMetadata, getResource, optionsResource } from './handle-read.js';
import { handleDelete, handleDeleteTombstone, otherOnTombstone } from './handle-delete.js';
import { handlePost, handlePutMetadata } from './handle-post.js';
import { handlePut } from './handle-put.js';
import { handleTx, handleTxCollection } from './handle-tx.js';
import type { LdpContext } from './ldp-context.js';
import { parseTarget, BASE_SEGMENT } from './ldp-path.js';
import { ALLOW_CONTAINER, ALLOW_METADATA } from './response-headers.js';
import { resolveSession, type Writer } from './sessions.js';

export interface RouterDeps {
  writer: Writer;
  auth: BasicCredentials | undefined;
  /** host:port the server is bound to, used when the request's Host header is unusable. */
  boundHost: string;
  maxRdfBytes: number;
}

const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function baseUri(req: IncomingMessage, boundHost: string): string {
  const host = req.headers.host;
  return `http://${host !== undefined && HOST.test(host) ? host : boundHost}/${BASE_SEGMENT}`;
}

function notAllowed(allow: string): HttpError {
  return new HttpError(405, 'Method Not Allowed', { headers: { Allow: allow } });
}

async function dispatch(req: IncomingMessage, res: ServerResponse, deps: RouterDeps): Promise<void> {
  if (deps.auth !== undefined && !checkBasicAuth(req.headers.authorization, deps.auth)) {
    throw new HttpError(401, 'Unauthorized', { headers: { 'WWW-Authenticate': 'Basic realm="fcrepo"' } });
  }
  const target = parseTarget(req.url);
  const base = baseUri(req, deps.boundHost);
  const ctx: LdpContext = { req, res, base, session: {}, writer: deps.writer, maxRdfBytes: deps.maxRdfBytes };
  if (target.kind === 'tx-collection') return handleTxCollection(ctx);
  if (target.kind === 'tx') return handleTx(ctx, target.id);
  const atomic = req.headers['atomic-id'];
  ctx.session = resolveSession(Array.isArray(atomic) ? atomic[0] : atomic, base, deps.writer.txm);
  const method = req.method ?? '';
  if (target.kind === 'tombstone')
    return method === 'DELETE' ? handleDeleteTombstone(ctx, target.path) : otherOnTombstone(ctx, target.path);
  if (target.kind === 'metadata') {
    if (method === 'GET' || method === 'HEAD') return getMetadata(ctx, target.path);
    if (method === 'OPTIONS') return optionsResource(ctx, target.path, true);
    if (method === 'PUT') return handlePutMetadata(ctx, target.path);
    throw notAllowed(ALLOW_METADATA);
  }
  switch (method) {
    case 'GET':
    case 'HEAD':
      return getResource(ctx, target.path);
    case 'OPTIONS':
      return optionsResource(ctx, target.path, false);
    case 'PUT':
      return handlePut(ctx, target.path);
    case 'POST':
      return handlePost(ctx, target.path);
    case 'DELETE':
      return handleDelete(ctx, target.path);
    default:
      throw notAllowed(ALLOW_CONTAINER);
  }
}

export async function route(req: IncomingMessage, res: ServerResponse, deps: RouterDeps): Promise<void> {
  try {
    await dispatch(req, res, deps);
  } catch (e) {
    if (e instanceof ClientAbortError) {
      res.destroy();
    } else if (res.headersSent) {
      res.destroy();
    } else {
      sendError(
        req,
        res,
        isHttpError(e)
          ? e
          : new HttpError(500, `Internal Server Error: ${(e as Error).message ?? 'unexpected failure'}`),
      );
    }
  }
}
