/**
 * One contract for both HTTP clients of a target (src/backends/http/http-target.ts): the keep-alive
 * write client of src/http1/ (`send`, for responses whose body is dropped) and the undici pool
 * (`request` with readText). Against the same real loopback servers they must give the same
 * statuses and the same operation error codes: a request timeout, a refused connection, an early
 * answer before the body was read, TLS with the server's CA (trusted) and without it (refused).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { HttpTarget, type HttpResult, type HttpTimeouts } from '../../src/backends/http/http-target.js';
import { OpError } from '../../src/model/op-error.js';

type Client = (t: HttpTarget, method: 'PUT' | 'GET', path: string, body: Buffer | null) => Promise<HttpResult>;

const CLIENTS: Record<string, Client> = {
  'http1 write client (send)': (t, method, path, body) => t.send(method, path, {}, body),
  'undici pool (request)': (t, method, path, body) => t.request(method, path, { body, readText: true }),
};

const servers: Server[] = [];
const targets: HttpTarget[] = [];
after(async () => {
  await Promise.all(targets.map((t) => t.close().catch(() => undefined)));
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

async function listen(s: Server): Promise<number> {
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

function target(url: string, o: { caFile?: string; timeouts?: HttpTimeouts } = {}): HttpTarget {
  const t = new HttpTarget({ url, connections: 1, ...o });
  targets.push(t);
  return t;
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof OpError, `an OpError, got ${String(e)}`);
    return e.errorCode;
  }
  assert.fail('the request should have failed');
}

describe('both HTTP clients keep one contract', () => {
  for (const [name, send] of Object.entries(CLIENTS)) {
    it(`${name}: status of a stored body`, async () => {
      const port = await listen(
        createServer((req, res) => {
          let n = 0;
          req.on('data', (c: Buffer) => (n += c.length));
          req.on('end', () => {
            res.writeHead(n === 4096 ? 201 : 400, { 'content-type': 'text/plain' });
            res.end(`got ${n}`);
          });
        }),
      );
      const r = await send(target(`http://127.0.0.1:${port}`), 'PUT', '/a', Buffer.alloc(4096, 7));
      assert.equal(r.status, 201);
    });

    it(`${name}: a server that never answers is E_TIMEOUT`, async () => {
      const port = await listen(createServer(() => undefined));
      const t = target(`http://127.0.0.1:${port}`, { timeouts: { requestMs: 300, connectMs: 5000 } });
      assert.equal(await codeOf(send(t, 'GET', '/silent', null)), 'E_TIMEOUT');
    });

    it(`${name}: a refused connection is ECONNREFUSED`, async () => {
      const s = createServer();
      const port = await listen(s);
      s.close();
      await new Promise((r) => s.once('close', r));
      assert.equal(await codeOf(send(target(`http://127.0.0.1:${port}`), 'GET', '/', null)), 'ECONNREFUSED');
    });

    it(`${name}: an early answer (413 before the body was read) is the answer`, async () => {
      const port = await listen(
        createServer((_req, res) => {
          res.writeHead(413, { 'content-length': '0', connection: 'close' });
          res.end();
        }),
      );
      const r = await send(target(`http://127.0.0.1:${port}`), 'PUT', '/big', Buffer.alloc(64 * 1024, 1));
      assert.equal(r.status, 413);
    });
  }
});

describe(
  'both HTTP clients over TLS',
  { skip: existsSync('/usr/bin/openssl') || process.env.CI ? false : 'openssl is not installed (CI installs it)' },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-tls-contract-'));
    after(() => rmSync(dir, { recursive: true, force: true }));
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    let url = '';

    it('a self-signed server (openssl, this run only)', async () => {
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
      const s = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
        req.resume();
        req.on('end', () => {
          res.writeHead(204);
          res.end();
        });
      });
      url = `https://127.0.0.1:${await listen(s as unknown as Server)}`;
      assert.ok(url.startsWith('https://127.0.0.1:'));
    });

    for (const [name, send] of Object.entries(CLIENTS)) {
      it(`${name}: with the server's CA (--ca) the request goes through`, async () => {
        const r = await send(target(url, { caFile: cert }), 'PUT', '/x', Buffer.from('hello'));
        assert.equal(r.status, 204);
      });

      it(`${name}: without it the certificate is refused with the same code`, async () => {
        assert.equal(await codeOf(send(target(url), 'PUT', '/x', Buffer.from('hello'))), 'DEPTH_ZERO_SELF_SIGNED_CERT');
      });
    }
  },
);
