/**
 * An incremental HTTP/1.1 response parser for the keep-alive client (src/http1/http1-*):
 * status line and headers, then the body framed as RFC 9112 §6.3 says — none (HEAD, 1xx, 204,
 * 304), chunked, Content-Length, or until the connection closes. Bytes may arrive split anywhere;
 * interim 1xx responses are skipped. Malformed input throws a ParseError (the connection is then
 * unusable). Body bytes go to `onBody` only when the caller wants them.
 */

import { digit, hasToken, nameIs, parseHeaderLines, tokens } from './http1-header-text.js';

export type Headers = Record<string, string | string[] | undefined>;

/** A final response head: status and framing now, the header map built on first use. */
export class ParsedHead {
  private map: Headers | null = null;

  constructor(
    readonly status: number,
    /** The connection may carry another request after this response. */
    readonly keepAlive: boolean,
    /** Seconds of the server's `Keep-Alive: timeout=N`, when it announced one. */
    readonly keepAliveTimeout: number | null,
    private readonly text: string,
    private readonly from: number,
  ) {}

  get headers(): Headers {
    return (this.map ??= parseHeaderLines(this.text, this.from));
  }
}

export class ParseError extends Error {
  readonly code = 'E_HTTP_PARSE';
}

/** Largest status line plus headers accepted (undici and Node allow 16 KiB by default). */
const MAX_HEAD = 64 * 1024;
const CRLF2 = Buffer.from('\r\n\r\n');

type State = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-crlf' | 'trailers' | 'close' | 'done';

export class ResponseParser {
  private state: State = 'done';
  private pending: Buffer | null = null;
  private remaining = 0;
  private isHead = false;
  private onBody: ((chunk: Buffer) => void) | null = null;
  head: ParsedHead | null = null;

  /** One parser serves every response of a connection: `start` readies it for the next one. */
  constructor(private readonly onHead: (h: ParsedHead) => void) {}

  start(isHead: boolean, onBody: ((chunk: Buffer) => void) | null): void {
    this.state = 'head';
    this.pending = null;
    this.remaining = 0;
    this.isHead = isHead;
    this.onBody = onBody;
    this.head = null;
  }

  get done(): boolean {
    return this.state === 'done';
  }

  /** True while the body runs until the connection closes (the close ends it). */
  get endsAtClose(): boolean {
    return this.state === 'close';
  }

  /**
   * Feeds bytes; returns how many bytes were left over after the end of the response (the caller
   * treats any as a protocol error: it never pipelines).
   */
  feed(data: Buffer): number {
    const buf = this.pending ? Buffer.concat([this.pending, data]) : data;
    this.pending = null;
    let i = 0;
    while (i < buf.length && this.state !== 'done') {
      switch (this.state) {
        case 'head': {
          const end = buf.indexOf(CRLF2, i);
          if (end < 0) {
            if (buf.length - i > MAX_HEAD) throw new ParseError('response head larger than 64 KiB');
            this.pending = Buffer.from(buf.subarray(i)); // a copy: the caller may reuse its buffer
            return 0;
          }
          this.parseHead(buf.toString('latin1', i, end));
          i = end + 4;
          break;
        }
        case 'length': {
          const n = Math.min(this.remaining, buf.length - i);
          if (this.onBody) this.onBody(buf.subarray(i, i + n));
          i += n;
          this.remaining -= n;
          if (this.remaining === 0) this.state = 'done';
          break;
        }
        case 'close': {
          if (this.onBody) this.onBody(buf.subarray(i));
          i = buf.length;
          break;
        }
        case 'chunk-size':
        case 'trailers': {
          const eol = buf.indexOf('\r\n', i, 'latin1');
          if (eol < 0) {
            if (buf.length - i > MAX_HEAD) throw new ParseError('chunk line longer than 64 KiB');
            this.pending = Buffer.from(buf.subarray(i)); // a copy: the caller may reuse its buffer
            return 0;
          }
          const line = buf.toString('latin1', i, eol);
          i = eol + 2;
          if (this.state === 'trailers') {
            if (line === '') this.state = 'done';
            break;
          }
          const size = /^([0-9a-fA-F]{1,12})[ \t]*(;.*)?$/.exec(line);
          if (!size) throw new ParseError(`bad chunk size line "${line.slice(0, 40)}"`);
          this.remaining = parseInt(size[1] as string, 16);
          this.state = this.remaining === 0 ? 'trailers' : 'chunk-data';
          break;
        }
        case 'chunk-data': {
          const n = Math.min(this.remaining, buf.length - i);
          if (this.onBody) this.onBody(buf.subarray(i, i + n));
          i += n;
          this.remaining -= n;
          if (this.remaining === 0) {
            this.state = 'chunk-crlf';
            this.remaining = 2;
          }
          break;
        }
        case 'chunk-crlf': {
          const expected = this.remaining === 2 ? 0x0d : 0x0a;
          if (buf[i] !== expected) throw new ParseError('chunk data not followed by CRLF');
          i++;
          if (--this.remaining === 0) this.state = 'chunk-size';
          break;
        }
      }
    }
    return buf.length - i;
  }

  private parseHead(text: string): void {
    // status line: "HTTP/1.x NNN reason"
    let eol = text.indexOf('\r\n');
    if (eol < 0) eol = text.length;
    const minor = text.charCodeAt(7) - 48;
    const status = digit(text, 9) * 100 + digit(text, 10) * 10 + digit(text, 11);
    const ok =
      text.startsWith('HTTP/1.') &&
      (minor === 0 || minor === 1) &&
      text.charCodeAt(8) === 32 &&
      status >= 0 &&
      (eol === 12 || text.charCodeAt(12) === 32);
    if (!ok) throw new ParseError(`bad status line "${text.slice(0, Math.min(eol, 60))}"`);
    if (status >= 100 && status < 200 && status !== 101) return; // interim: the final head follows
    // every line is checked now; only the framing headers are read now (as few strings as possible: this runs per request), the rest when asked for
    let connection = '';
    let te = '';
    let keepAliveHint = '';
    let length: string | null = null; // the first Content-Length; more are allowed only with the same value
    let lengths = '';
    let lengthsDiffer = false;
    for (let pos = eol + 2; pos < text.length; ) {
      let end = text.indexOf('\r\n', pos);
      if (end < 0) end = text.length;
      const colon = text.indexOf(':', pos);
      if (colon <= pos || colon > end)
        throw new ParseError(`bad header line "${text.slice(pos, Math.min(end, pos + 60))}"`);
      const first = text.charCodeAt(pos) | 0x20;
      if (first === 0x63 /* c */ || first === 0x74 /* t */ || first === 0x6b /* k */) {
        if (nameIs(text, pos, colon, 'content-length')) {
          const v = text.slice(colon + 1, end).trim();
          if (length === null) length = v;
          else if (v !== length) lengthsDiffer = true;
          lengths = lengths === '' ? v : `${lengths}, ${v}`;
        } else if (nameIs(text, pos, colon, 'connection')) connection += `,${text.slice(colon + 1, end)}`;
        else if (nameIs(text, pos, colon, 'transfer-encoding')) te += `,${text.slice(colon + 1, end)}`;
        else if (nameIs(text, pos, colon, 'keep-alive')) keepAliveHint = text.slice(colon + 1, end);
      }
      pos = end + 2;
    }
    let keepAlive = minor === 1 ? !hasToken(connection, 'close') : hasToken(connection, 'keep-alive');
    if (this.isHead || status === 204 || status === 304) this.state = 'done';
    else if (te !== '' && tokens(te).length > 0) {
      const codings = tokens(te);
      if (codings[codings.length - 1] !== 'chunked')
        throw new ParseError(`unsupported transfer-encoding "${codings.join(', ')}"`);
      this.state = 'chunk-size';
      // RFC 9112 §6.1: Transfer-Encoding in HTTP/1.0, or beside Content-Length, is faulty framing: read it, then close
      if (minor === 0 || length !== null) keepAlive = false;
    } else if (length !== null) {
      if (lengthsDiffer || !/^\d{1,15}$/.test(length)) throw new ParseError(`bad content-length "${lengths}"`);
      this.remaining = Number(length);
      this.state = this.remaining === 0 ? 'done' : 'length';
    } else {
      this.state = 'close';
      keepAlive = false;
    }
    const m = keepAliveHint === '' ? null : /timeout=(\d+)/i.exec(keepAliveHint);
    this.head = new ParsedHead(status, keepAlive, m ? Number(m[1]) : null, text, eol + 2);
    this.onHead(this.head);
  }
}
