/**
 * The write client's response parser: the framings RFC 9112 §6.3 lists, interim responses, and the
 * same result however the bytes are split (property test); malformed input is a ParseError.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ParseError, ResponseParser, type ParsedHead } from '../../src/http1/http1-response-parser.js';

interface Parsed {
  head: ParsedHead | null;
  body: string;
  done: boolean;
  endsAtClose: boolean;
  left: number;
}

function parse(pieces: Buffer[], isHead = false): Parsed {
  let body = '';
  const p = new ResponseParser(() => undefined);
  p.start(isHead, (c) => (body += c.toString('latin1')));
  let left = 0;
  for (const piece of pieces) left = p.feed(piece);
  return { head: p.head, body, done: p.done, endsAtClose: p.endsAtClose, left };
}

const whole = (s: string): Buffer[] => [Buffer.from(s, 'latin1')];

function splitAt(s: string, cuts: number[]): Buffer[] {
  const b = Buffer.from(s, 'latin1');
  const points = [...new Set(cuts.map((c) => c % (b.length + 1)))].sort((x, y) => x - y);
  const out: Buffer[] = [];
  let prev = 0;
  for (const c of [...points, b.length]) {
    out.push(b.subarray(prev, c));
    prev = c;
  }
  return out;
}

const CHUNKED =
  'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: 1\r\nx-a: 2\r\n\r\n5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nTrailer: t\r\n\r\n';

describe('http1 response parser', () => {
  it('reads a Content-Length body and the status, and keeps the connection by default on HTTP/1.1', () => {
    const r = parse(whole('HTTP/1.1 201 Created\r\nContent-Length: 3\r\nLocation: /a/b\r\n\r\nabc'));
    assert.equal(r.done, true);
    assert.equal(r.head?.status, 201);
    assert.equal(r.head?.keepAlive, true);
    assert.equal(r.head?.headers.location, '/a/b');
    assert.equal(r.body, 'abc');
    assert.equal(r.left, 0);
  });

  it('reads a chunked body with extensions and trailers; a repeated header becomes an array', () => {
    const r = parse(whole(CHUNKED));
    assert.equal(r.done, true);
    assert.equal(r.body, 'hello, world');
    assert.deepEqual(r.head?.headers['x-a'], ['1', '2']);
  });

  it('gives the same head and body however the bytes are split', () => {
    const expected = parse(whole(CHUNKED));
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        const r = parse(splitAt(CHUNKED, cuts));
        assert.equal(r.done, true);
        assert.equal(r.body, expected.body);
        assert.deepEqual(r.head?.headers, expected.head?.headers);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps no reference to the bytes it was fed: the same result when the caller reuses one buffer for every read', () => {
    // the write client reads plain connections into one buffer per connection (net's onread)
    const expected = parse(whole(CHUNKED));
    const scratch = Buffer.alloc(CHUNKED.length);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        let body = '';
        const p = new ResponseParser(() => undefined);
        p.start(false, (c) => (body += c.toString('latin1')));
        for (const piece of splitAt(CHUNKED, cuts)) {
          piece.copy(scratch);
          p.feed(scratch.subarray(0, piece.length));
          scratch.fill(0x58); // the next read overwrites the buffer
        }
        assert.equal(p.done, true);
        assert.equal(body, expected.body);
        assert.deepEqual(p.head?.headers, expected.head?.headers);
      }),
      { numRuns: 300 },
    );
  });

  it('skips interim 1xx responses and parses the final one', () => {
    const r = parse(whole('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n'));
    assert.equal(r.head?.status, 204);
    assert.equal(r.done, true);
  });

  it('expects no body for HEAD, 204 and 304 whatever Content-Length says', () => {
    assert.equal(parse(whole('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n'), true).done, true);
    assert.equal(parse(whole('HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n')).done, true);
  });

  it('reads a body without framing until the connection closes, and never reuses that connection', () => {
    const r = parse(whole('HTTP/1.1 200 OK\r\n\r\npartial'));
    assert.equal(r.done, false);
    assert.equal(r.endsAtClose, true);
    assert.equal(r.head?.keepAlive, false);
    assert.equal(r.body, 'partial');
  });

  it('honours Connection: close, HTTP/1.0 without keep-alive, and the Keep-Alive timeout', () => {
    assert.equal(
      parse(whole('HTTP/1.1 201 Created\r\nConnection: Close\r\nContent-Length: 0\r\n\r\n')).head?.keepAlive,
      false,
    );
    assert.equal(parse(whole('HTTP/1.0 201 Created\r\nContent-Length: 0\r\n\r\n')).head?.keepAlive, false);
    const ka = parse(
      whole('HTTP/1.0 201 Created\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5\r\nContent-Length: 0\r\n\r\n'),
    ).head;
    assert.equal(ka?.keepAlive, true);
    assert.equal(ka?.keepAliveTimeout, 5);
    // Connection is a token list: any case, any spacing, across repeated headers; a token that only contains "close" is not close
    const conn = (v: string, version = '1.1'): boolean | undefined =>
      parse(whole(`HTTP/${version} 201 Created\r\nConnection: ${v}\r\nContent-Length: 0\r\n\r\n`)).head?.keepAlive;
    assert.equal(conn('Upgrade,  CLOSE '), false);
    assert.equal(conn('x-close, closed'), true);
    assert.equal(conn('Keep-Alive ,Upgrade', '1.0'), true);
    assert.equal(conn('keep-alives', '1.0'), false);
    assert.equal(conn('keep\ralive', '1.0'), false, 'a CR is not a hyphen in any case');
    assert.equal(
      parse(whole('HTTP/1.1 201 Created\r\nConnection: upgrade\r\nconnection: close\r\nContent-Length: 0\r\n\r\n')).head
        ?.keepAlive,
      false,
    );
  });

  it('reads Transfer-Encoding in HTTP/1.0 or beside Content-Length as chunked, then closes (RFC 9112 §6.1)', () => {
    const te10 = parse(
      whole('HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n'),
    );
    assert.equal(te10.body, 'abc');
    assert.equal(te10.head?.keepAlive, false);
    const both = parse(
      whole('HTTP/1.1 200 OK\r\nContent-Length: 99\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n'),
    );
    assert.equal(both.body, 'abc');
    assert.equal(both.done, true);
    assert.equal(both.head?.keepAlive, false);
    assert.equal(parse(whole(CHUNKED)).head?.keepAlive, true, 'plain chunked HTTP/1.1 keeps the connection');
  });

  it('accepts a repeated Content-Length with the same value', () => {
    const r = parse(whole('HTTP/1.1 200 OK\r\nContent-Length: 3\r\ncontent-length:  3 \r\n\r\nabc'));
    assert.equal(r.body, 'abc');
    assert.equal(r.done, true);
  });

  it('reports bytes past the end of the response (the client never pipelines)', () => {
    assert.equal(parse(whole('HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\nHTTP/1.1')).left, 8);
  });

  it('refuses malformed status lines, header lines, lengths and chunk sizes', () => {
    for (const bad of [
      'HTTP/2 200 OK\r\n\r\n',
      'HTTP/1.1 20 OK\r\n\r\n',
      'HTTP/1.1 2a1 OK\r\n\r\n',
      'HTTP/1.1 -20 OK\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n',
      'ICY 200 OK\r\n\r\n',
      'HTTP/1.1 200 OK\r\nno colon here\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n',
    ]) {
      assert.throws(() => parse(whole(bad)), ParseError, JSON.stringify(bad));
    }
  });

  it('refuses a head larger than 64 KiB instead of buffering without bound', () => {
    const p = new ResponseParser(() => undefined);
    p.start(false, null);
    p.feed(Buffer.from('HTTP/1.1 200 OK\r\n'));
    assert.throws(() => p.feed(Buffer.alloc(70 * 1024, 0x61)), /larger than 64 KiB/);
  });
});
