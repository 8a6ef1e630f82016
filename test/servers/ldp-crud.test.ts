/**
 * Creating, replacing and reading containers and binaries on the LDP reference server, pinned to
 * docs/protocols.md (Fedora 6.x column): §2.1 base, §2.2 creation and interaction models, §2.4
 * create responses, §2.6 flat UUID minting, §5.11, §5.12, §5.16, §5.17. Runs in both
 * containment modes: the HTTP behaviour must be identical.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import {
  BASIC,
  LDP,
  MODES,
  NON_RDF,
  containedUris,
  putBinary,
  putContainer,
  startTemp,
  typeLinks,
  type TestServer,
} from './ldp-harness.test.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const mode of MODES) {
  describe(`ldp server create and replace (${mode} containment)`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTemp(mode);
    });
    after(async () => {
      await t.close();
    });

    test('§2.1: the root /rest is a BasicContainer that always exists', async () => {
      assert.match(t.url, /^http:\/\/127\.0\.0\.1:\d+\/rest$/);
      for (const p of ['', '/']) {
        const r = await t.fetch(p);
        assert.equal(r.status, 200);
        assert.match(r.headers.get('content-type') ?? '', /^text\/turtle/);
        assert.ok(typeLinks(r).includes(`${LDP}BasicContainer`));
        await r.text();
      }
    });

    test('§2.2/§5.11: PUT creates a container → 201, Location, the URI as text/plain; again → 204', async () => {
      const r = await t.fetch('/crud-put', { method: 'PUT' });
      assert.equal(r.status, 201);
      assert.equal(r.headers.get('location'), `${t.url}/crud-put`);
      assert.match(r.headers.get('content-type') ?? '', /^text\/plain/);
      assert.equal(await r.text(), `${t.url}/crud-put`);
      const again = await t.fetch('/crud-put', {
        method: 'PUT',
        headers: { 'Content-Type': 'text/turtle' },
        body: '<> <http://purl.org/dc/terms/title> "x" .',
      });
      assert.equal(again.status, 204);
      assert.equal(await again.text(), '');
    });

    test('§5.11: Prefer: return=minimal → 201 with no body', async () => {
      const r = await t.fetch('/crud-minimal', { method: 'PUT', headers: { Prefer: 'return=minimal' } });
      assert.equal(r.status, 201);
      assert.equal(r.headers.get('location'), `${t.url}/crud-minimal`);
      assert.equal(await r.text(), '');
    });

    test('§2.4/§5.11: an Accept that excludes text/plain with no Prefer → 406, and nothing is created', async () => {
      for (const accept of ['application/json', 'text/turtle', 'text/plain;q=0, */*;q=0.1']) {
        const r = await t.fetch('/crud-406', { method: 'PUT', headers: { Accept: accept } });
        assert.equal(r.status, 406, accept);
        await r.text();
      }
      const post = await t.fetch('', { method: 'POST', headers: { Accept: 'application/ld+json', Slug: 'crud-406b' } });
      assert.equal(post.status, 406);
      await post.text();
      assert.equal((await t.fetch('/crud-406')).status, 404);
      assert.equal((await t.fetch('/crud-406b')).status, 404);
      const ok = await t.fetch('/crud-406', { method: 'PUT', headers: { Accept: 'text/*' } });
      assert.equal(ok.status, 201);
      await ok.text();
      const withPrefer = await t.fetch('/crud-406c', {
        method: 'PUT',
        headers: { Accept: 'application/json', Prefer: 'return=minimal' },
      });
      assert.equal(withPrefer.status, 201);
    });

    test('§2.2/§5.12: container or binary — the 6.x rule', async () => {
      const cases: Array<{
        path: string;
        headers: Record<string, string>;
        body?: string;
        binary: boolean;
        mime?: string;
      }> = [
        { path: '/m-link', headers: { Link: NON_RDF }, body: 'abc', binary: true, mime: 'application/octet-stream' },
        { path: '/m-text', headers: { 'Content-Type': 'text/plain' }, body: 'abc', binary: true, mime: 'text/plain' },
        { path: '/m-csv', headers: { 'Content-Type': 'text/csv' }, body: 'a,b', binary: true, mime: 'text/csv' },
        {
          path: '/m-turtle',
          headers: { 'Content-Type': 'text/turtle' },
          body: '<> <http://purl.org/dc/terms/title> "t" .',
          binary: false,
        },
        { path: '/m-none', headers: {}, body: '<> <http://purl.org/dc/terms/title> "t" .', binary: false },
        { path: '/m-empty-png', headers: { 'Content-Type': 'image/png' }, binary: false },
        {
          path: '/m-linked-png',
          headers: { 'Content-Type': 'image/png', Link: NON_RDF },
          body: 'PNG',
          binary: true,
          mime: 'image/png',
        },
      ];
      for (const c of cases) {
        // Bytes, not a string: fetch would add Content-Type: text/plain to a string body.
        const r = await t.fetch(c.path, {
          method: 'PUT',
          headers: c.headers,
          ...(c.body === undefined ? {} : { body: Buffer.from(c.body) }),
        });
        assert.equal(r.status, 201, c.path);
        await r.text();
        const g = await t.fetch(c.path);
        assert.equal(g.status, 200, c.path);
        assert.equal(typeLinks(g).includes(`${LDP}NonRDFSource`), c.binary, c.path);
        assert.equal(typeLinks(g).includes(`${LDP}BasicContainer`), !c.binary, c.path);
        if (c.mime !== undefined) assert.equal(g.headers.get('content-type'), c.mime, c.path);
        await g.arrayBuffer();
      }
    });

    test('§2.2: rel="type" models other than Basic/Direct/IndirectContainer and NonRDFSource → 400', async () => {
      for (const bad of [`${LDP}Resource`, `${LDP}RDFSource`, `${LDP}Container`, 'http://example.org/Thing']) {
        const r = await t.fetch('/bad-model', { method: 'PUT', headers: { Link: `<${bad}>; rel="type"` } });
        assert.equal(r.status, 400, bad);
        assert.match(await r.text(), /Invalid interaction model/);
      }
      const direct = await t.fetch('/direct', {
        method: 'PUT',
        headers: { Link: `<${LDP}DirectContainer>; rel="type"` },
      });
      assert.equal(direct.status, 201);
      assert.ok(typeLinks(await t.fetch('/direct')).includes(`${LDP}DirectContainer`));
    });

    test('§2.2: changing an interaction model → 409', async () => {
      await putContainer(t, '/im-container');
      assert.equal((await putBinary(t, '/im-container', 'bytes')).status, 409);
      const r = await t.fetch('/im-container', {
        method: 'PUT',
        headers: { 'Content-Type': 'image/png' },
        body: 'PNG',
      });
      assert.equal(r.status, 409);
      const direct = await t.fetch('/im-container', {
        method: 'PUT',
        headers: { Link: `<${LDP}DirectContainer>; rel="type"` },
      });
      assert.equal(direct.status, 409);
      assert.equal((await putBinary(t, '/im-binary', 'bytes')).status, 201);
      assert.equal((await t.fetch('/im-binary', { method: 'PUT', headers: { Link: BASIC } })).status, 409);
      const same = await t.fetch('/im-container', { method: 'PUT', headers: { Link: BASIC } });
      assert.equal(same.status, 204);
    });

    test('§2.2: an existing binary stays a binary when replaced without a link, whatever the type', async () => {
      assert.equal((await putBinary(t, '/keep-bin', 'one')).status, 201);
      const r = await t.fetch('/keep-bin', { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: 'two' });
      assert.equal(r.status, 204);
      const g = await t.fetch('/keep-bin');
      assert.equal(await g.text(), 'two');
      assert.equal(g.headers.get('content-type'), 'text/turtle');
    });

    test('§2.2: a container with an explicit container model and a non-RDF body → 415', async () => {
      const r = await t.fetch('/c415', {
        method: 'PUT',
        headers: { Link: BASIC, 'Content-Type': 'image/png' },
        body: 'PNG',
      });
      assert.equal(r.status, 415);
      assert.equal((await t.fetch('/c415')).status, 404);
    });

    test('§2.2/§5.16: POST with a Slug creates it; a taken Slug silently gets a UUID (never 409)', async () => {
      await putContainer(t, '/slugs');
      const first = await t.fetch('/slugs', { method: 'POST', headers: { Slug: 'item' } });
      assert.equal(first.status, 201);
      assert.equal(first.headers.get('location'), `${t.url}/slugs/item`);
      assert.equal(await first.text(), `${t.url}/slugs/item`);
      const second = await t.fetch('/slugs', { method: 'POST', headers: { Slug: 'item' } });
      assert.equal(second.status, 201);
      const loc = second.headers.get('location') ?? '';
      assert.ok(loc.startsWith(`${t.url}/slugs/`));
      assert.match(loc.slice(`${t.url}/slugs/`.length), UUID);
    });

    test('§2.2: the Slug is URL-decoded (6.x)', async () => {
      await putContainer(t, '/decoded');
      const r = await t.fetch('/decoded', { method: 'POST', headers: { Slug: 'my%20item' } });
      assert.equal(r.status, 201);
      assert.equal(r.headers.get('location'), `${t.url}/decoded/my%20item`);
      assert.equal((await t.fetch('/decoded/my%20item')).status, 200);
    });

    test('§2.2: a Slug sent as raw UTF-8 bytes names the resource it means', async () => {
      const r = await new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        const u = new URL(t.url);
        const req = request(
          {
            host: u.hostname,
            port: u.port,
            method: 'POST',
            path: '/rest',
            headers: { Slug: Buffer.from('café', 'utf8').toString('latin1') },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
          },
        );
        req.on('error', reject);
        req.end();
      });
      assert.equal(r.status, 201);
      assert.equal(r.location, `${t.url}/caf%C3%A9`);
    });

    test('§2.6/§5.17: POST without a Slug mints a flat UUID path', async () => {
      const r = await t.fetch('', { method: 'POST' });
      assert.equal(r.status, 201);
      const loc = r.headers.get('location') ?? '';
      assert.match(loc.slice(`${t.url}/`.length), UUID);
    });

    test('§2.2/§5.16: POST to a binary → 409; to a missing parent → 404', async () => {
      assert.equal((await putBinary(t, '/post-bin', 'x')).status, 201);
      const r = await t.fetch('/post-bin', { method: 'POST', headers: { Slug: 'child' } });
      assert.equal(r.status, 409);
      assert.equal((await t.fetch('/no-such-parent', { method: 'POST' })).status, 404);
    });

    test('§2.6: PUT with missing parents creates them as ordinary containers; under a binary → 409', async () => {
      const r = await t.fetch('/deep/er/leaf', { method: 'PUT' });
      assert.equal(r.status, 201);
      for (const p of ['/deep', '/deep/er']) {
        const g = await t.fetch(p);
        assert.equal(g.status, 200, p);
        assert.ok(typeLinks(g).includes(`${LDP}BasicContainer`));
      }
      assert.deepEqual(containedUris(await (await t.fetch('/deep/er')).text()), [`${t.url}/deep/er/leaf`]);
      assert.equal((await putBinary(t, '/file', 'x')).status, 201);
      assert.equal((await t.fetch('/file/child', { method: 'PUT' })).status, 409);
    });
  });
}
