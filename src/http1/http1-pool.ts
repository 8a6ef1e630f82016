/**
 * The write client: a pool of keep-alive HTTP/1.1 connections to one origin, at most one request
 * per connection at a time, for the requests whose response body nobody reads (every PUT, POST
 * and DELETE of an ingest). It exists because the tool must not be the bottleneck it measures:
 * a prebuilt head and the body go in one corked write, the response is parsed in place, a plain
 * connection reads into one buffer of its own (net's `onread`: no buffer, stream push or 'data'
 * event per read), and no stream or handler object is made per request (see reports/perf.md,
 * the `http` benchmark). Reads and responses that are parsed stay on undici (src/backends/http/http-target.ts).
 */
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Clock } from '../model/clock.js';
import { OpError } from '../model/op-error.js';
import { Http1Connection, type Http1Result } from './http1-connection.js';
import type { WriteBody } from './write-body.js';

export interface Http1PoolOptions {
  origin: URL;
  connections: number;
  ca?: Buffer;
  /** No connection within this: E_CONNECT_TIMEOUT (--connect-timeout; default undici's 10 s). */
  connectTimeoutMs?: number;
  /** A request whose socket is silent this long fails with E_TIMEOUT (--request-timeout; default 60 s). */
  requestTimeoutMs?: number;
  /** Times each request's start and first byte (the host's clock by default). */
  clock?: Clock;
}

/** undici's default connect timeout. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Bytes read at a time from a plain connection (responses to writes are heads and short bodies). */
const READ_BUFFER = 16 * 1024;
const HEADER_VALUE_OK = /^[\t\x20-\x7e\x80-\xff]*$/;
const HEADER_NAME_OK = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export class Http1Pool {
  private readonly idle: Http1Connection[] = [];
  private readonly all = new Set<Http1Connection>();
  private readonly waiters: Array<(c: Http1Connection | Error) => void> = [];
  private opening = 0;
  private closing = false;
  private readonly host: string;
  private readonly port: number;
  private readonly hostHeader: string;

  constructor(private readonly o: Http1PoolOptions) {
    this.host = o.origin.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = Number(o.origin.port) || (o.origin.protocol === 'https:' ? 443 : 80);
    this.hostHeader = o.origin.host;
  }

  /**
   * Sends one request; resolves with status, headers and time to first byte once the whole
   * response has arrived (its body dropped). Network failures reject with an OpError-like code.
   */
  async request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string | WriteBody,
  ): Promise<Http1Result> {
    const b = typeof body === 'string' ? Buffer.from(body) : body;
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.hostHeader}\r\n`;
    let contentLength: number | null = null;
    for (const name in headers) {
      const value = headers[name] as string;
      if (!HEADER_NAME_OK.test(name) || !HEADER_VALUE_OK.test(value))
        throw new OpError('E_BAD_HEADER', `header ${JSON.stringify(name)} has a character HTTP does not allow`);
      if (name === 'content-length') contentLength = Number(value);
      head += `${name}: ${value}\r\n`;
    }
    if (contentLength === null) {
      if (b === null || Buffer.isBuffer(b)) {
        if (b !== null || method === 'PUT' || method === 'POST')
          head += `content-length: ${b === null ? 0 : b.length}\r\n`;
      } else head += 'transfer-encoding: chunked\r\n';
    }
    head += '\r\n';
    // an idle connection is taken without a wait: the request is written before request() returns (PrepareCapability
    // counts on it), never held back for others in flight, so its time counts from our write
    const conn = this.takeIdle() ?? (await this.acquire());
    return conn.send(Buffer.from(head, 'latin1'), b, method === 'HEAD', null, contentLength);
  }

  /** A usable idle connection, or null (none, or closing). */
  private takeIdle(): Http1Connection | null {
    if (this.closing) return null;
    while (this.idle.length > 0) {
      const c = this.idle.pop() as Http1Connection;
      if (c.usable) return c;
      this.drop(c);
    }
    return null;
  }

  private acquire(): Promise<Http1Connection> {
    if (this.closing) return Promise.reject(new OpError('E_CLIENT_CLOSED', 'the HTTP client is closed'));
    const idle = this.takeIdle();
    if (idle) return Promise.resolve(idle);
    const p = new Promise<Http1Connection>((resolve, reject) =>
      this.waiters.push((c) => (c instanceof Error ? reject(c) : resolve(c))),
    );
    if (this.all.size + this.opening < Math.max(1, this.o.connections)) this.open();
    return p;
  }

  private open(): void {
    this.opening++;
    const tls = this.o.origin.protocol === 'https:';
    // plain TCP reads into one buffer per connection (net's onread): no buffer, stream push or 'data' event per read
    let conn: Http1Connection | null = null;
    const received = (n: number, buf: Buffer): boolean => {
      // Node emits 'connect' before its first read; should bytes ever come first, fail like a broken connect (no hang)
      if (conn === null)
        failed(new OpError('E_HTTP_PARSE', `${this.hostHeader} sent bytes before the connection was made`));
      else conn.received(buf.subarray(0, n));
      return true;
    };
    const socket: Socket = tls
      ? tlsConnect({
          host: this.host,
          port: this.port,
          ALPNProtocols: ['http/1.1'],
          ...(isIP(this.host) ? {} : { servername: this.host }),
          ...(this.o.ca ? { ca: this.o.ca } : {}),
        })
      : netConnect({
          host: this.host,
          port: this.port,
          onread: { buffer: Buffer.allocUnsafe(READ_BUFFER), callback: received },
        });
    const failed = (e: Error): void => {
      this.opening--;
      socket.destroy();
      // a failed connect fails one waiting request; the others try again with their own connects
      const w = this.waiters.shift();
      w?.(e);
      if (this.waiters.length > 0 && this.all.size + this.opening < Math.max(1, this.o.connections)) this.open();
    };
    const connectMs = this.o.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    const timedOut = (): void =>
      failed(
        new OpError(
          'E_CONNECT_TIMEOUT',
          `no connection to ${this.hostHeader} within ${connectMs} ms (--connect-timeout)`,
        ),
      );
    socket.setTimeout(connectMs);
    socket.once('timeout', timedOut);
    socket.once('error', failed);
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      socket.off('error', failed);
      socket.off('timeout', timedOut);
      this.opening--;
      const c = new Http1Connection(
        socket,
        (done, reusable) => this.release(done, reusable),
        !tls,
        this.o.requestTimeoutMs,
        this.o.clock,
      );
      conn = c;
      this.all.add(c);
      this.hand(c);
    });
  }

  private hand(c: Http1Connection): void {
    const w = this.waiters.shift();
    if (w) w(c);
    else if (this.closing) this.drop(c);
    else this.idle.push(c);
  }

  private release(c: Http1Connection, reusable: boolean): void {
    if (reusable && !this.closing) {
      this.hand(c);
      return;
    }
    this.drop(c);
    if (this.waiters.length > 0 && !this.closing && this.all.size + this.opening < Math.max(1, this.o.connections))
      this.open();
  }

  private drop(c: Http1Connection): void {
    const i = this.idle.indexOf(c);
    if (i >= 0) this.idle.splice(i, 1);
    if (this.all.delete(c)) c.destroy();
  }

  /** Closes idle connections now and the others as their requests end. */
  async close(): Promise<void> {
    this.closing = true;
    for (const c of [...this.idle]) this.drop(c);
    for (const w of this.waiters.splice(0)) w(new OpError('E_CLIENT_CLOSED', 'the HTTP client is closed'));
  }
}
