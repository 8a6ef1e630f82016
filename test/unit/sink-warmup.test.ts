/**
 * The client's warm-up against an in-process sink (src/engine/sink-warmup.ts, loopback-sink.ts): it
 * writes through the http-put backend to a sink on 127.0.0.1 and nothing to the run's target, it is
 * bounded by objects and bytes, it is skipped (with the reason) for backends no sink answers for,
 * and the sink is closed afterwards.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { sinkWarmupObjects, SINK_WARMUP_OBJECTS, warmUpAgainstSink } from '../../src/engine/sink-warmup.js';
import { startLoopbackSink } from '../../src/engine/loopback-sink.js';
import { resolveWorkload } from '../../src/workload/resolve.js';

const workload = resolveWorkload({
  objects: 500,
  batchSize: 40,
  concurrency: 4,
  datastreams: [
    { id: 'D', size: { kind: 'fixed', bytes: 512 }, contentKind: 'random', mime: 'application/octet-stream' },
  ],
});

test('how many objects warm: 3,000, fewer when their bytes would pass 64 MiB, never under one batch', () => {
  assert.equal(sinkWarmupObjects(workload), SINK_WARMUP_OBJECTS);
  const big = (bytes: number, batchSize: number) =>
    sinkWarmupObjects({
      batchSize,
      datastreams: [{ ...workload.datastreams[0]!, size: { kind: 'fixed', bytes } }],
    });
  assert.equal(big(1024 * 1024, 10), 64);
  assert.equal(big(256 * 1024 * 1024, 10), 10);
});

test('the sink answers as a plain PUT store, reads each body, counts requests, and closes', async () => {
  const sink = await startLoopbackSink();
  assert.match(sink.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const put = await fetch(`${sink.url}/a/b`, { method: 'PUT', body: 'x'.repeat(100_000) });
  assert.equal(put.status, 201);
  assert.equal((await fetch(`${sink.url}/a/b`, { method: 'DELETE' })).status, 204);
  assert.equal((await fetch(`${sink.url}/a/b`)).status, 404);
  assert.equal(sink.requests(), 3);
  await sink.close();
  await assert.rejects(fetch(`${sink.url}/a/b`, { method: 'PUT', body: 'y' }));
});

test('http-put: the warm-up writes to the sink, never to the target; recorded with objects and requests', async () => {
  let targetRequests = 0;
  const target = createServer((_req, res) => {
    targetRequests++;
    res.writeHead(500).end();
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/dav`;
  try {
    const r = await warmUpAgainstSink({
      backend: 'http-put',
      workload,
      objects: 120,
      target: { flags: { url, collections: 'mkcol' } },
    });
    assert.equal(r.skipped, null);
    assert.equal(r.objects, 120);
    // OPTIONS and the run collection at preflight, then a MKCOL and a PUT per object
    assert.equal(r.requests, 2 + 2 * 120);
    assert.equal(targetRequests, 0, 'nothing reached the target');
  } finally {
    target.close();
  }
});

test('backends no sink answers for are skipped with the reason; a time bound stops it between batches', async () => {
  const ldp = await warmUpAgainstSink({ backend: 'ldp', workload, target: { flags: { url: 'http://127.0.0.1:1/' } } });
  assert.deepEqual(ldp, { objects: 0, requests: 0, ms: 0, skipped: 'no warm-up sink answers for ldp' });
  const bounded = await warmUpAgainstSink({
    backend: 'http-put',
    workload,
    objects: 2000,
    budgetMs: 1,
    target: { flags: { url: 'http://127.0.0.1:1/', collections: 'none' } },
  });
  assert.equal(bounded.skipped, null);
  assert.ok(bounded.objects < 2000 && bounded.objects % workload.batchSize === 0, String(bounded.objects));
});
