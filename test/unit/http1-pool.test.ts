/**
 * The keep-alive write client against real loopback servers (Node's http and https servers, and a
 * raw TCP server for broken peers): connection reuse and its bound, bodies arriving intact (one
 * Buffer, streamed, chunked), early answers, idle connections the server closed, broken
 * responses, refused connections, TLS with a private CA, and header injection refused.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Http1Pool } from '../../src/http1/http1-pool.js';
import { HttpTarget } from '../../src/backends/http/http-target.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

async function listen(s: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

/** A server that reads each body whole, hands it to `handler`, and counts the sockets it saw. */
function bodyServer(handler: Handler): { server: Server; sockets: Set<unknown>; maxOpen: () => number } {
  const sockets = new Set<unknown>();
  let open = 0;
  let max = 0;
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => handler(req, res, Buffer.concat(parts)));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    max = Math.max(max, ++open);
    s.on('close', () => open--);
  });
  return { server, sockets, maxOpen: () => max };
}

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const echoDigest: Handler = (req, res, body) => {
  res.writeHead(201, {
    'x-sha256': sha(body),
    'x-te': String(req.headers['transfer-encoding'] ?? ''),
    'x-auth': String(req.headers.authorization ?? ''),
    'content-length': '2',
  });
  res.end('ok');
};

function* pieces(total: number, size: number, seed: number): Generator<Buffer> {
  for (let off = 0; off < total; off += size)
    yield Buffer.alloc(Math.min(size, total - off), (seed + off / size) % 251);
}

describe('http1 write client', () => {
  const s = bodyServer(echoDigest);
  let url: URL;
  before(async () => {
    url = new URL(`http://127.0.0.1:${await listen(s.server)}`);
  });
  after(() => {
    s.server.closeAllConnections();
    s.server.close();
  });

  it('sends bodies intact and reuses at most `connections` connections', async () => {
    const pool = new Http1Pool({ origin: url, connections: 2 });
    const bodies = Array.from({ length: 40 }, (_, i) => Buffer.alloc(100 + i * 997, i));
    const results = await Promise.all(
      bodies.map((b, i) =>
        pool.request(
          'PUT',
          `/o/${i}`,
          { 'content-type': 'application/octet-stream', 'content-length': String(b.length) },
          b,
        ),
      ),
    );
    await pool.close();
    results.forEach((r, i) => {
      assert.equal(r.status, 201);
      assert.equal(r.headers['x-sha256'], sha(bodies[i] as Buffer));
      assert.ok(r.ttfbMs >= 0);
    });
    assert.ok(s.maxOpen() <= 2, `at most 2 connections at once, saw ${s.maxOpen()}`);
  });

  it('streams a long generated body with its Content-Length, and one without it as chunked', async () => {
    const pool = new Http1Pool({ origin: url, connections: 1 });
    const total = 5 * 1024 * 1024 + 7;
    const expected = sha(Buffer.concat([...pieces(total, 65536, 3)]));
    const sized = await pool.request('PUT', '/big', { 'content-length': String(total) }, pieces(total, 65536, 3));
    assert.equal(sized.headers['x-sha256'], expected);
    assert.equal(sized.headers['x-te'], '');
    const gathered = await pool.request(
      'PUT',
      '/mid',
      { 'content-length': String(300 * 1024) },
      pieces(300 * 1024, 65536, 5),
    );
    assert.equal(gathered.headers['x-sha256'], sha(Buffer.concat([...pieces(300 * 1024, 65536, 5)])));
    const chunked = await pool.request('POST', '/big', {}, pieces(total, 65536, 3));
    assert.equal(chunked.headers['x-sha256'], expected);
    assert.equal(chunked.headers['x-te'], 'chunked');
    await pool.close();
  });

  it('fails a body that does not match its Content-Length, then carries on with a new connection', async () => {
    const pool = new Http1Pool({ origin: url, connections: 1 });
    await assert.rejects(
      pool.request('PUT', '/short', { 'content-length': '10' }, pieces(5, 5, 1)),
      (e: Error & { errorCode?: string }) => e.errorCode === 'E_BODY_LENGTH',
    );
    await assert.rejects(
      pool.request('PUT', '/short', { 'content-length': '100000' }, pieces(90_000, 30_000, 1)),
      (e: Error & { errorCode?: string }) => e.errorCode === 'E_BODY_LENGTH',
    );
    await assert.rejects(
      pool.request('PUT', '/long', { 'content-length': '50000' }, pieces(90_000, 30_000, 1)),
      (e: Error & { errorCode?: string }) => e.errorCode === 'E_BODY_LENGTH',
    );
    const ok = await pool.request('PUT', '/after', { 'content-length': '3' }, Buffer.from('abc'));
    assert.equal(ok.headers['x-sha256'], sha(Buffer.from('abc')));
    await pool.close();
  });

  it('refuses a header value that would split the request', async () => {
    const pool = new Http1Pool({ origin: url, connections: 1 });
    await assert.rejects(
      pool.request('PUT', '/x', { 'content-type': 'a\r\nx-evil: 1' }, Buffer.from('a')),
      (e: Error & { errorCode?: string }) => e.errorCode === 'E_BAD_HEADER',
    );
    await pool.close();
  });

  it('adds preemptive Basic auth through HttpTarget.send and request', async () => {
    const t = new HttpTarget({ url: url.href, connections: 1, user: 'fedoraAdmin', password: 'pw' });
    const r1 = await t.send('PUT', '/a', { 'content-length': '1' }, Buffer.from('a'));
    const r2 = await t.request('DELETE', '/a');
    await t.close();
    const expected = `Basic ${Buffer.from('fedoraAdmin:pw').toString('base64')}`;
    assert.equal(r1.headers['x-auth'], expected);
    assert.equal(r2.headers['x-auth'], expected);
  });
});

describe('http1 write client against awkward servers', () => {
  it('takes an early answer (413 before the body was read) and does not reuse that connection', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(413, { 'content-length': '0', connection: 'close' });
      res.end();
    });
    const port = await listen(server);
    const pool = new Http1Pool({ origin: new URL(`http://127.0.0.1:${port}`), connections: 1 });
    try {
      const r = await pool.request(
        'PUT',
        '/huge',
        { 'content-length': String(64 * 1024 * 1024) },
        pieces(64 * 1024 * 1024, 1 << 20, 0),
      );
      assert.equal(r.status, 413);
      const again = await pool.request('PUT', '/small', { 'content-length': '1' }, Buffer.from('a'));
      assert.equal(again.status, 413);
    } finally {
      await pool.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it('opens a new connection when the server closed an idle one', async () => {
    const s = bodyServer(echoDigest);
    s.server.keepAliveTimeout = 100;
    const port = await listen(s.server);
    const pool = new Http1Pool({ origin: new URL(`http://127.0.0.1:${port}`), connections: 1 });
    try {
      assert.equal((await pool.request('PUT', '/1', {}, Buffer.from('a'))).status, 201);
      await new Promise((r) => setTimeout(r, 400)); // the server's idle timer closes the socket
      assert.equal((await pool.request('PUT', '/2', {}, Buffer.from('b'))).status, 201);
      assert.equal(s.sockets.size, 2);
    } finally {
      await pool.close();
      s.server.closeAllConnections();
      s.server.close();
    }
  });

  it('fails with E_SOCKET_CLOSED when the server hangs up mid-response, and with E_HTTP_PARSE on garbage', async () => {
    let mode = 'hangup';
    const server = createTcpServer((sock) => {
      sock.once('data', () => {
        if (mode === 'hangup') sock.end('HTTP/1.1 201 Created\r\nContent-Length: 10\r\n\r\nabc');
        else sock.end('SPDY/3 nonsense\r\n\r\n');
      });
    });
    const port = await listen(server);
    const pool = new Http1Pool({ origin: new URL(`http://127.0.0.1:${port}`), connections: 1 });
    try {
      await assert.rejects(
        pool.request('PUT', '/x', {}, Buffer.from('a')),
        (e: Error & { errorCode?: string }) => e.errorCode === 'E_SOCKET_CLOSED',
      );
      mode = 'garbage';
      await assert.rejects(
        pool.request('PUT', '/y', {}, Buffer.from('a')),
        (e: Error & { code?: string }) => e.code === 'E_HTTP_PARSE',
      );
    } finally {
      await pool.close();
      server.close();
    }
  });

  it('reads responses that arrive in many small reads into its one read buffer, on a reused connection', async () => {
    // pieces a few milliseconds apart so that they leave as separate segments and the client reads
    // each into the same buffer (net's onread); the parser must keep none of it between reads
    const pieces = ['HTTP/1.1 201 Cre', 'ated\r\nLocation: /first/', 'one\r\nContent-Le', 'ngth: 2\r\n\r', '\no', 'k'];
    const server = createTcpServer((sock) => {
      sock.setNoDelay(true);
      let n = 0;
      sock.on('data', () => {
        const tag = ++n;
        let i = 0;
        const next = (): void => {
          const piece = (pieces[i++] as string).replace('first', tag === 1 ? 'first' : 'other');
          sock.write(piece);
          if (i < pieces.length) setTimeout(next, 5);
        };
        next();
      });
    });
    const port = await listen(server);
    const pool = new Http1Pool({ origin: new URL(`http://127.0.0.1:${port}`), connections: 1 });
    try {
      const a = await pool.request('PUT', '/a', {}, Buffer.from('a'));
      const b = await pool.request('PUT', '/b', {}, Buffer.from('b'));
      assert.equal(a.status, 201);
      assert.equal(a.headers.location, '/first/one');
      assert.equal(b.status, 201);
      assert.equal(b.headers.location, '/other/one');
    } finally {
      await pool.close();
      server.close();
    }
  });

  it('reports a refused connection with the system code', async () => {
    const closed = createTcpServer();
    const port = await listen(closed);
    await new Promise((r) => closed.close(r));
    const pool = new Http1Pool({ origin: new URL(`http://127.0.0.1:${port}`), connections: 2 });
    await assert.rejects(
      pool.request('PUT', '/x', {}, Buffer.from('a')),
      (e: Error & { code?: string }) => e.code === 'ECONNREFUSED',
    );
    await pool.close();
  });
});

describe(
  'http1 write client over TLS',
  { skip: existsSync('/usr/bin/openssl') || process.env.CI ? false : 'openssl is not installed (CI installs it)' },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-tls-'));
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('verifies the server against --ca and refuses it without', async () => {
      const key = join(dir, 'key.pem');
      const cert = join(dir, 'cert.pem');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          key,
          '-out',
          cert,
          '-days',
          '1',
          '-subj',
          '/CN=ingest-scale test',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
        ],
        { stdio: 'ignore' },
      );
      const server = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(201, { 'content-length': '0' }).end());
      });
      const port = await listen(server);
      const origin = new URL(`https://127.0.0.1:${port}`);
      const trusted = new Http1Pool({ origin, connections: 1, ca: readFileSync(cert) });
      const untrusted = new Http1Pool({ origin, connections: 1 });
      try {
        assert.equal((await trusted.request('PUT', '/x', {}, Buffer.from('secret'))).status, 201);
        await assert.rejects(
          untrusted.request('PUT', '/x', {}, Buffer.from('a')),
          (e: Error & { code?: string }) => e.code === 'DEPTH_ZERO_SELF_SIGNED_CERT',
        );
      } finally {
        await trusted.close();
        await untrusted.close();
        server.closeAllConnections();
        server.close();
      }
    });
  },
);
