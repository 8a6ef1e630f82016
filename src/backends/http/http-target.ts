/**
 * Client-side HTTP plumbing shared by the server backends (never by the reference servers): the
 * target URL (credentials refused in it), two clients sized to the concurrency — the keep-alive
 * write client (http1-pool.ts) for requests whose response body is dropped, an undici Pool for
 * the rest — preemptive Basic auth, TLS verified by default with an optional private CA, and timed
 * requests that report time to first byte and total time including the whole body both ways.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Pool } from 'undici';
import type { Dispatcher } from 'undici';
import { RunFailedError, UsageError } from '../../errors.js';
import { OpError } from '../op-timer.js';
import { Http1Pool } from '../../http1/index.js';
import { msBetween, realClock, type Clock } from '../../model/clock.js';
import { clockStart, noteResponse } from './response-clock.js';
import type { SentAuth } from './target-errors.js';

export {
  asTargetError,
  authError,
  HttpOpError,
  refusal,
  serverMessage,
  targetError,
  type Asked,
  type SentAuth,
} from './target-errors.js';

export interface HttpTargetOptions {
  url: string;
  user?: string;
  password?: string;
  /** A bearer token (from INGEST_SCALE_TOKEN only), sent as `Authorization: Bearer …`; not with `user`. */
  token?: string;
  /** Credentials made per request (a Solid-OIDC login's DPoP-bound token); not with `user` or `token`. */
  requestAuth?: RequestAuth;
  /** PEM file of a private CA to trust (HTTPS). */
  caFile?: string;
  /** Connections in the pool: the run's concurrency. */
  connections: number;
  /** --request-timeout and --connect-timeout (defaults 60 s and 10 s). */
  timeouts?: HttpTimeouts;
  /** Times requests (the host's clock by default). */
  clock?: Clock;
}

/**
 * Credentials that change from request to request: a DPoP proof names each request's method and
 * URL, and the token behind it is renewed as it nears expiry.
 */
export interface RequestAuth {
  /** What kind of credentials they are (for refusal hints; never the secret). */
  readonly sent: SentAuth;
  /** The headers for one request to this URL (without query: the proof's `htu` drops it anyway). */
  headers(method: string, url: string): Promise<Record<string, string>>;
}

export interface HttpTimeouts {
  /** A request with no response (or a response that stops) for this long fails with E_TIMEOUT. */
  requestMs: number;
  /** No connection within this: E_CONNECT_TIMEOUT. */
  connectMs: number;
}

export const DEFAULT_TIMEOUTS: HttpTimeouts = { requestMs: 60_000, connectMs: 10_000 };

/** undici's timeout codes as the operation codes the write client gives. */
const TIMEOUT_CODES: Record<string, string> = {
  UND_ERR_HEADERS_TIMEOUT: 'E_TIMEOUT',
  UND_ERR_BODY_TIMEOUT: 'E_TIMEOUT',
  UND_ERR_CONNECT_TIMEOUT: 'E_CONNECT_TIMEOUT',
};

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The response body as text (only read when the caller asks for it). */
  text: string;
  ttfbMs: number;
  /** From `send` only: the Buffer body's memory may be reused (see Http1Result.bodyReleased). */
  bodyReleased?: boolean;
}

export type RequestBody = string | Buffer | Iterable<Buffer> | AsyncIterable<Uint8Array> | null;

/** Parses and checks a target URL; credentials in it are refused so they never reach the database. */
export function parseTargetUrl(raw: string, flag = '--url'): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError('E_BAD_FLAG', `${flag} "${raw}" is not a URL`, 'e.g. --url http://127.0.0.1:8080/fedora');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      'E_BAD_FLAG',
      `${flag} "${raw}" is not http or https`,
      'e.g. --url http://127.0.0.1:8080/fedora',
    );
  }
  if (url.username || url.password) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${flag} must not contain credentials`,
      'give the user with --user and the password in the INGEST_SCALE_PASSWORD environment variable',
    );
  }
  return url;
}

export class HttpTarget {
  readonly base: URL;
  /** Path prefix of the target without a trailing slash, e.g. "/fedora". */
  readonly basePath: string;
  private readonly pool: Pool;
  private readonly writer: Http1Pool;
  private readonly auth: string | undefined;
  private readonly requestAuth: RequestAuth | undefined;
  /** What kind of credentials go with every request (for refusal hints; never the secret). */
  readonly sentAuth: SentAuth = { kind: 'none' };
  private readonly clock: Clock;

  constructor(o: HttpTargetOptions) {
    this.base = parseTargetUrl(o.url);
    this.basePath = this.base.pathname.replace(/\/+$/, '');
    let ca: Buffer | undefined;
    if (o.caFile !== undefined) {
      try {
        ca = readFileSync(o.caFile);
      } catch (e) {
        throw new UsageError(
          'E_FILE_UNREADABLE',
          `cannot read --ca ${o.caFile} (${(e as NodeJS.ErrnoException).code ?? 'unreadable'})`,
          'give --ca a PEM file of the CA that signed the server certificate',
        );
      }
    }
    const t = o.timeouts ?? DEFAULT_TIMEOUTS;
    this.clock = o.clock ?? realClock;
    this.writer = new Http1Pool({
      origin: this.base,
      connections: Math.max(1, o.connections),
      connectTimeoutMs: t.connectMs,
      requestTimeoutMs: t.requestMs,
      clock: this.clock,
      ...(ca ? { ca } : {}),
    });
    this.pool = new Pool(this.base.origin, {
      connections: Math.max(1, o.connections),
      pipelining: 1,
      headersTimeout: t.requestMs,
      bodyTimeout: t.requestMs,
      connect: { timeout: t.connectMs, ...(ca ? { ca } : {}) },
    });
    if (o.user !== undefined) {
      if (o.password === undefined) {
        throw new UsageError(
          'E_BAD_FLAG',
          `--user ${o.user} needs a password`,
          'set the INGEST_SCALE_PASSWORD environment variable (never a flag: flags show in the process list)',
        );
      }
      if (o.token !== undefined) {
        throw new UsageError(
          'E_FLAG_CONFLICT',
          `--user ${o.user} and INGEST_SCALE_TOKEN are both given`,
          'choose one: drop --user to send the bearer token, or unset INGEST_SCALE_TOKEN to use Basic auth',
        );
      }
      this.auth = `Basic ${Buffer.from(`${o.user}:${o.password}`).toString('base64')}`;
      this.sentAuth = { kind: 'basic', user: o.user };
    } else if (o.token !== undefined) {
      if (!/^[A-Za-z0-9\-._~+/]+=*$/.test(o.token)) {
        throw new UsageError(
          'E_BAD_FLAG',
          'INGEST_SCALE_TOKEN is not a bearer token (letters, digits and -._~+/ with = at the end only)',
          'set it to the token itself, without "Bearer " and without quotes or line breaks',
        );
      }
      this.auth = `Bearer ${o.token}`;
      this.sentAuth = { kind: 'bearer' };
    }
    this.requestAuth = o.requestAuth;
    if (o.requestAuth) {
      if (this.auth !== undefined) {
        throw new UsageError(
          'E_FLAG_CONFLICT',
          `--oidc-issuer and ${o.user === undefined ? 'INGEST_SCALE_TOKEN' : `--user ${o.user}`} are both given`,
          'choose one way to log in: the Solid-OIDC login, Basic auth or a bearer token',
        );
      }
      this.sentAuth = o.requestAuth.sent;
    }
  }

  /** Adds the credentials to a request's headers: the fixed ones, or those made for this request. */
  private async authorize(method: string, path: string, headers: Record<string, string>): Promise<void> {
    if (this.auth) headers.authorization = this.auth;
    else if (this.requestAuth) Object.assign(headers, await this.requestAuth.headers(method, this.base.origin + path));
  }

  /** The target address as recorded: origin and path, never credentials. */
  get display(): string {
    return `${this.base.origin}${this.basePath}`;
  }

  /**
   * Sends one request; resolves after the whole response body was read (or discarded). Network
   * failures become OpErrors with the undici/system code, so an operation records them.
   */
  async request(
    method: Dispatcher.HttpMethod,
    path: string,
    o: { headers?: Record<string, string>; body?: RequestBody; readText?: boolean; onChunk?: (c: Buffer) => void } = {},
  ): Promise<HttpResult> {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (!o.onChunk && !o.readText) return this.send(method, path, headers, o.body ?? null);
    await this.authorize(method, path, headers);
    const start = this.clock.nowNs();
    const clock = clockStart(this.clock);
    let res: Dispatcher.ResponseData;
    try {
      res = await this.pool.request({ method, path, headers, body: toBody(o.body ?? null) });
    } catch (e) {
      throw networkError(e, this.display);
    }
    const ttfbMs = msBetween(start, this.clock.nowNs());
    let text = '';
    try {
      if (o.onChunk) for await (const chunk of res.body) o.onChunk(chunk as Buffer);
      else if (o.readText) text = await res.body.text();
      else await res.body.dump({ limit: Number.MAX_SAFE_INTEGER });
    } catch (e) {
      throw networkError(e, this.display);
    }
    noteResponse(clock, res.headers, this.clock);
    return { status: res.statusCode, headers: res.headers, text, ttfbMs };
  }

  /**
   * `request` for a response whose body is not wanted (every PUT, POST and DELETE of an ingest):
   * sent on the keep-alive write client (http1-pool.ts), which drops the response body as it
   * arrives. Same status, headers, time to first byte and error codes as `request` gives. The
   * headers object is the caller's own: the authorization header is added to it.
   */
  async send(
    method: Dispatcher.HttpMethod,
    path: string,
    headers: Record<string, string>,
    body: RequestBody,
  ): Promise<HttpResult> {
    if (this.auth) headers.authorization = this.auth;
    else if (this.requestAuth) await this.authorize(method, path, headers);
    const clock = clockStart(this.clock);
    try {
      const r = await this.writer.request(method, path, headers, body);
      noteResponse(clock, r.headers, this.clock);
      return r;
    } catch (e) {
      throw networkError(e, this.display);
    }
  }

  /**
   * Sends one request and returns the status, headers and the unread body for the caller to
   * stream (it must consume or dump it). Used for downloads that are hashed as they arrive.
   */
  async open(
    method: Dispatcher.HttpMethod,
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: AsyncIterable<Buffer> & { dump(o?: { limit: number }): Promise<void>; text(): Promise<string> };
  }> {
    const h: Record<string, string> = { ...headers };
    await this.authorize(method, path, h);
    try {
      const res = await this.pool.request({ method, path, headers: h });
      return { status: res.statusCode, headers: res.headers, body: res.body as never };
    } catch (e) {
      throw networkError(e, this.display);
    }
  }

  async close(): Promise<void> {
    await this.writer.close();
    await this.pool.close();
  }
}

/**
 * The body as undici takes it. A synchronous iterable (a content generator) of one chunk — every
 * body up to the generator's chunk size — goes as that Buffer: undici then writes headers and body
 * in one corked write, with no stream per request. Longer ones stream (the chunks already pulled
 * first), so a large body is never held whole.
 */
function toBody(b: RequestBody): string | Buffer | Readable | null {
  if (b === null || typeof b === 'string' || Buffer.isBuffer(b)) return b;
  if (Symbol.iterator in b) {
    const it = (b as Iterable<Buffer>)[Symbol.iterator]();
    const first = it.next();
    if (first.done) return EMPTY;
    const second = it.next();
    if (second.done) return first.value;
    return Readable.from(resume(first.value, second.value, it), { objectMode: false });
  }
  return Readable.from(b, { objectMode: false });
}

const EMPTY = Buffer.alloc(0);

function* resume(first: Buffer, second: Buffer, rest: Iterator<Buffer>): Generator<Buffer> {
  yield first;
  yield second;
  for (let r = rest.next(); !r.done; r = rest.next()) yield r.value;
}

function networkError(e: unknown, target: string): OpError {
  const raw = e instanceof OpError ? e.errorCode : ((e as { code?: string }).code ?? 'E_NETWORK');
  const code = TIMEOUT_CODES[raw] ?? raw;
  return new OpError(code, `${target}: ${(e as Error).message}`);
}

/** For preflight: a network error is a target problem that stops the run before any batch. */
export function unreachable(e: unknown, target: string): RunFailedError {
  const code = e instanceof OpError ? e.errorCode : 'E_NETWORK';
  return new RunFailedError('E_TARGET', `cannot reach ${target} (${code}: ${(e as Error).message})`, {
    hint: 'check --url, that the server is running, and (for https) --ca',
    cause: e,
  });
}

export function headerValue(h: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
