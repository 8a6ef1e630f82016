/**
 * Fedora 3 reference server — datastream content dissemination (§1.4 and §5 item 9 of
 * docs/protocols.md): headers, HEAD, conditional requests, ranges.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  type Harness,
  addManaged,
  createObject,
  freshPid,
  httpRequest,
  startHarness,
  tag,
} from './fedora3-harness.test.js';

let h: Harness;
let pid: string;
const data = randomBytes(700 * 1024); // spans several 256 KiB storage chunks
let profileXml = '';

before(async () => {
  h = await startHarness();
  pid = freshPid('content');
  await createObject(h, pid);
  const res = await addManaged(h, pid, 'BIN', data, '&dsLabel=', 'application/octet-stream');
  assert.equal(res.status, 201);
  profileXml = await res.text();
});
after(async () => {
  await h.stop();
});

const contentUrl = (): string => `${h.url}/objects/${pid}/datastreams/BIN/content`;

describe('§1.4 GET …/content', () => {
  test('200 with Content-Type = dsMIME, Content-Length, Accept-Ranges, unquoted ETag, Last-Modified, inline disposition', async () => {
    const res = await fetch(contentUrl());
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/octet-stream');
    assert.equal(res.headers.get('content-length'), String(data.length));
    assert.equal(res.headers.get('accept-ranges'), 'bytes');
    const etag = res.headers.get('etag') ?? '';
    assert.match(etag, /^[0-9a-f]{32}$/, 'no checksum: MD5 hex of pid, dsID, versionID and create time; unquoted');
    const created = Date.parse(tag(profileXml, 'dsCreateDate') ?? '');
    assert.equal(etag, createHash('md5').update(`${pid}BIN${'BIN.0'}${created}`).digest('hex'));
    assert.equal(res.headers.get('last-modified'), new Date(created).toUTCString());
    assert.equal(res.headers.get('content-disposition'), 'inline; filename="BIN.bin"');
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(data), 'bytes round-trip across chunks');
  });

  test('the ETag is the checksum when there is one', async () => {
    const p2 = freshPid('etag');
    await createObject(h, p2);
    await addManaged(h, p2, 'SUM', 'abc', '&checksumType=SHA-256&dsLabel=report.txt', 'text/plain');
    const res = await fetch(`${h.url}/objects/${p2}/datastreams/SUM/content`);
    assert.equal(res.headers.get('etag'), createHash('sha256').update('abc').digest('hex'));
    assert.equal(res.headers.get('content-disposition'), 'inline; filename="report.txt"', 'the label names the file');
  });

  test('download=true → Content-Disposition: attachment', async () => {
    const res = await fetch(`${contentUrl()}?download=true`);
    assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="/);
    await res.arrayBuffer();
  });

  test('HEAD: the same headers, Content-Length = dsSize, no body (§1.4)', async () => {
    const res = await httpRequest(h, 'HEAD', new URL(contentUrl()).pathname);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-length'], String(data.length));
    assert.equal(res.headers['content-type'], 'application/octet-stream');
    assert.equal(res.headers['accept-ranges'], 'bytes');
    assert.ok(res.headers.etag);
    assert.equal(res.body.length, 0);
  });

  test('a missing datastream → 404 text/plain; a missing object → 404', async () => {
    const res = await fetch(`${h.url}/objects/${pid}/datastreams/NONE/content`);
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal((await fetch(`${h.url}/objects/test:none/datastreams/BIN/content`)).status, 404);
  });
});

describe('§1.4 conditional requests', () => {
  test('If-None-Match with the ETag (quoted or not) → 304 without a body', async () => {
    const etag = (await fetch(contentUrl(), { method: 'HEAD' })).headers.get('etag') ?? '';
    for (const value of [etag, `"${etag}"`, `W/"${etag}"`, '"other", ' + etag]) {
      const res = await httpRequest(h, 'GET', new URL(contentUrl()).pathname, { 'If-None-Match': value });
      assert.equal(res.status, 304, value);
      assert.equal(res.body.length, 0);
      assert.equal(res.headers.etag, etag);
    }
    const other = await httpRequest(h, 'GET', new URL(contentUrl()).pathname, { 'If-None-Match': '"nope"' });
    assert.equal(other.status, 200);
  });

  test('If-Modified-Since at or after Last-Modified → 304; before → 200', async () => {
    const lm = (await fetch(contentUrl(), { method: 'HEAD' })).headers.get('last-modified') ?? '';
    const same = await httpRequest(h, 'GET', new URL(contentUrl()).pathname, { 'If-Modified-Since': lm });
    assert.equal(same.status, 304);
    const earlier = new Date(Date.parse(lm) - 60_000).toUTCString();
    const changed = await httpRequest(h, 'GET', new URL(contentUrl()).pathname, { 'If-Modified-Since': earlier });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.length, data.length);
  });
});

describe('§1.4 ranges', () => {
  const path = (): string => new URL(contentUrl()).pathname;

  test('bytes=a-b → 206 with Content-Range and exactly those bytes, across a chunk boundary', async () => {
    const start = 256 * 1024 - 10;
    const end = 256 * 1024 + 9;
    const res = await httpRequest(h, 'GET', path(), { Range: `bytes=${start}-${end}` });
    assert.equal(res.status, 206);
    assert.equal(res.headers['content-range'], `bytes ${start}-${end}/${data.length}`);
    assert.equal(res.headers['content-length'], '20');
    assert.ok(res.body.equals(data.subarray(start, end + 1)));
  });

  test('open-ended and suffix ranges', async () => {
    const open = await httpRequest(h, 'GET', path(), { Range: `bytes=${data.length - 5}-` });
    assert.equal(open.status, 206);
    assert.ok(open.body.equals(data.subarray(data.length - 5)));
    const suffix = await httpRequest(h, 'GET', path(), { Range: 'bytes=-7' });
    assert.equal(suffix.headers['content-range'], `bytes ${data.length - 7}-${data.length - 1}/${data.length}`);
    assert.ok(suffix.body.equals(data.subarray(data.length - 7)));
  });

  test('an unsatisfiable range → 416 with Content-Range: bytes */size (§1.6)', async () => {
    const res = await httpRequest(h, 'GET', path(), { Range: `bytes=${data.length}-` });
    assert.equal(res.status, 416);
    assert.equal(res.headers['content-range'], `bytes */${data.length}`);
  });

  test('a malformed or multi-part Range is ignored: 200 with the whole body', async () => {
    for (const r of ['bytes=abc', 'items=0-1', 'bytes=0-1,5-6']) {
      const res = await httpRequest(h, 'GET', path(), { Range: r });
      assert.equal(res.status, 200, r);
      assert.equal(res.body.length, data.length);
    }
  });

  test('If-Range with a different ETag ignores the Range', async () => {
    const res = await httpRequest(h, 'GET', path(), { Range: 'bytes=0-9', 'If-Range': '"stale"' });
    assert.equal(res.status, 200);
  });
});
