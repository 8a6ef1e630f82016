/**
 * Fedora 6 transactions on the LDP reference server (docs/protocols.md §2.7, §5.22): the endpoint's
 * statuses and headers, Atomic-ID on resource requests, isolation until commit, rollback, lazy
 * expiry, and 409 for a competing writer. Both containment modes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  MODES,
  NON_RDF,
  containedUris,
  links,
  putBinary,
  putContainer,
  startTemp,
  type TestServer,
} from './ldp-harness.test.js';

const COMMIT_ENDPOINT = 'http://fedora.info/definitions/v4/transaction#commitEndpoint';

async function begin(t: TestServer): Promise<{ uri: string; id: string; res: Response }> {
  const res = await t.fetch('/fcr:tx', { method: 'POST' });
  assert.equal(res.status, 201);
  await res.text();
  const uri = res.headers.get('location') ?? '';
  return { uri, id: uri.slice(uri.lastIndexOf('/') + 1), res };
}

for (const mode of MODES) {
  describe(`ldp server transactions (${mode} containment)`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTemp(mode);
    });
    after(async () => {
      await t.close();
    });

    test('§2.7: POST /rest/fcr:tx → 201, Location …/fcr:tx/<uuid>, Expires/Atomic-Expires about 3 min, commitEndpoint link', async () => {
      const before = Date.now();
      const { uri, res } = await begin(t);
      assert.match(uri, new RegExp(`^${t.url}/fcr:tx/[0-9a-f-]{36}$`));
      const expires = Date.parse(res.headers.get('atomic-expires') ?? '');
      assert.equal(res.headers.get('expires'), res.headers.get('atomic-expires'));
      assert.ok(expires >= before + 170_000 && expires <= Date.now() + 181_000, `expiry ${expires - before} ms ahead`);
      assert.deepEqual(
        links(res)
          .filter((l) => l.rel === COMMIT_ENDPOINT)
          .map((l) => l.uri),
        [uri],
      );
    });

    test('§2.7: GET status → 204 + Atomic-Expires; POST refresh → 204; unknown → 404; after commit → 410', async () => {
      const { uri } = await begin(t);
      const status = await fetch(uri);
      assert.equal(status.status, 204);
      assert.ok(status.headers.get('atomic-expires'));
      const refresh = await fetch(uri, { method: 'POST' });
      assert.equal(refresh.status, 204);
      assert.ok(refresh.headers.get('atomic-expires'));
      assert.equal((await fetch(uri, { method: 'PUT' })).status, 204);
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'])
        assert.equal((await fetch(uri, { method })).status, 410, method);
      assert.equal((await t.fetch('/fcr:tx/00000000-0000-0000-0000-000000000000')).status, 404);
      assert.equal((await t.fetch('/fcr:tx/00000000-0000-0000-0000-000000000000', { method: 'PUT' })).status, 404);
    });

    test('§2.7/§5.22: a resource created in a transaction is 404 outside it until commit', async () => {
      const { uri, id } = await begin(t);
      const put = await t.fetch('/tx-made', { method: 'PUT', headers: { 'Atomic-ID': uri } });
      assert.equal(put.status, 201);
      assert.equal(put.headers.get('atomic-id'), uri);
      assert.equal((await t.fetch('/tx-made')).status, 404);
      assert.equal((await t.fetch('/tx-made', { headers: { 'Atomic-ID': id } })).status, 200, 'a bare uuid works too');
      const child = await t.fetch('/tx-made', { method: 'POST', headers: { 'Atomic-ID': id, Slug: 'kid' } });
      assert.equal(child.status, 201);
      assert.ok(!containedUris(await (await t.fetch('')).text()).includes(`${t.url}/tx-made`));
      assert.ok(
        containedUris(await (await t.fetch('', { headers: { 'Atomic-ID': id } })).text()).includes(`${t.url}/tx-made`),
      );
      assert.equal((await fetch(uri, { method: 'PUT' })).status, 204);
      assert.equal((await t.fetch('/tx-made')).status, 200);
      assert.deepEqual(containedUris(await (await t.fetch('/tx-made')).text()), [`${t.url}/tx-made/kid`]);
      assert.ok(containedUris(await (await t.fetch('')).text()).includes(`${t.url}/tx-made`));
    });

    test('§2.7: DELETE on the transaction rolls back → 204; nothing it wrote appears; then 410', async () => {
      const { uri } = await begin(t);
      assert.equal((await putBinary(t, '/tx-rolled', 'bytes', { 'Atomic-ID': uri })).status, 201);
      assert.equal((await fetch(uri, { method: 'DELETE' })).status, 204);
      assert.equal((await t.fetch('/tx-rolled')).status, 404);
      assert.equal((await fetch(uri)).status, 410);
      assert.equal((await t.fetch('/tx-rolled', { headers: { 'Atomic-ID': uri } })).status, 409);
    });

    test('§2.7: binaries, replacements and deletes inside a transaction apply at commit', async () => {
      assert.equal((await putBinary(t, '/tx-bin', 'before')).status, 201);
      await putContainer(t, '/tx-doomed');
      const { uri } = await begin(t);
      assert.equal((await putBinary(t, '/tx-bin', 'after', { 'Atomic-ID': uri })).status, 204);
      assert.equal((await t.fetch('/tx-doomed', { method: 'DELETE', headers: { 'Atomic-ID': uri } })).status, 204);
      assert.equal(await (await t.fetch('/tx-bin')).text(), 'before');
      assert.equal(await (await t.fetch('/tx-bin', { headers: { 'Atomic-ID': uri } })).text(), 'after');
      assert.equal((await t.fetch('/tx-doomed')).status, 200);
      assert.equal((await t.fetch('/tx-doomed', { headers: { 'Atomic-ID': uri } })).status, 410);
      assert.equal((await fetch(uri, { method: 'PUT' })).status, 204);
      assert.equal(await (await t.fetch('/tx-bin')).text(), 'after');
      assert.equal((await t.fetch('/tx-doomed')).status, 410);
    });

    test('§2.7/§5.22: an invalid, unknown or closed Atomic-ID on a resource request → 409', async () => {
      for (const bad of [
        'not a tx!',
        '00000000-0000-0000-0000-000000000000',
        `${t.url}/fcr:tx/zzz`,
        'http://elsewhere/rest/fcr:tx/abc',
      ]) {
        const r = await t.fetch('', { headers: { 'Atomic-ID': bad } });
        assert.equal(r.status, 409, bad);
        await r.text();
      }
      assert.equal((await t.fetch('/tx-409', { method: 'PUT', headers: { 'Atomic-ID': 'not a tx!' } })).status, 409);
      assert.equal((await t.fetch('/tx-409')).status, 404);
    });

    test('§2.7: a path a transaction wrote is locked: other writers get 409, a POST Slug gets a UUID', async () => {
      await putContainer(t, '/locks');
      const a = await begin(t);
      const b = await begin(t);
      assert.equal(
        (await t.fetch('/locks', { method: 'POST', headers: { 'Atomic-ID': a.uri, Slug: 'x' } })).status,
        201,
      );
      assert.equal((await t.fetch('/locks/x', { method: 'PUT' })).status, 409);
      assert.equal((await t.fetch('/locks/x', { method: 'PUT', headers: { 'Atomic-ID': b.uri } })).status, 409);
      assert.equal(
        (await t.fetch('/locks', { method: 'DELETE' })).status,
        409,
        'deleting a tree another transaction writes in',
      );
      const slug = await t.fetch('/locks', { method: 'POST', headers: { Slug: 'x' } });
      assert.equal(slug.status, 201);
      assert.notEqual(slug.headers.get('location'), `${t.url}/locks/x`);
      assert.equal((await fetch(a.uri, { method: 'PUT' })).status, 204);
      assert.equal((await t.fetch('/locks/x', { method: 'PUT' })).status, 204);
      assert.equal((await fetch(b.uri, { method: 'DELETE' })).status, 204);
    });

    test('§2.7: children added outside a transaction meanwhile survive its commit', async () => {
      await putContainer(t, '/merge');
      const { uri } = await begin(t);
      assert.equal(
        (await t.fetch('/merge', { method: 'POST', headers: { 'Atomic-ID': uri, Slug: 'inside' } })).status,
        201,
      );
      assert.equal((await t.fetch('/merge', { method: 'POST', headers: { Slug: 'outside' } })).status, 201);
      assert.equal((await fetch(uri, { method: 'PUT' })).status, 204);
      assert.deepEqual(containedUris(await (await t.fetch('/merge')).text()), [
        `${t.url}/merge/inside`,
        `${t.url}/merge/outside`,
      ]);
    });

    test('requests on a transaction endpoint with other methods → 405; GET /rest/fcr:tx → 405', async () => {
      const { uri } = await begin(t);
      assert.equal((await fetch(uri, { method: 'PATCH' })).status, 405);
      assert.equal((await t.fetch('/fcr:tx')).status, 405);
      await fetch(uri, { method: 'DELETE' });
    });
  });
}

describe('ldp server transaction expiry (lazy, no timers)', () => {
  test('§2.7: an expired transaction → 410 on its endpoint, 409 as Atomic-ID, and its writes and blobs are gone', async () => {
    const t = await startTemp('keyed', { txTimeoutMs: 0 });
    try {
      const { uri } = await begin(t);
      assert.equal((await fetch(uri)).status, 410);
      assert.equal((await t.fetch('/late', { method: 'PUT', headers: { 'Atomic-ID': uri } })).status, 409);
      assert.equal((await t.fetch('/late')).status, 404);
    } finally {
      await t.close();
    }
  });

  test('§2.7: blobs uploaded in a rolled back or expired transaction are dropped', async () => {
    const t = await startTemp('document', { txTimeoutMs: 60_000 });
    const { uri } = await begin(t);
    assert.equal(
      (
        await t.fetch('/gone-blob', {
          method: 'PUT',
          headers: { Link: NON_RDF, 'Atomic-ID': uri },
          body: Buffer.alloc(5000, 1),
        })
      ).status,
      201,
    );
    assert.equal((await fetch(uri, { method: 'DELETE' })).status, 204);
    assert.deepEqual(await t.closeAndListKeys('blob|'), []);
  });
});
