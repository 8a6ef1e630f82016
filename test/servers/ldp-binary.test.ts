/**
 * Binaries on the LDP reference server: stored content and headers (§2.2 Content-Disposition,
 * §2.4 binary headers, §5.19), ranges, fixity on the way in (§2.3 Digest, §5.13, §5.14) and out
 * (§2.3 Want-Digest, §5.15), and conditional requests (§2.4, §5.20). Both containment modes, with
 * a small chunk size so bodies and ranges cross LevelDB chunk boundaries.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  LDP,
  MODES,
  NON_RDF,
  containedUris,
  links,
  putBinary,
  putContainer,
  startTemp,
  typeLinks,
  type TestServer,
} from './ldp-harness.test.js';

const hex = (alg: string, data: string | Buffer): string => createHash(alg).update(data).digest('hex');
const BODY = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz'.repeat(30)); // 1080 bytes

for (const mode of MODES) {
  describe(`ldp server binaries (${mode} containment)`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTemp(mode, { binaryChunkBytes: 100 });
    });
    after(async () => {
      await t.close();
    });

    test('§2.4/§5.19: GET returns the bytes with Content-Type, Content-Length, Accept-Ranges, strong ETag, links, Allow', async () => {
      const put = await putBinary(t, '/b-headers', BODY, { 'Content-Type': 'image/png' });
      assert.equal(put.status, 201);
      const r = await t.fetch('/b-headers');
      assert.equal(r.status, 200);
      assert.deepEqual(Buffer.from(await r.arrayBuffer()), BODY);
      assert.equal(r.headers.get('content-type'), 'image/png');
      assert.equal(r.headers.get('content-length'), String(BODY.length));
      assert.equal(r.headers.get('accept-ranges'), 'bytes');
      const etag = r.headers.get('etag') ?? '';
      assert.match(etag, /^"[0-9A-F]{32}"$/, 'strong, quoted, upper-case MD5 state token');
      assert.equal(r.headers.get('x-state-token'), etag.slice(1, -1));
      assert.ok(r.headers.get('last-modified'));
      assert.equal(r.headers.get('allow'), 'DELETE, HEAD, GET, PUT, OPTIONS');
      assert.deepEqual(
        links(r)
          .filter((l) => l.rel === 'describedby')
          .map((l) => l.uri),
        [`${t.url}/b-headers/fcr:metadata`],
      );
      const types = typeLinks(r);
      assert.ok(types.includes(`${LDP}NonRDFSource`) && types.includes(`${LDP}Resource`));
      const head = await t.fetch('/b-headers', { method: 'HEAD' });
      assert.equal(head.headers.get('content-length'), String(BODY.length));
      assert.equal(head.headers.get('etag'), etag);
    });

    test('§2.2: Content-Disposition filename is stored and echoed with dates and size; default type octet-stream', async () => {
      const r = await t.fetch('/b-disp', {
        method: 'PUT',
        headers: { Link: NON_RDF, 'Content-Disposition': 'attachment; filename="photo.png"' },
        body: Buffer.from('12345'),
      });
      assert.equal(r.status, 201);
      const g = await t.fetch('/b-disp');
      assert.equal(g.headers.get('content-type'), 'application/octet-stream');
      assert.match(
        g.headers.get('content-disposition') ?? '',
        /^attachment; filename="photo\.png"; creation-date="[^"]+ GMT"; modification-date="[^"]+ GMT"; size=5$/,
      );
    });

    test('§2.2: a non-ASCII file name is echoed as an ASCII filename plus filename* (RFC 6266)', async () => {
      const r = await t.fetch('/b-euro', {
        method: 'PUT',
        headers: { Link: NON_RDF, 'Content-Disposition': "attachment; filename*=UTF-8''%E2%82%AC%20rates.txt" },
        body: Buffer.from('1.08'),
      });
      assert.equal(r.status, 201);
      const cd = (await t.fetch('/b-euro', { method: 'HEAD' })).headers.get('content-disposition') ?? '';
      assert.match(
        cd,
        /^attachment; filename="_ rates\.txt"; filename\*=UTF-8''%E2%82%AC%20rates\.txt; creation-date=/,
      );
      const meta = await (await t.fetch('/b-euro/fcr:metadata')).text();
      assert.match(meta, /ebucore:filename "€ rates\.txt"/);
    });

    test('§2.4: Range → 206 with Content-Range (across chunks); unsatisfiable → 416', async () => {
      await putBinary(t, '/b-range', BODY);
      const mid = await t.fetch('/b-range', { headers: { Range: 'bytes=95-305' } });
      assert.equal(mid.status, 206);
      assert.equal(mid.headers.get('content-range'), `bytes 95-305/${BODY.length}`);
      assert.deepEqual(Buffer.from(await mid.arrayBuffer()), BODY.subarray(95, 306));
      const suffix = await t.fetch('/b-range', { headers: { Range: 'bytes=-7' } });
      assert.equal(suffix.status, 206);
      assert.deepEqual(Buffer.from(await suffix.arrayBuffer()), BODY.subarray(BODY.length - 7));
      const open = await t.fetch('/b-range', { headers: { Range: 'bytes=1000-' } });
      assert.deepEqual(Buffer.from(await open.arrayBuffer()), BODY.subarray(1000));
      const bad = await t.fetch('/b-range', { headers: { Range: `bytes=${BODY.length}-` } });
      assert.equal(bad.status, 416);
      assert.equal(bad.headers.get('content-range'), `bytes */${BODY.length}`);
    });

    test('§2.3/§5.15: Want-Digest → Digest (hex); the same on HEAD; q=0 excludes; nothing supported → 400', async () => {
      await putBinary(t, '/b-want', BODY);
      const g = await t.fetch('/b-want', { headers: { 'Want-Digest': 'sha-256' } });
      assert.equal(g.headers.get('digest'), `sha-256=${hex('sha256', BODY)}`);
      await g.arrayBuffer();
      const h = await t.fetch('/b-want', { method: 'HEAD', headers: { 'Want-Digest': 'sha-256' } });
      assert.equal(h.headers.get('digest'), g.headers.get('digest'));
      const two = await t.fetch('/b-want', { headers: { 'Want-Digest': 'md5, sha;q=0.3' } });
      assert.equal(two.headers.get('digest'), `md5=${hex('md5', BODY)}, sha=${hex('sha1', BODY)}`);
      await two.arrayBuffer();
      const headTwo = await t.fetch('/b-want', { method: 'HEAD', headers: { 'Want-Digest': 'md5, sha;q=0.3' } });
      assert.equal(headTwo.headers.get('digest'), two.headers.get('digest'));
      const excluded = await t.fetch('/b-want', { headers: { 'Want-Digest': 'md5;q=0, SHA-512' } });
      assert.equal(excluded.headers.get('digest'), `sha-512=${hex('sha512', BODY)}`);
      await excluded.arrayBuffer();
      for (const none of ['sha;q=0', 'sha-1', 'crc32c']) {
        const r = await t.fetch('/b-want', { headers: { 'Want-Digest': none } });
        assert.equal(r.status, 400, none);
        await r.text();
      }
    });

    test('§2.3/§5.13: Digest with every 6.x token (hex, case-insensitive, several at once) is accepted', async () => {
      const body = Buffer.from('fixity matters');
      const headers = [
        `sha=${hex('sha1', body)}`,
        `SHA-256=${hex('sha256', body)}`,
        `sha256=${hex('sha256', body)}`,
        `sha-512=${hex('sha512', body)}`,
        `Sha512=${hex('sha512', body)}`,
        `sha-512/256=${hex('sha512-256', body)}`,
        `MD5=${hex('md5', body)}`,
        `md5=${hex('md5', body)}, sha-256=${hex('sha256', body)}`,
      ];
      for (const [i, digest] of headers.entries()) {
        const r = await putBinary(t, `/b-digest-${i}`, body, { Digest: digest });
        assert.equal(r.status, 201, digest);
        await r.text();
      }
    });

    test('§2.3/§5.14: a digest mismatch → 409 text/plain and nothing is stored (PUT and POST)', async () => {
      const body = Buffer.from('the real content');
      for (const digest of ['md5=1234', `md5=${hex('md5', body)}, sha-256=${'0'.repeat(64)}`]) {
        const r = await putBinary(t, '/b-mismatch', body, { Digest: digest });
        assert.equal(r.status, 409, digest);
        assert.match(r.headers.get('content-type') ?? '', /^text\/plain/);
        await r.text();
        assert.equal((await t.fetch('/b-mismatch')).status, 404);
      }
      await putContainer(t, '/b-mismatch-parent');
      const post = await t.fetch('/b-mismatch-parent', {
        method: 'POST',
        headers: { Link: NON_RDF, Slug: 'x', Digest: 'sha-256=abc' },
        body,
      });
      assert.equal(post.status, 409);
      assert.deepEqual(containedUris(await (await t.fetch('/b-mismatch-parent')).text()), []);
    });

    test('§2.3: replacing a binary with a wrong digest → 409 and the old content stays', async () => {
      await putBinary(t, '/b-keep', 'old');
      const r = await putBinary(t, '/b-keep', 'new', { Digest: `md5=${hex('md5', 'old')}` });
      assert.equal(r.status, 409);
      assert.equal(await (await t.fetch('/b-keep')).text(), 'old');
    });

    test('§2.3/§5.14: unsupported algorithm → 400 (sha1= and sha-1= too, 6.x); malformed pair → 400', async () => {
      const body = Buffer.from('abc');
      for (const digest of [
        `sha1=${hex('sha1', body)}`,
        `sha-1=${hex('sha1', body)}`,
        'abc=abc',
        `md5=${hex('md5', body)},SHA:y`,
        'md5',
      ]) {
        const r = await putBinary(t, '/b-unsupported', body, { Digest: digest });
        assert.equal(r.status, 400, digest);
        await r.text();
      }
      assert.equal((await t.fetch('/b-unsupported')).status, 404);
    });

    test('§2.4: an Accept that does not match the binary type → 406', async () => {
      await putBinary(t, '/b-accept', 'PNG', { 'Content-Type': 'image/png' });
      assert.equal((await t.fetch('/b-accept', { headers: { Accept: 'text/turtle' } })).status, 406);
      assert.equal((await t.fetch('/b-accept', { headers: { Accept: 'image/*' } })).status, 200);
    });

    test('§2.4/§5.20: If-None-Match → 304; If-Match mismatch → 412; dates compared at second precision', async () => {
      await putBinary(t, '/b-cond', 'v1');
      const g = await t.fetch('/b-cond');
      const etag = g.headers.get('etag') ?? '';
      const lastModified = g.headers.get('last-modified') ?? '';
      await g.text();
      const nm = await t.fetch('/b-cond', { headers: { 'If-None-Match': etag } });
      assert.equal(nm.status, 304);
      assert.equal(nm.headers.get('etag'), etag);
      assert.equal((await t.fetch('/b-cond', { headers: { 'If-None-Match': '"OTHER"' } })).status, 200);
      assert.equal((await t.fetch('/b-cond', { headers: { 'If-Modified-Since': lastModified } })).status, 304);
      const earlier = new Date(Date.parse(lastModified) - 10_000).toUTCString();
      assert.equal((await t.fetch('/b-cond', { headers: { 'If-Modified-Since': earlier } })).status, 200);
      assert.equal((await putBinary(t, '/b-cond', 'v2', { 'If-Unmodified-Since': earlier })).status, 412);
      assert.equal((await putBinary(t, '/b-cond', 'v2', { 'If-Match': '"0000"' })).status, 412);
      assert.equal((await putBinary(t, '/b-cond', 'v2', { 'If-None-Match': '*' })).status, 412);
      assert.equal((await t.fetch('/b-cond', { method: 'DELETE', headers: { 'If-Match': '"0000"' } })).status, 412);
      assert.equal(await (await t.fetch('/b-cond')).text(), 'v1');
      const ok = await putBinary(t, '/b-cond', 'v2', { 'If-Match': etag, 'If-Unmodified-Since': lastModified });
      assert.equal(ok.status, 204);
      assert.notEqual(ok.headers.get('etag'), etag);
      assert.equal(await (await t.fetch('/b-cond')).text(), 'v2');
      assert.equal((await putBinary(t, '/b-cond-new', 'x', { 'If-Match': '*' })).status, 412);
    });

    test('a multi-chunk body round-trips byte for byte, and POST creates binaries too', async () => {
      const big = randomBytes(64 * 1024 + 37);
      await putContainer(t, '/b-big');
      const r = await t.fetch('/b-big', {
        method: 'POST',
        headers: { Slug: 'blob', 'Content-Type': 'application/x-test', Digest: `sha-256=${hex('sha256', big)}` },
        body: big,
      });
      assert.equal(r.status, 201);
      const g = await t.fetch('/b-big/blob', { headers: { 'Want-Digest': 'sha-256' } });
      assert.equal(g.headers.get('digest'), `sha-256=${hex('sha256', big)}`);
      assert.deepEqual(Buffer.from(await g.arrayBuffer()), big);
    });

    test('an empty binary is a binary of size 0', async () => {
      const r = await t.fetch('/b-empty', { method: 'PUT', headers: { Link: NON_RDF } });
      assert.equal(r.status, 201);
      const g = await t.fetch('/b-empty');
      assert.equal(g.headers.get('content-length'), '0');
      assert.equal(await g.text(), '');
      assert.match(g.headers.get('content-disposition') ?? '', /size=0$/);
    });
  });
}
