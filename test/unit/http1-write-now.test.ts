/**
 * The write client writes each request when it is sent: with other requests in flight it is not
 * held back (no end-of-turn coalescing: a benchmark against nginx, Apache DAV and a store answering
 * in 0.5 ms found no gain, docs/notes/2026-12-perf-history.md, "Write coalescing"), so an operation's time counts from
 * our write. Bodies of every size still arrive intact with many requests in flight.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Http1Pool } from '../../src/http1/http1-pool.js';

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Replaces each open connection's socket.write with one that notes the request path of what it writes. */
function spyWrites(pool: Http1Pool): string[] {
  const written: string[] = [];
  const conns = (pool as unknown as { all: Set<{ socket: { write: (...a: unknown[]) => boolean } }> }).all;
  for (const c of conns) {
    const write = c.socket.write.bind(c.socket);
    c.socket.write = (...a: unknown[]) => {
      written.push((a[0] as Buffer).toString('latin1').split(' ')[1] ?? '');
      return write(...a);
    };
  }
  return written;
}

describe('write client: requests in flight together', () => {
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      res.writeHead(201, { 'x-sha256': sha(Buffer.concat(parts)), 'content-length': '0' });
      res.end();
    });
  });
  let origin: URL;
  before(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('are each written before request() returns, in the order sent, none held back', async () => {
    const pool = new Http1Pool({ origin, connections: 3 });
    try {
      await Promise.all(['a', 'b', 'c'].map((x) => pool.request('PUT', `/warm/${x}`, {}, Buffer.from(x))));
      const written = spyWrites(pool);
      const three = ['x', 'y', 'z'].map((x) => pool.request('PUT', `/${x}`, {}, Buffer.from(x)));
      assert.deepEqual(
        written,
        ['/x', '/y', '/z'],
        'each request reached its socket synchronously, while the others were in flight',
      );
      const rs = await Promise.all(three);
      assert.deepEqual(
        rs.map((r) => r.headers['x-sha256']),
        ['x', 'y', 'z'].map((x) => sha(Buffer.from(x))),
      );
    } finally {
      await pool.close();
    }
  });

  it('bodies of every size arrive intact at concurrency 8', async () => {
    const pool = new Http1Pool({ origin, connections: 8 });
    try {
      await Promise.all(Array.from({ length: 8 }, (_, i) => pool.request('PUT', `/warm/${i}`, {}, Buffer.from('w'))));
      const sizes = [0, 1, 1024, 4096, 4097, 65536, 300_000, 1024 * 1024];
      const bodies = Array.from({ length: 64 }, (_, i) => Buffer.alloc(sizes[i % sizes.length] as number, i));
      const rs = await Promise.all(
        bodies.map((b, i) => pool.request('PUT', `/o/${i}`, { 'content-length': String(b.length) }, b)),
      );
      rs.forEach((r, i) => {
        assert.equal(r.status, 201);
        assert.equal(r.headers['x-sha256'], sha(bodies[i] as Buffer), `body ${i} (${bodies[i]?.length} bytes)`);
        assert.ok(r.ttfbMs >= 0);
      });
    } finally {
      await pool.close();
    }
  });
});
