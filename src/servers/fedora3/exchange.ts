/**
 * One request as the Fedora 3 handlers see it, the server state they share, and the parameter
 * readers they have in common (JAX-RS conversions: a malformed numeric @QueryParam is a 404,
 * booleans are "true" case-insensitively, path parameters are percent-decoded).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, badRequest, notFound, serverError } from '../common/http-error.js';
import type { RequestTarget } from '../common/request-target.js';
import { decodeSegment } from '../common/url-encoding.js';
import { checkDsId, normalizePid } from './pid.js';
import type { SearchSessions } from './search-sessions.js';
import type { Fedora3Store } from './store.js';
import { validationXml } from './xml-profiles.js';

export interface Fedora3Context {
  store: Fedora3Store;
  repositoryName: string;
  sessions: SearchSessions;
}

export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  target: RequestTarget;
  /** The authenticated user, when credentials were given and accepted. */
  user: string | undefined;
  /** `http://host:port`, from the Host header (what the client used), else the listening address. */
  origin: string;
  /** `${origin}/fedora`. */
  baseUrl: string;
}

export function param(x: Exchange, name: string): string | null {
  return x.target.query.get(name);
}

export function boolParam(x: Exchange, name: string, fallback: boolean): boolean {
  const v = param(x, name);
  return v === null ? fallback : v.toLowerCase() === 'true';
}

/** An int @QueryParam; JAX-RS answers 404 when the conversion fails. */
export function intParam(x: Exchange, name: string, fallback: number): number {
  const v = param(x, name);
  if (v === null) return fallback;
  if (!/^[+-]?\d{1,9}$/.test(v.trim())) throw notFound(`Query parameter ${name} is not an integer: ${v}`);
  return Number(v.trim());
}

/** `format=xml` (or text/xml) selects XML; anything else is HTML (RestHelper.getContentType). */
export function wantsXml(value: string | null): boolean {
  return value !== null && ['xml', 'text/xml'].includes(value.toLowerCase());
}

/** The decoded, normalised PID of a route, or the 400 of an ObjectValidityException. */
export function routePid(rawPid: string): string {
  const decoded = decodeSegment(rawPid);
  const checked = normalizePid(decoded);
  if (!checked.ok)
    throw new HttpError(400, checked.reason, { contentType: 'text/xml', body: validationXml(decoded, checked.reason) });
  return checked.value;
}

/** The decoded datastream ID of a route; an invalid one is Fedora's 500 (ValidationException). */
export function routeDsId(rawDsId: string): string {
  const checked = checkDsId(decodeSegment(rawDsId));
  if (!checked.ok) throw serverError(checked.reason);
  return checked.value;
}

/** A dateTime query parameter; undefined when absent, 400 when malformed. */
export function dateParam(
  x: Exchange,
  name: string,
  parse: (v: string | null) => number | undefined,
): number | undefined {
  const ms = parse(param(x, name));
  if (ms !== undefined && Number.isNaN(ms)) throw badRequest(`Invalid ${name}: ${param(x, name) ?? ''}`);
  return ms;
}

export const objectNotFound = (pid: string): HttpError => notFound(`Object not found in low-level storage: ${pid}`);
