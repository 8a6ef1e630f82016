/**
 * Malformed and hostile requests never crash the LDP reference server and never store anything:
 * bad percent-encoding, dot segments, encoded slashes, oversized headers, unknown methods,
 * truncated and aborted uploads (docs/protocols.md §2.2 on what a binary is; DESIGN: typed errors,
 * 4xx not crashes). After each, the server still answers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  MODES,
  NON_RDF,
  containedUris,
  putContainer,
  rawExchange,
  rawRequest,
  startTemp,
  truncatedUpload,
  type TestServer,
} from './ldp-harness.test.js';

for (const mode of MODES) {
  describe(`ldp server robustness (${mode} containment)`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTemp(mode, { binaryChunkBytes: 1024 });
    });
    after(async () => {
      await t.close();
    });

    test('bad paths → 400 (malformed %, bad UTF-8, dot segments, encoded slash, control characters); outside /rest → 404', async () => {
      const cases: Array<[string, number]> = [
        ['/rest/%zz', 400],
        ['/rest/a%2', 400],
        ['/rest/%C3%28', 400],
        ['/rest/a/../b', 400],
        ['/rest/./a', 400],
        ['/rest/%2e%2e/a', 400],
        ['/rest/a%2Fb', 400],
        ['/rest/a%00b', 400],
        ['/rest/a//b', 400],
        ['/other', 404],
        ['/', 404],
        ['/rest/a/fcr:versions', 404],
      ];
      for (const [path, status] of cases) {
        for (const method of ['GET', 'PUT']) {
          const r = await rawRequest(t.url, method, path);
          assert.equal(r.status, status, `${method} ${path}`);
          assert.match(String(r.headers['content-type']), /^text\/plain/);
        }
      }
      assert.equal((await t.fetch('')).status, 200);
    });

    test('a bad Slug → 400 (slash, dot segment, malformed escape, reserved fcr:)', async () => {
      for (const slug of ['a/b', '..', '%zz', 'fcr:metadata']) {
        const r = await rawRequest(t.url, 'POST', '/rest', { Slug: slug });
        assert.equal(r.status, 400, slug);
      }
    });

    test('huge request headers → 431, and the server lives on', async () => {
      const reply = await rawExchange(
        t.url,
        `GET /rest HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
      );
      assert.match(reply, /^HTTP\/1\.1 431 /);
      assert.equal((await t.fetch('')).status, 200);
    });

    test('a method Node parses but LDP does not serve → 405; a method no parser knows → 400', async () => {
      for (const method of ['PROPFIND', 'MOVE', 'COPY', 'TRACE']) {
        const r = await rawRequest(t.url, method, '/rest');
        assert.equal(r.status, 405, method);
        assert.ok(r.headers.allow);
      }
      const reply = await rawExchange(t.url, 'BREW /rest HTTP/1.1\r\nHost: x\r\n\r\n');
      assert.match(reply, /^HTTP\/1\.1 400 /);
      assert.equal((await t.fetch('')).status, 200);
    });

    test('garbage instead of HTTP → 400; a bare connection close is harmless', async () => {
      assert.match(await rawExchange(t.url, 'hello there\r\n\r\n'), /^HTTP\/1\.1 400 /);
      await rawExchange(t.url, '', { endAfterWrite: true });
      assert.equal((await t.fetch('')).status, 200);
    });

    test('a truncated PUT upload stores nothing, and nothing half-written is visible', async () => {
      await truncatedUpload(
        t.url,
        'PUT',
        '/rest/cut',
        { Link: NON_RDF, 'Content-Type': 'application/octet-stream' },
        200_000,
        50_000,
      );
      assert.equal((await t.fetch('/cut')).status, 404);
      assert.ok(!containedUris(await (await t.fetch('')).text()).includes(`${t.url}/cut`));
      assert.equal(
        (await t.fetch('/cut', { method: 'PUT', headers: { Link: NON_RDF }, body: Buffer.from('whole') })).status,
        201,
      );
      assert.equal(await (await t.fetch('/cut')).text(), 'whole');
    });

    test('a truncated POST upload and a truncated RDF body store nothing', async () => {
      await putContainer(t, '/cut-parent');
      await truncatedUpload(
        t.url,
        'POST',
        '/rest/cut-parent',
        { Slug: 'part', 'Content-Type': 'image/png' },
        100_000,
        3_000,
      );
      await truncatedUpload(t.url, 'PUT', '/rest/cut-rdf', { 'Content-Type': 'text/turtle' }, 10_000, 100);
      assert.deepEqual(containedUris(await (await t.fetch('/cut-parent')).text()), []);
      assert.equal((await t.fetch('/cut-parent/part')).status, 404);
      assert.equal((await t.fetch('/cut-rdf')).status, 404);
    });

    test('a replaced binary cut off mid-upload keeps its old content', async () => {
      assert.equal(
        (await t.fetch('/cut-keep', { method: 'PUT', headers: { Link: NON_RDF }, body: Buffer.from('original') }))
          .status,
        201,
      );
      await truncatedUpload(t.url, 'PUT', '/rest/cut-keep', { Link: NON_RDF }, 80_000, 20_000);
      assert.equal(await (await t.fetch('/cut-keep')).text(), 'original');
    });

    test('an unusable Host header falls back to the bound address in URIs', async () => {
      const r = await rawRequest(t.url, 'PUT', '/rest/host-check', { Host: 'bad host/<x>' });
      assert.equal(r.status, 201);
      assert.equal(r.headers.location, `${t.url}/host-check`);
    });
  });
}

describe('ldp server leaves no orphaned binary chunks', () => {
  test('after truncated uploads, digest failures and deletes, only live binaries have chunks', async () => {
    const t = await startTemp('keyed', { binaryChunkBytes: 1000 });
    await truncatedUpload(t.url, 'PUT', '/rest/o1', { Link: NON_RDF }, 100_000, 30_000);
    const bad = await t.fetch('/o2', {
      method: 'PUT',
      headers: { Link: NON_RDF, Digest: 'md5=00' },
      body: Buffer.alloc(5000),
    });
    assert.equal(bad.status, 409);
    assert.equal(
      (await t.fetch('/o3', { method: 'PUT', headers: { Link: NON_RDF }, body: Buffer.alloc(5000) })).status,
      201,
    );
    assert.equal(
      (await t.fetch('/o3', { method: 'PUT', headers: { Link: NON_RDF }, body: Buffer.alloc(3000) })).status,
      204,
    );
    assert.equal(
      (await t.fetch('/o4', { method: 'PUT', headers: { Link: NON_RDF }, body: Buffer.alloc(4000) })).status,
      201,
    );
    assert.equal((await t.fetch('/o4', { method: 'DELETE' })).status, 204);
    const keys = await t.closeAndListKeys('blob|');
    assert.equal(keys.length, 3, `only /o3's three 1000-byte chunks remain: ${keys.join(' ')}`);
    assert.equal(new Set(keys.map((k) => k.split('|')[1])).size, 1);
  });
});
