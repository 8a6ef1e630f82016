/**
 * The ground-truth PUT store (src/servers/http-put/): WebDAV-style semantics (PUT creates missing
 * parents like nginx's create_full_put_path, MKCOL needs its parent, DELETE of a collection is
 * recursive), bodies read back byte for byte, and the flags' parsers with their errors.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import {
  parseCostModel,
  parseDurationMs,
  describeCost,
  putCostMs,
  stallAfterMs,
  type CostSettings,
} from '../../src/cost-model/cost-model.js';
import { FaultDrawer, parseFaults } from '../../src/servers/http-put/faults.js';
import { normalisePath, startHttpPutServer, type HttpPutServer } from '../../src/servers/http-put/http-put-server.js';
import { UsageError } from '../../src/errors.js';

describe('http-put store: semantics', () => {
  let s: HttpPutServer;
  before(async () => {
    s = await startHttpPutServer();
  });
  after(async () => {
    await s.close();
  });
  const req = (path: string, init: RequestInit = {}): Promise<Response> => fetch(`${s.url}${path}`, init);

  test('binds 127.0.0.1 on a free port and announces its methods', async () => {
    assert.match(s.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const r = await req('/', { method: 'OPTIONS' });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('allow'), 'OPTIONS, GET, HEAD, PUT, DELETE, MKCOL');
    assert.equal(r.headers.get('dav'), '1');
  });

  test('PUT to missing parents creates them (201), again 204; GET and HEAD read it back', async () => {
    const body = Buffer.from('hello \u00e9 world');
    assert.equal((await req('/run-1/ab/cd/obj-1/D', { method: 'PUT', body })).status, 201);
    assert.equal((await req('/run-1/ab/cd/obj-1/D', { method: 'PUT', body })).status, 204);
    const g = await req('/run-1/ab/cd/obj-1/D');
    assert.equal(g.status, 200);
    assert.deepEqual(Buffer.from(await g.arrayBuffer()), body);
    const h = await req('/run-1/ab/cd/obj-1/D', { method: 'HEAD' });
    assert.equal(h.headers.get('content-length'), String(body.length));
    assert.equal((await req('/run-1/ab/cd/obj-1')).status, 200, 'a parent became a collection');
    assert.equal(await (await req('/run-1/ab/cd/obj-1')).text(), 'D\n');
    assert.equal(s.tree.resourceCount, 1);
  });

  test('MKCOL: 201, 405 when it exists, 409 without its parent; PUT onto a collection is 409', async () => {
    assert.equal((await req('/mk', { method: 'MKCOL' })).status, 201);
    assert.equal((await req('/mk', { method: 'MKCOL' })).status, 405);
    assert.equal((await req('/no/parent', { method: 'MKCOL' })).status, 409);
    assert.equal((await req('/mk', { method: 'PUT', body: 'x' })).status, 409);
  });

  test('DELETE removes a resource, a collection with everything under it, and 404s what is not there', async () => {
    await req('/del/a/1', { method: 'PUT', body: '1' });
    await req('/del/a/2', { method: 'PUT', body: '2' });
    assert.equal((await req('/del/a/1', { method: 'DELETE' })).status, 204);
    assert.equal((await req('/del/a/1')).status, 404);
    assert.equal((await req('/del', { method: 'DELETE' })).status, 204);
    assert.equal((await req('/del/a/2')).status, 404);
    assert.equal((await req('/del', { method: 'DELETE' })).status, 404);
  });

  test('paths are decoded; dot segments are refused (400)', async () => {
    assert.equal(normalisePath('/a/b%20c/'), '/a/b c');
    assert.equal(normalisePath('/'), '');
    assert.equal(normalisePath('/a/../b'), null);
    assert.equal(normalisePath('/a/%2e%2e/b'), null);
    // fetch() would resolve the dot segments itself: send the path as it is
    const status = await new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(s.url);
      const r = request(
        { hostname, port, path: '/x/%2e%2e/y', method: 'PUT' },
        (res) => (res.resume(), resolve(res.statusCode ?? 0)),
      );
      r.on('error', reject);
      r.end('x');
    });
    assert.equal(status, 400);
  });
});

describe('http-put store: cost model and faults (parsers)', () => {
  const settings = (cost: string): CostSettings => ({ model: parseCostModel(cost), baseMs: 2, fill: 10_000 });

  test('linear:3 costs 3x the base at the fill, 2x half-way; step doubles from AT on', () => {
    assert.equal(putCostMs(settings('linear:3'), 0), 2);
    assert.equal(putCostMs(settings('linear:3'), 5_000), 4);
    assert.equal(putCostMs(settings('linear:3'), 10_000), 6);
    assert.equal(putCostMs(settings('step:10000:2'), 9_999), 2);
    assert.equal(putCostMs(settings('step:10000:2'), 10_000), 4);
    assert.equal(putCostMs(settings('constant'), 1e6), 2);
  });

  test('log:2 costs the base when empty, 2x at the fill, 1.5x where ln(1 + n) is half of ln(1 + fill)', () => {
    assert.equal(putCostMs(settings('log:2'), 0), 2);
    assert.ok(Math.abs(putCostMs(settings('log:2'), 10_000) - 4) < 1e-12);
    // ln(1 + 99.5...) = ln(10001) / 2: sqrt(10001) - 1 = 99.005 resources
    assert.ok(Math.abs(putCostMs(settings('log:2'), Math.sqrt(10_001) - 1) - 3) < 1e-12);
    assert.equal(describeCost(settings('log:2')), 'log:2 (base 2ms, fill 10000)');
  });

  test('stalls:1000:200ms pauses after every 1,000th resource only', () => {
    const s = settings('stalls:1000:200ms');
    assert.deepEqual(
      [999, 1000, 1001, 2000].map((n) => stallAfterMs(s, n)),
      [0, 200, 0, 200],
    );
    assert.equal(stallAfterMs(settings('constant'), 1000), 0);
  });

  test('durations and bad models', () => {
    assert.equal(parseDurationMs('500us', 'f'), 0.5);
    assert.equal(parseDurationMs('1.5s', 'f'), 1500);
    // a bare number is refused, with the fix: is 7 milliseconds or seconds?
    assert.throws(() => parseDurationMs('7', '--base-cost'), /--base-cost "7" has no unit/);
    for (const bad of [
      'linear',
      'linear:0',
      'step:10:2:3',
      'step:1.5:2',
      'stalls:10',
      'stalls:10:200',
      'quadratic:2',
      '',
    ]) {
      assert.throws(() => parseCostModel(bad), UsageError, bad);
    }
    assert.throws(() => parseDurationMs('2 min', 'f'), UsageError);
  });

  test('faults: shares parse; a seeded drawer gives each fault about its share, the same on every run', () => {
    const spec = parseFaults('503:5%,reset:2%,hang:0.1%,slow:200ms:10%');
    assert.deepEqual(spec, { unavailable: 0.05, reset: 0.02, hang: 0.001, slowMs: 200, slowShare: 0.1 });
    const count = (seed: number): Record<string, number> => {
      const d = new FaultDrawer(spec, seed);
      const c: Record<string, number> = { none: 0, '503': 0, reset: 0, hang: 0, slow: 0 };
      for (let i = 0; i < 100_000; i++) {
        const f = d.draw();
        c[f.kind] = (c[f.kind] ?? 0) + 1;
        if (f.kind === 'none' && f.extraMs > 0) c['slow'] = (c['slow'] ?? 0) + 1;
      }
      return c;
    };
    const c = count(7);
    assert.deepEqual(count(7), c);
    // binomial 99.9% bands around 5,000 / 2,000 / 100 / 9,290 (10% of the 92.9% answered)
    assert.ok(Math.abs((c['503'] ?? 0) - 5000) < 230, `503: ${c['503']}`);
    assert.ok(Math.abs((c['reset'] ?? 0) - 2000) < 150, `reset: ${c['reset']}`);
    assert.ok(Math.abs((c['hang'] ?? 0) - 100) < 35, `hang: ${c['hang']}`);
    assert.ok(Math.abs((c['slow'] ?? 0) - 9290) < 300, `slow: ${c['slow']}`);
    for (const bad of ['503', '503:120%', 'reset:x', 'boom:1%', '503:60%,reset:60%'])
      assert.throws(() => parseFaults(bad), UsageError, bad);
  });
});
