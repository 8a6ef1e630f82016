/**
 * The ground-truth store's self warm-up (src/servers/http-put/self-warmup.ts): it answers its own
 * PUTs without cost or faults, then serves from an empty tree, so the cost model and the seeded
 * faults start where they would without it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCostModel } from '../../src/cost-model/cost-model.js';
import { parseFaults } from '../../src/servers/http-put/faults.js';
import { startHttpPutServer } from '../../src/servers/http-put/http-put-server.js';
import { warmupHeaders } from '../../src/servers/http-put/self-warmup.js';

test('after warming with 200 PUTs the tree is empty and a step:3:6 model counts from the first real PUT', async () => {
  const s = await startHttpPutServer({
    cost: { model: parseCostModel('step:3:6'), baseMs: 5, fill: 10 },
    selfWarmupRequests: 200,
  });
  try {
    assert.equal(s.tree.resourceCount, 0);
    const r = await fetch(`${s.url}/.self-warmup/1`);
    await r.arrayBuffer();
    assert.equal(r.status, 404, 'the warm-up objects are gone');
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const put = await fetch(`${s.url}/o/${i}`, { method: 'PUT', body: 'x' });
      await put.arrayBuffer();
      assert.equal(put.status, 201);
      times.push(performance.now() - t0);
    }
    // a timer never fires early: PUTs 4 and 5 (fill 3 and 4) wait at least 30 ms, so the fill began at 0
    for (const t of times.slice(3)) assert.ok(t >= 29.9, `after the step: ${t}`);
    assert.equal(s.tree.resourceCount, 5);
  } finally {
    await s.close();
  }
});

test('seeded faults are not drawn while warming: every PUT of a 503:100% store is refused after it', async () => {
  const s = await startHttpPutServer({ faults: parseFaults('503:100%'), selfWarmupRequests: 50 });
  try {
    const put = await fetch(`${s.url}/o/1`, { method: 'PUT', body: 'x' });
    await put.arrayBuffer();
    assert.equal(put.status, 503);
    assert.equal(s.faultCounts['503'], 1);
    assert.equal(s.tree.resourceCount, 0);
  } finally {
    await s.close();
  }
});

test('the warm-up writes its headers both ways: lowercase as undici and fetch do, capitalised as node:http and curl do', () => {
  const names = [0, 1, 2, 3].map((i) => Object.keys(warmupHeaders(i, '127.0.0.1:1', 1024)));
  assert.deepEqual(names[0], ['host', 'connection', 'content-type', 'content-length']);
  assert.deepEqual(names[1], ['Content-Length', 'Content-Type', 'Host', 'Connection']);
  assert.deepEqual(names[2], names[0]);
  assert.deepEqual(names[3], names[1]);
  assert.equal(warmupHeaders(1, 'h:2', 77)['Content-Length'], '77');
});
