/**
 * Basic auth on the LDP reference server (docs/protocols.md §2.1: fedoraAdmin/fedoraAdmin is the
 * 5.x/6.x default; §5.24 preemptive Basic): with a user configured, every request — reads,
 * OPTIONS, the transaction endpoint — needs the right credentials, else 401 with
 * WWW-Authenticate: Basic realm="fcrepo".
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTemp, type TestServer } from './ldp-harness.test.js';

const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('ldp server Basic auth', () => {
  let t: TestServer;
  const good = { Authorization: basic('fedoraAdmin', 'fedoraAdmin') };
  before(async () => {
    t = await startTemp('keyed', { user: 'fedoraAdmin', password: 'fedoraAdmin' });
  });
  after(async () => {
    await t.close();
  });

  test('every request without credentials → 401 with WWW-Authenticate: Basic realm="fcrepo"', async () => {
    const cases: Array<[string, string]> = [
      ['GET', ''],
      ['HEAD', ''],
      ['OPTIONS', ''],
      ['PUT', '/secret'],
      ['POST', ''],
      ['DELETE', '/secret'],
      ['POST', '/fcr:tx'],
    ];
    for (const [method, path] of cases) {
      const r = await t.fetch(path, { method });
      assert.equal(r.status, 401, `${method} ${path}`);
      assert.equal(r.headers.get('www-authenticate'), 'Basic realm="fcrepo"');
      await r.arrayBuffer();
    }
    assert.equal((await t.fetch('/secret', { headers: good })).status, 404, 'nothing was created');
  });

  test('wrong user, wrong password, or another scheme → 401', async () => {
    for (const authorization of [
      basic('fedoraAdmin', 'nope'),
      basic('someone', 'fedoraAdmin'),
      'Bearer fedoraAdmin',
      'Basic !!!',
    ]) {
      const r = await t.fetch('', { headers: { Authorization: authorization } });
      assert.equal(r.status, 401, authorization);
      await r.text();
    }
  });

  test('the right credentials work for reads, writes and transactions', async () => {
    assert.equal((await t.fetch('/secret', { method: 'PUT', headers: good })).status, 201);
    assert.equal((await t.fetch('/secret', { headers: good })).status, 200);
    const tx = await t.fetch('/fcr:tx', { method: 'POST', headers: good });
    assert.equal(tx.status, 201);
    const uri = tx.headers.get('location') ?? '';
    assert.equal((await fetch(uri, { method: 'PUT' })).status, 401);
    assert.equal((await fetch(uri, { method: 'PUT', headers: good })).status, 204);
  });
});
