/**
 * The ground-truth store's cost and faults on the wire: a step model really makes the PUTs after
 * AT wait longer, a stall holds every answer, and each injected fault looks to a client as it
 * should (503 with Retry-After, a reset connection, a request never answered). Waits are compared
 * with each other and with the model's lower bounds only (a timer never fires early), never with an
 * upper wall-clock bound.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { parseCostModel } from '../../src/cost-model/cost-model.js';
import { parseFaults } from '../../src/servers/http-put/faults.js';
import { startHttpPutServer } from '../../src/servers/http-put/http-put-server.js';

async function timedPut(url: string): Promise<number> {
  const t0 = performance.now();
  const r = await fetch(url, { method: 'PUT', body: 'x' });
  await r.arrayBuffer();
  assert.ok(r.status === 201 || r.status === 204);
  return performance.now() - t0;
}

test('step:5:4 with a 5 ms base: PUTs 1-5 wait at least 5 ms, later ones at least 20 ms', async () => {
  const s = await startHttpPutServer({ cost: { model: parseCostModel('step:5:4'), baseMs: 5, fill: 10 } });
  try {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) times.push(await timedPut(`${s.url}/o/${i}`));
    for (const t of times.slice(0, 5)) assert.ok(t >= 4.9, `before the step: ${t}`);
    for (const t of times.slice(5)) assert.ok(t >= 19.9, `after the step: ${t}`);
  } finally {
    await s.close();
  }
});

test("a 2.9 ms base is not truncated to the 2 ms of a Node timer: its PUTs take about as long as a 3 ms store's, not a 2 ms one's (medians)", async () => {
  const store = (baseMs: number) =>
    startHttpPutServer({ cost: { model: parseCostModel('constant'), baseMs, fill: 1 } });
  const [two, slow, three] = [await store(2), await store(2.9), await store(3)];
  try {
    // PUTs to the three stores in turn, so a busy host's lateness falls on each alike: with the fractions
    // carried, 9 of 10 of the 2.9 ms store's waits are 3 ms (nearer the 3 ms store: about 0.9 ms above the
    // 2 ms one, 0.1 ms below the 3 ms one); truncated, every wait is 2 ms (0 above the 2 ms store, 1 ms
    // below the 3 ms one). Lateness shrinks both differences, never their order.
    const above: number[] = [];
    const below: number[] = [];
    for (let i = 0; i < 160; i++) {
      const t2 = await timedPut(`${two.url}/f/${i}`);
      const t29 = await timedPut(`${slow.url}/f/${i}`);
      const t3 = await timedPut(`${three.url}/f/${i}`);
      above.push(t29 - t2);
      below.push(t3 - t29);
    }
    const median = (v: number[]): number => v.sort((a, b) => a - b)[v.length / 2] as number;
    const [a, b] = [median(above), median(below)];
    assert.ok(a > b, `2.9 ms store: ${a.toFixed(2)} ms above the 2 ms store, ${b.toFixed(2)} ms below the 3 ms one`);
  } finally {
    await two.close();
    await slow.close();
    await three.close();
  }
});

test('stalls:3:60ms: the third PUT holds every answer, a GET included, for at least 60 ms', async () => {
  const s = await startHttpPutServer({ cost: { model: parseCostModel('stalls:3:60ms'), baseMs: 0, fill: 1 } });
  try {
    await timedPut(`${s.url}/a/1`);
    await timedPut(`${s.url}/a/2`);
    const t0 = performance.now();
    const third = timedPut(`${s.url}/a/3`);
    await new Promise((r) => setTimeout(r, 10));
    const get = fetch(`${s.url}/a/1`).then(async (r) => (await r.arrayBuffer(), performance.now() - t0));
    assert.ok((await third) >= 59.9);
    assert.ok((await get) >= 59.9, 'a GET during the stall waited too');
  } finally {
    await s.close();
  }
});

function rawPut(url: string): Promise<{ status?: number; retryAfter?: string; error?: string }> {
  return new Promise((resolve) => {
    const r = request(url, { method: 'PUT', agent: false, timeout: 300 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: String(res.headers['retry-after']) }));
    });
    r.on('timeout', () => {
      r.destroy();
      resolve({ error: 'timeout' });
    });
    r.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    r.end('x');
  });
}

test('faults at 100%: 503 with Retry-After, a reset connection, a request never answered', async () => {
  for (const [faults, want] of [
    ['503:100%', { status: 503, retryAfter: '0' }],
    ['reset:100%', { error: 'ECONNRESET' }],
    ['hang:100%', { error: 'timeout' }],
  ] as const) {
    const s = await startHttpPutServer({ faults: parseFaults(faults) });
    try {
      assert.deepEqual(await rawPut(`${s.url}/f/1`), want, faults);
      assert.equal((await fetch(s.url, { method: 'OPTIONS' })).status, 200, 'OPTIONS is never faulted');
      assert.equal(s.tree.resourceCount, 0, `${faults}: nothing stored`);
    } finally {
      await s.close();
    }
  }
});
