/**
 * One request, start to finish: request-target checks (400), Basic authentication of writes (401),
 * routing (404), method check (405), the handler, and the error mapping of docs/protocols.md §1.6 —
 * handlers throw HttpError for mapped cases; anything else is Fedora's unmapped exception, a 500
 * with the message as text/plain. A client that went away mid-request gets nothing (its socket is
 * already gone) and nothing was stored.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkBasicAuth, parseBasicAuth, type BasicCredentials } from '../common/basic-auth.js';
import {
  ClientAbortError,
  HttpError,
  isHttpError,
  methodNotAllowed,
  notFound,
  serverError,
} from '../common/http-error.js';
import { parseRequestTarget } from '../common/request-target.js';
import { send, sendError } from '../common/respond.js';
import { handleContent } from './content-handler.js';
import { handleGetDatastream, handlePurgeDatastream } from './datastream-read.js';
import { handleWriteDatastream } from './datastream-write.js';
import { type Exchange, type Fedora3Context, param } from './exchange.js';
import { handleCreateObject } from './object-create.js';
import { handleGetObject, handleListDatastreams, handleModifyObject, handlePurgeObject } from './object-handlers.js';
import { handleNextPid } from './pid-minting.js';
import { ALLOWED_METHODS, APP_CONTEXT, matchRoute, type Route } from './routes.js';
import { handleSearch } from './search-handler.js';
import { describeHtml, describeXml, indexHtml } from './xml-repository.js';

/** As the brief for this server fixes it (the notes also cite FeSL's "!!Fedora Repository Server"). */
export const AUTH_REALM = 'Fedora Repository Server';
const ANONYMOUS_METHODS = ['GET', 'HEAD', 'OPTIONS'];

export interface DispatchOptions {
  credentials: BasicCredentials | undefined;
  /** `http://host:port` of the listening socket, used when the Host header is missing or odd. */
  fallbackOrigin: string;
}

function originOf(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  return host !== undefined && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)
    ? `http://${host}`
    : fallback;
}

async function route(ctx: Fedora3Context, x: Exchange, r: Route): Promise<void> {
  const m = x.method;
  const read = m === 'GET' || m === 'HEAD';
  switch (r.kind) {
    case 'app-root':
      return send(x.req, x.res, 302, '', { Location: `${x.origin}/${APP_CONTEXT}/` });
    case 'index':
      return send(x.req, x.res, 200, indexHtml(), { 'Content-Type': 'text/html' });
    case 'describe': {
      const info = { repositoryName: ctx.repositoryName, baseUrl: x.baseUrl };
      if (param(x, 'xml')?.toLowerCase() === 'true')
        return send(x.req, x.res, 200, describeXml(info), { 'Content-Type': 'text/xml; charset=UTF-8' });
      return send(x.req, x.res, 200, describeHtml(info), { 'Content-Type': 'text/html; charset=UTF-8' });
    }
    case 'search':
      return handleSearch(ctx, x);
    case 'next-pid':
      return handleNextPid(ctx, x);
    case 'new-object':
      return handleCreateObject(ctx, x, undefined);
    case 'object':
      if (read) return handleGetObject(ctx, x, r.pid);
      if (m === 'POST') return handleCreateObject(ctx, x, r.pid);
      if (m === 'PUT') return handleModifyObject(ctx, x, r.pid);
      return handlePurgeObject(ctx, x, r.pid);
    case 'datastreams':
      return handleListDatastreams(ctx, x, r.pid);
    case 'datastream':
      if (read) return handleGetDatastream(ctx, x, r.pid, r.dsID);
      if (m === 'DELETE') return handlePurgeDatastream(ctx, x, r.pid, r.dsID);
      return handleWriteDatastream(ctx, x, r.pid, r.dsID, m === 'POST');
    case 'content':
      return handleContent(ctx, x, r.pid, r.dsID);
  }
}

/** FedoraObjectsResource methods take `flash=true`: the errors handleException maps are sent as 200. */
const FLASH_ROUTES: readonly Route['kind'][] = ['search', 'next-pid', 'new-object', 'object'];
const MAPPED_STATUSES = [400, 401, 404, 409];

function flashed(x: Exchange, r: Route, e: unknown): unknown {
  if (!isHttpError(e) || !MAPPED_STATUSES.includes(e.status) || !FLASH_ROUTES.includes(r.kind)) return e;
  if (param(x, 'flash')?.toLowerCase() !== 'true') return e;
  return new HttpError(200, e.message, { body: e.body, contentType: e.contentType, headers: e.headers });
}

export async function dispatch(
  ctx: Fedora3Context,
  req: IncomingMessage,
  res: ServerResponse,
  o: DispatchOptions,
): Promise<void> {
  try {
    const method = (req.method ?? 'GET').toUpperCase();
    const target = parseRequestTarget(req.url);
    let user = parseBasicAuth(req.headers.authorization)?.user;
    if (o.credentials !== undefined) {
      const ok = checkBasicAuth(req.headers.authorization, o.credentials);
      user = ok ? o.credentials.user : undefined;
      if (!ok && !ANONYMOUS_METHODS.includes(method)) {
        throw new HttpError(401, 'Authentication required', {
          headers: { 'WWW-Authenticate': `Basic realm="${AUTH_REALM}"` },
        });
      }
    }
    const r = matchRoute(target.segments);
    if (r === undefined) throw notFound('Not Found');
    const allowed = ALLOWED_METHODS[r.kind];
    if (method === 'OPTIONS') return send(req, res, 200, '', { Allow: [...allowed, 'OPTIONS'].join(', ') });
    if (!allowed.includes(method)) throw methodNotAllowed([...allowed, 'OPTIONS']);
    const origin = originOf(req, o.fallbackOrigin);
    const x: Exchange = { req, res, method, target, user, origin, baseUrl: `${origin}/${APP_CONTEXT}` };
    try {
      await route(ctx, x, r);
    } catch (e) {
      throw flashed(x, r, e);
    }
  } catch (e) {
    if (e instanceof ClientAbortError) {
      res.destroy();
      return;
    }
    try {
      sendError(req, res, isHttpError(e) ? e : serverError(e instanceof Error ? e.message : String(e)));
    } catch {
      res.destroy(); // the error itself could not be written (e.g. an unsendable header value)
    }
  }
}
