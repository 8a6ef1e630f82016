/**
 * Reading containers and binary descriptions on the LDP reference server (docs/protocols.md §2.4,
 * §5.19, §5.20, §5.23): listings with and without PreferContainment, container headers and weak
 * ETags, stored RDF, fcr:metadata, OPTIONS and unsupported methods. Both containment modes: the
 * listing must read the same whether children are keys or one document.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  LDP,
  MODES,
  containedUris,
  links,
  putBinary,
  putContainer,
  startTemp,
  typeLinks,
  type TestServer,
} from './ldp-harness.test.js';

for (const mode of MODES) {
  describe(`ldp server containers and descriptions (${mode} containment)`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTemp(mode);
    });
    after(async () => {
      await t.close();
    });

    test('§2.4/§5.23: a container lists every child with ldp:contains unless PreferContainment is omitted', async () => {
      await putContainer(t, '/list');
      for (const s of ['b', 'a', 'c']) await (await t.fetch('/list', { method: 'POST', headers: { Slug: s } })).text();
      assert.equal((await putBinary(t, '/list/z-bin', 'z')).status, 201);
      const full = await t.fetch('/list');
      assert.equal(full.status, 200);
      assert.deepEqual(
        containedUris(await full.text()),
        ['a', 'b', 'c', 'z-bin'].map((n) => `${t.url}/list/${n}`),
      );
      const omit = await t.fetch('/list', {
        headers: { Prefer: `return=representation; omit="${LDP}PreferContainment"` },
      });
      const body = await omit.text();
      assert.equal(omit.headers.get('preference-applied'), 'return=representation');
      assert.ok(!body.includes('ldp:contains'));
      assert.match(body, /ldp:BasicContainer/);
    });

    test('§2.4: container headers — weak ETag, type links, Allow, Accept-Post; the ETag moves with the listing', async () => {
      await putContainer(t, '/hdr');
      const r = await t.fetch('/hdr');
      const etag = r.headers.get('etag') ?? '';
      assert.match(etag, /^W\/"[0-9A-F]{32}"$/);
      assert.equal(r.headers.get('x-state-token'), etag.slice(3, -1));
      assert.ok(r.headers.get('last-modified'));
      const types = typeLinks(r);
      assert.ok(types.includes(`${LDP}BasicContainer`) && types.includes(`${LDP}Resource`));
      assert.match(r.headers.get('allow') ?? '', /POST/);
      assert.match(r.headers.get('accept-post') ?? '', /text\/turtle/);
      assert.equal((await t.fetch('/hdr', { headers: { 'If-None-Match': etag } })).status, 304);
      await (await t.fetch('/hdr', { method: 'POST' })).text();
      const after = await t.fetch('/hdr', { headers: { 'If-None-Match': etag } });
      assert.equal(after.status, 200);
      assert.notEqual(after.headers.get('etag'), etag);
    });

    test('§2.2: RDF a client PUTs on a container is stored and served back', async () => {
      const turtle = '<> <http://purl.org/dc/terms/title> "Stored title" .';
      await putContainer(t, '/rdf-echo', { 'Content-Type': 'text/turtle' });
      assert.equal(
        (await t.fetch('/rdf-echo', { method: 'PUT', headers: { 'Content-Type': 'text/turtle' }, body: turtle }))
          .status,
        204,
      );
      const body = await (await t.fetch('/rdf-echo')).text();
      assert.ok(body.includes(turtle));
      assert.ok(body.includes(`@base <${t.url}/rdf-echo>`));
      const json = await t.fetch('/rdf-echo', { headers: { Accept: 'application/ld+json' } });
      assert.equal(json.headers.get('content-type'), 'application/ld+json');
      assert.equal((JSON.parse(await json.text()) as Array<{ '@id': string }>)[0]?.['@id'], `${t.url}/rdf-echo`);
      assert.equal((await t.fetch('/rdf-echo', { headers: { Accept: 'image/png' } })).status, 406);
    });

    test('§2.4: fcr:metadata describes a binary (rel="describes"); DELETE on it → 405; none on containers', async () => {
      assert.equal((await putBinary(t, '/described', 'hello', { 'Content-Type': 'text/plain' })).status, 201);
      const m = await t.fetch('/described/fcr:metadata');
      assert.equal(m.status, 200);
      assert.match(m.headers.get('content-type') ?? '', /^text\/turtle/);
      assert.deepEqual(
        links(m)
          .filter((l) => l.rel === 'describes')
          .map((l) => l.uri),
        [`${t.url}/described`],
      );
      const body = await m.text();
      assert.match(body, /premis:hasSize "5"/);
      assert.match(body, /ebucore:hasMimeType "text\/plain"/);
      const del = await t.fetch('/described/fcr:metadata', { method: 'DELETE' });
      assert.equal(del.status, 405);
      assert.ok(del.headers.get('allow'));
      assert.equal((await t.fetch('/described')).status, 200);
      await putContainer(t, '/not-binary');
      assert.equal((await t.fetch('/not-binary/fcr:metadata')).status, 404);
      const desc = '<> <http://purl.org/dc/terms/title> "A description" .';
      assert.equal(
        (
          await t.fetch('/described/fcr:metadata', {
            method: 'PUT',
            headers: { 'Content-Type': 'text/turtle' },
            body: desc,
          })
        ).status,
        204,
      );
      assert.ok((await (await t.fetch('/described/fcr:metadata')).text()).includes(desc));
    });

    test('OPTIONS → 200 with Allow; unsupported methods → 405 with Allow', async () => {
      await putContainer(t, '/opts');
      const o = await t.fetch('/opts', { method: 'OPTIONS' });
      assert.equal(o.status, 200);
      assert.match(o.headers.get('allow') ?? '', /GET/);
      for (const method of ['PATCH', 'PROPFIND', 'MOVE']) {
        const r = await t.fetch('/opts', { method });
        assert.equal(r.status, 405, method);
        assert.match(r.headers.get('allow') ?? '', /GET/);
      }
    });

    test('a missing resource → 404 text/plain', async () => {
      const r = await t.fetch('/never-created');
      assert.equal(r.status, 404);
      assert.match(r.headers.get('content-type') ?? '', /^text\/plain/);
    });
  });
}
