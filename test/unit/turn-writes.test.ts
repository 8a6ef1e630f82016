/**
 * Writes held to the end of the event-loop turn (src/http1/turn-writes.ts) and the write
 * client's use of them. By default nothing is held: every request is written when it is sent, so
 * its time counts from our write. With coalesceWrites a request goes out at once when it is alone,
 * and joins the end-of-turn writes when other requests are in flight; bodies still arrive intact,
 * a request whose connection broke before its turn ended is failed, not written.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Http1Pool } from '../../src/http1/http1-pool.js';
import { atEndOfTurn, queuedWrites } from '../../src/http1/turn-writes.js';

/** Lets every pending promise reaction run (the pool's acquire-then-send is a few reactions deep). */
async function settleMicrotasks(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/await-thenable -- each await of a plain value is one microtask turn: that is the point
  for (let k = 0; k < 20; k++) await null;
}

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

async function listen(s: Server | ReturnType<typeof createTcpServer>): Promise<number> {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

describe('atEndOfTurn', () => {
  it('runs queued writes after the turn, in the order queued, none during it', async () => {
    const ran: string[] = [];
    atEndOfTurn(() => ran.push('a'));
    atEndOfTurn(() => ran.push('b'));
    assert.equal(queuedWrites(), 2);
    await settleMicrotasks();
    assert.deepEqual(ran, [], 'not run while the turn (and its microtasks) lasts');
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(ran, ['a', 'b']);
    assert.equal(queuedWrites(), 0);
  });

  it('a write queued while the queue is being flushed waits for the next turn, and is not lost', async () => {
    const ran: string[] = [];
    atEndOfTurn(() => {
      ran.push('first');
      atEndOfTurn(() => ran.push('later'));
    });
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(ran, ['first']);
    assert.equal(queuedWrites(), 1);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(ran, ['first', 'later']);
  });
});

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
    origin = new URL(`http://127.0.0.1:${await listen(server)}`);
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('by default are each written when sent, none held to the end of the turn', async () => {
    const written: string[] = [];
    const pool = new Http1Pool({ origin, connections: 3 });
    try {
      await Promise.all(['a', 'b', 'c'].map((x) => pool.request('PUT', `/warm/${x}`, {}, Buffer.from(x))));
      // spy on each connection's socket: which request's bytes reached it, and when
      const conns = (pool as unknown as { all: Set<{ socket: { write: (...a: unknown[]) => boolean } }> }).all;
      for (const c of conns) {
        const write = c.socket.write.bind(c.socket);
        c.socket.write = (...a: unknown[]) => {
          written.push((a[0] as Buffer).toString('latin1').split(' ')[1] ?? '');
          return write(...a);
        };
      }
      const three = ['x', 'y', 'z'].map((x) => pool.request('PUT', `/${x}`, {}, Buffer.from(x)));
      assert.equal(queuedWrites(), 0, 'nothing waits for the end of the turn');
      assert.deepEqual(written, ['/x', '/y', '/z'], 'each request reached its socket before request() returned, in the order sent');
      const rs = await Promise.all(three);
      assert.deepEqual(rs.map((r) => r.headers['x-sha256']), ['x', 'y', 'z'].map((x) => sha(Buffer.from(x))));
    } finally {
      await pool.close();
    }
  });

  it('with coalesceWrites, defer only when another request is in flight', async () => {
    const pool = new Http1Pool({ origin, connections: 3, coalesceWrites: true });
    try {
      // open all three connections
      await Promise.all(['a', 'b', 'c'].map((x) => pool.request('PUT', `/warm/${x}`, {}, Buffer.from(x))));
      const alone = pool.request('PUT', '/alone', {}, Buffer.from('c'));
      assert.equal(queuedWrites(), 0, 'a lone request is written at once');
      await alone;
      const three = [pool.request('PUT', '/x', {}, Buffer.from('x')), pool.request('PUT', '/y', {}, Buffer.from('y')), pool.request('PUT', '/z', {}, Buffer.from('z'))];
      assert.equal(queuedWrites(), 2, 'the first went at once (the others were idle); the next two wait for the end of the turn');
      await settleMicrotasks();
      assert.equal(queuedWrites(), 2);
      const rs = await Promise.all(three);
      assert.deepEqual(rs.map((r) => r.headers['x-sha256']), ['x', 'y', 'z'].map((x) => sha(Buffer.from(x))));
    } finally {
      await pool.close();
    }
  });

  it('with coalesceWrites, bodies of every size arrive intact through deferred writes at concurrency 8', async () => {
    const pool = new Http1Pool({ origin, connections: 8, coalesceWrites: true });
    try {
      await Promise.all(Array.from({ length: 8 }, (_, i) => pool.request('PUT', `/warm/${i}`, {}, Buffer.from('w'))));
      const sizes = [0, 1, 1024, 4096, 4097, 65536, 300_000, 1024 * 1024];
      const bodies = Array.from({ length: 64 }, (_, i) => Buffer.alloc(sizes[i % sizes.length] as number, i));
      const pending = bodies.map((b, i) => pool.request('PUT', `/o/${i}`, { 'content-length': String(b.length) }, b));
      assert.equal(queuedWrites(), 7, 'eight idle connections: the first request went at once, the next seven wait for the end of the turn');
      const rs = await Promise.all(pending);
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

describe('write client: a connection that breaks while its write waits', () => {
  it('fails the requests and never writes them', async () => {
    const received: string[] = [];
    let sockets = 0;
    const server = createTcpServer((sock) => {
      const n = ++sockets;
      sock.on('data', (d: Buffer) => {
        received.push(`${n}:${d.toString('latin1').split(' ')[1]}`);
        sock.write('HTTP/1.1 201 Created\r\ncontent-length: 0\r\n\r\n');
      });
    });
    const port = await listen(server);
    const pool = new Http1Pool({ origin: new URL(`http://127.0.0.1:${port}`), connections: 3, coalesceWrites: true });
    try {
      await Promise.all(['a', 'b', 'c'].map((x) => pool.request('PUT', `/warm/${x}`, {}, Buffer.from(x))));
      const first = pool.request('PUT', '/first', {}, Buffer.from('f'));
      const waiting = [pool.request('PUT', '/doomed1', {}, Buffer.from('d')), pool.request('PUT', '/doomed2', {}, Buffer.from('e'))];
      assert.equal(queuedWrites(), 2);
      // break every connection before the turn ends (each socket's own error path), and count any write still tried on them
      const conns = (pool as unknown as { all: Set<{ socket: { destroy(e?: Error): void; write: (...a: unknown[]) => boolean } }> }).all;
      let writesAfterBreak = 0;
      for (const c of conns) {
        c.socket.destroy(Object.assign(new Error('broken before the write'), { code: 'ECONNRESET' }));
        const write = c.socket.write.bind(c.socket);
        c.socket.write = (...a: unknown[]) => {
          writesAfterBreak++;
          return write(...a);
        };
      }
      const settled = await Promise.allSettled([first, ...waiting]);
      assert.deepEqual(settled.map((x) => x.status), ['rejected', 'rejected', 'rejected']);
      for (const x of settled) assert.equal((x as PromiseRejectedResult).reason.code, 'ECONNRESET');
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(queuedWrites(), 0, 'their end-of-turn writes ran');
      assert.equal(writesAfterBreak, 0, 'and wrote nothing to the broken sockets');
      assert.ok(!received.some((x) => x.includes('/doomed')), `requests failed before their turn ended were never sent: ${received.join(', ')}`);
      assert.equal(received.filter((x) => x.includes('/warm/')).length, 3);
    } finally {
      await pool.close();
      server.close();
    }
  });
});
