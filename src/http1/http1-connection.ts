/**
 * One keep-alive HTTP/1.1 connection of the write client (src/http1/http1-pool.ts): it
 * sends one request at a time (never pipelines) — a prebuilt head and the body in as few writes as
 * possible, streaming long bodies with backpressure — and parses the response as it arrives. A
 * response that ends before the body was sent (an early 401 or 413), a `Connection: close`, bytes
 * past the response, a parse error or a timeout make the connection unusable: it is destroyed,
 * never reused with a half-sent request.
 */
import type { Socket } from 'node:net';
import { msBetween, realClock, type Clock } from '../model/clock.js';
import { OpError } from '../model/op-error.js';
import { ResponseParser, type Headers, type ParsedHead } from './http1-response-parser.js';
import { COPY_LIMIT, EMPTY, gather, type WriteBody } from './write-body.js';

/** The response: status, headers (built when first read) and time to first byte. */
export class Http1Result {
  constructor(
    private readonly head: ParsedHead,
    readonly ttfbMs: number,
    /** The Buffer body had all left (or been copied) when it was written: its memory may be reused. */
    readonly bodyReleased: boolean,
  ) {}

  get status(): number {
    return this.head.status;
  }

  get headers(): Headers {
    return this.head.headers;
  }

  /** The response body is dropped as it arrives. */
  get text(): string {
    return '';
  }
}

interface Pending {
  resolve: (r: Http1Result) => void;
  reject: (e: Error) => void;
  startNs: bigint;
  ttfbMs: number;
  bodySent: boolean;
  bodyReleased: boolean;
  settled: boolean;
}

/** Default --request-timeout: a socket silent this long is closed; an active request fails with E_TIMEOUT. */
export const SOCKET_TIMEOUT_MS = 60_000;

const seconds = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(3))} s`);

export class Http1Connection {
  private current: Pending | null = null;
  private readonly parser = new ResponseParser((h) => this.onHead(h));
  private wakeWriter: (() => void) | null = null;
  private closed = false;
  /** When the server's keep-alive window for this idle connection ends (ms since epoch). */
  expiresAt = Infinity;

  /** ownReads: the socket was made with an `onread` buffer whose callback calls received() (no 'data' events). */
  constructor(
    private readonly socket: Socket,
    private readonly onFree: (c: Http1Connection, reusable: boolean) => void,
    ownReads = false,
    timeoutMs = SOCKET_TIMEOUT_MS,
    private readonly clock: Clock = realClock,
  ) {
    socket.setNoDelay(true);
    socket.setTimeout(timeoutMs);
    if (!ownReads) socket.on('data', (d: Buffer) => this.received(d));
    socket.on('drain', () => this.wake());
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => this.onClose());
    socket.on('timeout', () =>
      this.fail(new OpError('E_TIMEOUT', `no response within ${seconds(timeoutMs)} (--request-timeout)`)),
    );
  }

  get usable(): boolean {
    return !this.closed && this.current === null && Date.now() < this.expiresAt;
  }

  /**
   * Sends one request (head already serialised) and resolves when its response has ended. A head
   * and whole body are written before send returns.
   */
  send(
    head: Buffer,
    body: WriteBody,
    isHead: boolean,
    onBody: ((c: Buffer) => void) | null,
    contentLength: number | null,
  ): Promise<Http1Result> {
    return new Promise<Http1Result>((resolve, reject) => {
      const p: Pending = {
        resolve,
        reject,
        startNs: this.clock.nowNs(),
        ttfbMs: 0,
        bodySent: false,
        bodyReleased: false,
        settled: false,
      };
      this.current = p;
      this.parser.start(isHead, onBody);
      this.socket.ref();
      const g =
        body !== null && !Buffer.isBuffer(body) && Symbol.iterator in body ? gather(body as Iterable<Buffer>) : null;
      const b =
        g === null
          ? (body as Buffer | AsyncIterable<Uint8Array> | null)
          : g.rest === null && g.pieces.length <= 1
            ? (g.pieces[0] ?? EMPTY)
            : null;
      if (b === null || Buffer.isBuffer(b)) {
        if (g !== null && b === null) {
          // a generated body of several pieces: the head and every piece gathered go in one writev
          this.stream(p, head, g.pieces, g.rest, contentLength).catch((e: Error) => {
            if (this.current === p) this.fail(e);
          });
          return;
        }
        if (b !== null && contentLength !== null && b.length !== contentLength) {
          this.fail(new OpError('E_BODY_LENGTH', `body of ${b.length} bytes, content-length ${contentLength}`));
          return;
        }
        this.write(p, head, b);
        return;
      }
      this.stream(p, head, [], b, contentLength).catch((e: Error) => {
        if (this.current === p) this.fail(e);
      });
    });
  }

  /** Head and a whole body out now: one write up to COPY_LIMIT, else one corked writev. Time to first byte counts from here. */
  private write(p: Pending, head: Buffer, b: Buffer | null): void {
    p.startNs = this.clock.nowNs();
    if (b === null || b.length === 0) this.socket.write(head);
    else if (b.length <= COPY_LIMIT) this.socket.write(Buffer.concat([head, b], head.length + b.length));
    else {
      this.socket.cork();
      this.socket.write(head);
      this.socket.write(b);
      this.socket.uncork();
    }
    p.bodySent = true;
    // nothing queued: the kernel has every byte (false while a slow reader or a connect holds some)
    p.bodyReleased = b === null || b.length <= COPY_LIMIT || this.socket.writableLength === 0;
  }

  /** Sends a body of pieces: the head with the pieces already gathered in one write, then the rest streamed. */
  private async stream(
    p: Pending,
    head: Buffer,
    first: readonly Buffer[],
    body: Iterable<Buffer> | AsyncIterable<Uint8Array> | null,
    contentLength: number | null,
  ): Promise<void> {
    const chunked = contentLength === null;
    let sent = 0;
    this.socket.cork();
    this.socket.write(head);
    const send = (chunk: Uint8Array): boolean => {
      sent += chunk.length;
      if (!chunked && sent > contentLength)
        throw new OpError('E_BODY_LENGTH', `body longer than its content-length ${contentLength}`);
      return chunked ? this.writeChunk(chunk) : this.socket.write(chunk);
    };
    for (const piece of first) if (piece.length > 0) send(piece);
    this.socket.uncork();
    for await (const chunk of (body ?? []) as AsyncIterable<Uint8Array>) {
      if (this.current !== p || p.settled) return; // answered early or failed: stop sending
      if (chunk.length === 0) continue;
      if (!send(chunk)) await new Promise<void>((r) => (this.wakeWriter = r));
    }
    if (this.current !== p || p.settled) return;
    if (chunked) this.socket.write('0\r\n\r\n');
    else if (sent !== contentLength)
      throw new OpError('E_BODY_LENGTH', `body of ${sent} bytes, content-length ${contentLength}`);
    p.bodySent = true;
  }

  private writeChunk(chunk: Uint8Array): boolean {
    this.socket.cork();
    this.socket.write(`${chunk.length.toString(16)}\r\n`);
    this.socket.write(chunk);
    const ok = this.socket.write('\r\n');
    this.socket.uncork();
    return ok;
  }

  private wake(): void {
    const w = this.wakeWriter;
    this.wakeWriter = null;
    w?.();
  }

  private onHead(h: ParsedHead): void {
    const p = this.current;
    if (p === null) return;
    p.ttfbMs = msBetween(p.startNs, this.clock.nowNs());
    // the server's announced idle window less a second (undici's habit); 4 s when unannounced
    this.expiresAt = Date.now() + (h.keepAliveTimeout !== null ? Math.max(0, h.keepAliveTimeout * 1000 - 1000) : 4000);
  }

  /** Bytes from the server; `d` may be a buffer the socket reuses for its next read: nothing keeps it. */
  received(d: Buffer): void {
    const p = this.current;
    if (p === null) {
      this.destroy(); // bytes with no request outstanding: the connection is out of step
      return;
    }
    let left: number;
    try {
      left = this.parser.feed(d);
    } catch (e) {
      this.fail(e as Error);
      return;
    }
    if (this.parser.done) this.finish(p, left === 0 && p.bodySent && (this.parser.head?.keepAlive ?? false));
  }

  private finish(p: Pending, reusable: boolean): void {
    const head = this.parser.head as ParsedHead;
    p.settled = true;
    this.current = null;
    this.wake();
    if (!reusable) this.destroy();
    else this.socket.unref();
    p.resolve(new Http1Result(head, p.ttfbMs, p.bodyReleased));
    this.onFree(this, reusable);
  }

  private onClose(): void {
    this.closed = true;
    const p = this.current;
    if (p === null) return this.onFree(this, false);
    if (this.parser.endsAtClose) this.finish(p, false);
    else this.fail(new OpError('E_SOCKET_CLOSED', 'the server closed the connection before the response ended'));
  }

  private fail(e: Error): void {
    const p = this.current;
    this.current = null;
    this.destroy();
    this.wake();
    if (p !== null && !p.settled) {
      p.settled = true;
      p.reject(e);
      this.onFree(this, false);
    }
  }

  destroy(): void {
    this.closed = true;
    this.socket.destroy();
  }
}
