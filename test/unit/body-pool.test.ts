/**
 * Body buffers reused across requests (src/http1/body-pool.ts): the write client says when a
 * body's bytes have all left (Http1Result.bodyReleased: false while any of it is queued, as against a
 * server that answers without reading), and the http-put backend reuses a buffer only then. End to
 * end, real loopback servers check the SHA-256 of every body they received, one of them answering
 * before it reads. (On loopback the kernel takes a 1 MiB body whole even from a server that pauses,
 * so the queued case is checked at the write client, with 32 MiB.)
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { HttpPutBackend } from '../../src/backends/http-put/http-put-backend.js';
import { BodyPool } from '../../src/http1/body-pool.js';
import { Http1Pool } from '../../src/http1/http1-pool.js';
import { runPool } from '../../src/engine/pool.js';
import { contentSha256 } from '../../src/generate/content.js';
import { planBatch } from '../../src/generate/plan.js';
import type { Workload } from '../../src/workload/workload.js';

async function listen(s: Server | TcpServer): Promise<number> {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

/** Stores the SHA-256 of every PUT body by path; reads each body whole before it answers. */
function hashingServer(): { server: Server; received: Map<string, string> } {
  const received = new Map<string, string>();
  const server = createServer((req, res) => {
    const h = createHash('sha256');
    req.on('data', (c: Buffer) => h.update(c));
    req.on('end', () => {
      received.set(decodeURIComponent(req.url ?? ''), h.digest('hex'));
      res.writeHead(201, { 'content-length': '0' });
      res.end();
    });
  });
  return { server, received };
}

/**
 * A keep-alive server (plain TCP, its own minimal HTTP/1.1) that answers 201 as soon as a request's
 * head is in and only then reads its body, after a 30 ms pause (HTTP/1.1 allows it): the client has
 * its answer, and goes on to its next body, before this one was read. Stores each body's SHA-256.
 */
function answerFirstServer(): { server: TcpServer; received: Map<string, string> } {
  const received = new Map<string, string>();
  const server = createTcpServer((sock) => {
    let buf: Buffer = Buffer.alloc(0);
    let body: { path: string; left: number; hash: ReturnType<typeof createHash> } | null = null;
    const pump = (): void => {
      for (;;) {
        if (body === null) {
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buf.subarray(0, end).toString('latin1');
          buf = buf.subarray(end + 4);
          const path = decodeURIComponent(head.split(' ')[1] ?? '');
          const left = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
          body = { path, left, hash: createHash('sha256') };
          sock.write('HTTP/1.1 201 Created\r\ncontent-length: 0\r\n\r\n');
          sock.pause();
          setTimeout(() => {
            sock.resume();
            pump();
          }, 30);
          return;
        }
        const n = Math.min(body.left, buf.length);
        body.hash.update(buf.subarray(0, n));
        buf = buf.subarray(n);
        body.left -= n;
        if (body.left > 0) return;
        received.set(body.path, body.hash.digest('hex'));
        body = null;
      }
    };
    sock.on('data', (d: Buffer) => {
      buf = buf.length === 0 ? d : Buffer.concat([buf, d]);
      if (!sock.isPaused()) pump();
    });
  });
  return { server, received };
}

describe('BodyPool', () => {
  it('hands out buffers of its capacity, takes back only its own size, and keeps at most `keep`', () => {
    const pool = new BodyPool(1024, 2);
    const a = pool.take();
    const b = pool.take();
    const c = pool.take();
    assert.equal(a.length, 1024);
    assert.notEqual(a.buffer, b.buffer);
    pool.give(a);
    pool.give(b);
    pool.give(c); // beyond `keep`: left to the collector
    pool.give(Buffer.alloc(512)); // not one of its buffers
    assert.equal(pool.idle, 2);
    const again = pool.take();
    assert.ok(again === b || again === a, 'a kept buffer is reused');
    assert.equal(pool.idle, 1);
  });
});

describe('write client: bodyReleased', () => {
  let silent: TcpServer;
  let silentPort = 0;
  const held: Socket[] = [];
  before(async () => {
    // answers as soon as the head has arrived and never reads the body: the rest stays queued
    silent = createTcpServer((sock) => {
      held.push(sock);
      sock.once('data', () => {
        sock.pause();
        sock.write('HTTP/1.1 201 Created\r\ncontent-length: 0\r\n\r\n');
      });
    });
    silentPort = await listen(silent);
  });
  after(() => {
    for (const s of held) s.destroy();
    silent.close();
  });

  it('is true for a body copied behind its head and for one the kernel took whole, false for a streamed one', async () => {
    const h = hashingServer();
    const port = await listen(h.server);
    const pool = new Http1Pool({ origin: new URL(`http://127.0.0.1:${port}`), connections: 1 });
    const small = await pool.request('PUT', '/small', { 'content-length': '100' }, Buffer.alloc(100, 1));
    const medium = await pool.request(
      'PUT',
      '/medium',
      { 'content-length': String(64 * 1024) },
      Buffer.alloc(64 * 1024, 2),
    );
    const streamed = await pool.request('PUT', '/streamed', { 'content-length': '8' }, [
      Buffer.alloc(4),
      Buffer.alloc(4),
    ]);
    await pool.close();
    h.server.close();
    assert.equal(small.bodyReleased, true);
    assert.equal(medium.bodyReleased, true, 'a 64 KiB write on an open loopback connection leaves at once');
    assert.equal(streamed.bodyReleased, false);
  });

  it('is false when the server answered while the body was still queued', async () => {
    const pool = new Http1Pool({ origin: new URL(`http://127.0.0.1:${silentPort}`), connections: 1 });
    const body = Buffer.alloc(32 * 1024 * 1024, 7); // far above any socket buffer
    const r = await pool.request('PUT', '/unread', { 'content-length': String(body.length) }, body);
    assert.equal(r.status, 201);
    assert.equal(r.bodyReleased, false);
    await pool.close();
  });
});

describe('http-put with bodies made ahead (one object in flight)', () => {
  it("the next object's first body is made while this one is in flight, used once, and arrives intact", async () => {
    const h = hashingServer();
    const port = await listen(h.server);
    const workload: Workload = {
      objects: 12,
      batchSize: 12,
      concurrency: 1,
      seed: 4,
      layout: 'flat',
      fanout: { width: 16, depth: 2 },
      verify: 'none',
      datastreams: [
        { id: 'M', size: { kind: 'fixed', bytes: 300 * 1024 }, contentKind: 'compressible', mime: 'text/plain' },
        { id: 'S', size: { kind: 'fixed', bytes: 1000 }, contentKind: 'random', mime: 'application/octet-stream' },
        {
          id: 'L',
          size: { kind: 'fixed', bytes: 1024 * 1024 + 1 },
          contentKind: 'random',
          mime: 'application/octet-stream',
        },
      ],
    };
    const backend = new HttpPutBackend({
      url: `http://127.0.0.1:${port}`,
      connections: 1,
      runId: 'ahead',
      workload,
      collections: 'none',
    });
    const ready = (): number => ((backend as unknown as { ready: unknown }).ready === null ? 0 : 1);
    const plans = planBatch(workload, 0, workload.objects, { idPrefix: 'a' });
    const readyWhenStarted: number[] = [];
    const ops = (
      await runPool(
        plans,
        1,
        (p) => {
          readyWhenStarted.push(ready());
          return backend.ingest(p);
        },
        (p) => backend.prepare(p),
      )
    ).flat();
    await backend.close();
    h.server.closeAllConnections();
    h.server.close();
    assert.equal(ops.filter((o) => o.status !== 'ok').length, 0);
    // every object after the first found its first body made (a pooled 300 KiB one); the others are made in turn
    assert.deepEqual(readyWhenStarted, [0, ...plans.slice(1).map(() => 1)]);
    assert.equal(ready(), 0, 'every body made ahead was used');
    assert.equal(h.received.size, plans.length * 3);
    for (const p of plans)
      for (const ds of p.datastreams)
        assert.equal(h.received.get(`/ingest-scale-ahead/${p.id}/${ds.id}`), contentSha256(ds), `${p.id}/${ds.id}`);
  });
});

describe('http-put with pooled bodies', () => {
  for (const [label, answerFirst, size] of [
    ['a server that reads each body before it answers, 100 KiB bodies', false, 100 * 1024],
    ['a server that reads each body before it answers, 1 MiB bodies', false, 1024 * 1024],
    ['a server that answers first and reads the body after, 1 MiB bodies', true, 1024 * 1024],
  ] as const) {
    it(`every body arrives intact with ${label} at concurrency 4`, async () => {
      const h = answerFirst ? answerFirstServer() : hashingServer();
      const port = await listen(h.server);
      const workload: Workload = {
        objects: 24,
        batchSize: 24,
        concurrency: 4,
        seed: 9,
        layout: 'flat',
        fanout: { width: 16, depth: 2 },
        verify: 'none',
        datastreams: [
          { id: 'D', size: { kind: 'fixed', bytes: size }, contentKind: 'random', mime: 'application/octet-stream' },
        ],
      };
      const backend = new HttpPutBackend({
        url: `http://127.0.0.1:${port}`,
        connections: 4,
        runId: 'pool',
        workload,
        collections: 'none',
      });
      const plans = planBatch(workload, 0, workload.objects, { idPrefix: 'p' });
      const ops = (await runPool(plans, 4, (p) => backend.ingest(p))).flat();
      await backend.close();
      // an answer-first server may still be reading the last bodies: wait until it has them all (bounded)
      for (let waited = 0; h.received.size < plans.length && waited < 10_000; waited += 10)
        await new Promise((r) => setTimeout(r, 10));
      if ('closeAllConnections' in h.server) h.server.closeAllConnections();
      h.server.close();
      assert.equal(ops.filter((o) => o.status !== 'ok').length, 0);
      assert.equal(h.received.size, plans.length);
      for (const p of plans) {
        const ds = p.datastreams[0];
        assert.ok(ds);
        assert.equal(
          h.received.get(`/ingest-scale-pool/${p.id}/D`),
          contentSha256(ds),
          `${p.id}: the server got other bytes than the content`,
        );
      }
    });
  }
});
