/**
 * Fedora 3 reference server — adding, modifying, reading and purging datastreams (§1.3, §1.4, §5
 * items 4-8 of docs/protocols.md).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type Harness,
  PROFILE_ORDER,
  addManaged,
  childNames,
  httpRequest,
  newObject as newObjectOn,
  startHarness,
  tag,
} from './fedora3-harness.test.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.stop();
});

const newObject = (): Promise<string> => newObjectOn(h, 'ds');

describe('§1.3 POST …/datastreams/{dsID}', () => {
  test('a managed raw body: 201, Location, text/xml datastreamProfile in documented order (§1.3, §5 item 6)', async () => {
    const pid = await newObject();
    const res = await addManaged(h, pid, 'DS1', 'hello world', '&dsLabel=Greeting');
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('location'), `${h.url}/objects/${pid}/datastreams/DS1`);
    assert.equal(res.headers.get('content-type'), 'text/xml');
    const xml = await res.text();
    assert.match(
      xml,
      new RegExp(
        `<datastreamProfile xmlns="http://www\\.fedora\\.info/definitions/1/0/management/"[^>]* pid="${pid}" dsID="DS1"`,
      ),
    );
    assert.deepEqual(childNames(xml, 'datastreamProfile'), PROFILE_ORDER);
    assert.equal(tag(xml, 'dsLabel'), 'Greeting');
    assert.equal(tag(xml, 'dsVersionID'), 'DS1.0');
    assert.equal(tag(xml, 'dsState'), 'A');
    assert.equal(tag(xml, 'dsMIME'), 'application/octet-stream');
    assert.equal(tag(xml, 'dsControlGroup'), 'M');
    assert.equal(tag(xml, 'dsSize'), '11');
    assert.equal(tag(xml, 'dsVersionable'), 'true');
    assert.equal(tag(xml, 'dsLocation'), `${pid}+DS1+DS1.0`);
    assert.equal(tag(xml, 'dsLocationType'), 'INTERNAL_ID');
    assert.equal(tag(xml, 'dsChecksumType'), 'DISABLED', 'checksums are off by default');
    assert.equal(tag(xml, 'dsChecksum'), 'none');
  });

  test('a chunked body (no Content-Length) is stored whole', async () => {
    const pid = await newObject();
    const parts = ['first,', 'second,', 'third'];
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        const p = parts.shift();
        if (p === undefined) c.close();
        else c.enqueue(new TextEncoder().encode(p));
      },
    });
    const res = await fetch(`${h.url}/objects/${pid}/datastreams/CHUNKED?controlGroup=M&mimeType=text/plain`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    assert.equal(res.status, 201);
    assert.equal(
      await (await fetch(`${h.url}/objects/${pid}/datastreams/CHUNKED/content`)).text(),
      'first,second,third',
    );
  });

  test('multipart/form-data: the first file part is the content and its type the MIME (§1.3)', async () => {
    const pid = await newObject();
    const form = new FormData();
    form.append('note', 'a form field, ignored');
    form.append('file', new Blob(['part one'], { type: 'image/png' }), 'one.png');
    form.append('file2', new Blob(['part two'], { type: 'text/plain' }), 'two.txt');
    const res = await fetch(`${h.url}/objects/${pid}/datastreams/MP?controlGroup=M`, { method: 'POST', body: form });
    assert.equal(res.status, 201);
    assert.equal(tag(await res.text(), 'dsMIME'), 'image/png');
    assert.equal(await (await fetch(`${h.url}/objects/${pid}/datastreams/MP/content`)).text(), 'part one');
  });

  test('MIME precedence: mimeType parameter over the body Content-Type (§5 item 5)', async () => {
    const pid = await newObject();
    const res = await addManaged(h, pid, 'MIME', 'x', '&mimeType=application/pdf', 'text/plain');
    assert.equal(tag(await res.text(), 'dsMIME'), 'application/pdf');
  });

  test('no mimeType and no Content-Type anywhere → 400 (§1.3, §5 item 5)', async () => {
    const pid = await newObject();
    const res = await httpRequest(
      h,
      'POST',
      `/fedora/objects/${pid}/datastreams/NOMIME?controlGroup=M`,
      { 'Content-Length': 3 },
      'abc',
    );
    assert.equal(res.status, 400);
    assert.equal((await fetch(`${h.url}/objects/${pid}/datastreams/NOMIME?format=xml`)).status, 404, 'nothing stored');
  });

  test('no content and no dsLocation for X or M → 400 with an empty body (§1.3)', async () => {
    const pid = await newObject();
    for (const group of ['M', 'X']) {
      const res = await fetch(`${h.url}/objects/${pid}/datastreams/EMPTY?controlGroup=${group}&mimeType=text/plain`, {
        method: 'POST',
      });
      assert.equal(res.status, 400, group);
      assert.equal(await res.text(), '');
    }
  });

  test('a missing object → 404 text/plain (§1.3, §5 item 8)', async () => {
    const res = await addManaged(h, 'test:no-such-object', 'DS1', 'x');
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  });

  test('invalid datastream IDs → 500: over 64 characters, + : or space, reserved (§1.1)', async () => {
    const pid = await newObject();
    for (const id of ['D'.repeat(65), 'a+b', 'a%3Ab', 'a%20b', 'AUDIT', 'FEDORA-AUDITTRAIL']) {
      const res = await addManaged(h, pid, id, 'x');
      assert.equal(res.status, 500, id);
    }
    assert.equal((await addManaged(h, pid, 'D'.repeat(64), 'x')).status, 201, '64 characters are fine');
  });

  test('controlGroup defaults to X: well-formed-looking XML is accepted, a binary is 500 (§1.3, §5 item 4)', async () => {
    const pid = await newObject();
    const ok = await fetch(`${h.url}/objects/${pid}/datastreams/XML`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml' },
      body: '<root><a/></root>\n',
    });
    assert.equal(ok.status, 201);
    assert.equal(tag(await ok.text(), 'dsControlGroup'), 'X');
    const bad = await fetch(`${h.url}/objects/${pid}/datastreams/BIN`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array([0, 1, 2, 3]),
    });
    assert.equal(bad.status, 500);
    assert.equal((await fetch(`${h.url}/objects/${pid}/datastreams/BIN?format=xml`)).status, 404, 'nothing stored');
  });

  test('controlGroup R/E: dsLocation is stored, content answers 307 to it; without dsLocation → 500', async () => {
    const pid = await newObject();
    const target = 'http://127.0.0.1:9/elsewhere';
    const res = await fetch(
      `${h.url}/objects/${pid}/datastreams/REF?controlGroup=R&mimeType=text/html&dsLocation=${encodeURIComponent(target)}`,
      { method: 'POST' },
    );
    assert.equal(res.status, 201);
    const xml = await res.text();
    assert.equal(tag(xml, 'dsLocation'), target);
    assert.equal(tag(xml, 'dsLocationType'), 'URL');
    const content = await fetch(`${h.url}/objects/${pid}/datastreams/REF/content`, { redirect: 'manual' });
    assert.equal(content.status, 307);
    assert.equal(content.headers.get('location'), target);
    assert.equal(
      (await fetch(`${h.url}/objects/${pid}/datastreams/EXT?controlGroup=E&mimeType=text/html`, { method: 'POST' }))
        .status,
      500,
    );
  });

  test('an unknown control group → 500', async () => {
    const pid = await newObject();
    const res = await fetch(`${h.url}/objects/${pid}/datastreams/CG?controlGroup=Q&mimeType=text/plain`, {
      method: 'POST',
      body: 'x',
    });
    assert.equal(res.status, 500);
  });

  test('POST to an existing dsID takes the modify path and still answers 201; dsVersionID increments (§1.3)', async () => {
    const pid = await newObject();
    await addManaged(h, pid, 'V', 'one');
    const res = await addManaged(h, pid, 'V', 'two!');
    assert.equal(res.status, 201);
    const xml = await res.text();
    assert.equal(tag(xml, 'dsVersionID'), 'V.1');
    assert.equal(tag(xml, 'dsSize'), '4');
    assert.equal(await (await fetch(`${h.url}/objects/${pid}/datastreams/V/content`)).text(), 'two!');
  });
});

describe('§1.3 PUT, §1.4 profile GET, DELETE', () => {
  test('PUT modifies: 200 with the profile; new content and version (§1.3, §5 item 8)', async () => {
    const pid = await newObject();
    await addManaged(h, pid, 'P', 'before');
    const res = await fetch(`${h.url}/objects/${pid}/datastreams/P?dsLabel=after`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body: 'after!',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/xml');
    const xml = await res.text();
    assert.equal(tag(xml, 'dsVersionID'), 'P.1');
    assert.equal(tag(xml, 'dsLabel'), 'after');
    assert.equal(tag(xml, 'dsMIME'), 'text/plain');
    assert.equal(await (await fetch(`${h.url}/objects/${pid}/datastreams/P/content`)).text(), 'after!');
  });

  test('PUT without content keeps content and MIME, changes metadata', async () => {
    const pid = await newObject();
    await addManaged(h, pid, 'K', 'kept', '', 'text/csv');
    const res = await fetch(`${h.url}/objects/${pid}/datastreams/K?dsLabel=relabelled`, { method: 'PUT' });
    assert.equal(res.status, 200);
    const xml = await res.text();
    assert.equal(tag(xml, 'dsMIME'), 'text/csv');
    assert.equal(tag(xml, 'dsSize'), '4');
    assert.equal(await (await fetch(`${h.url}/objects/${pid}/datastreams/K/content`)).text(), 'kept');
  });

  test('PUT on a missing datastream → 404 (§1.3)', async () => {
    const pid = await newObject();
    const res = await fetch(`${h.url}/objects/${pid}/datastreams/NOPE`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x',
    });
    assert.equal(res.status, 404);
  });

  test('GET profile: default HTML; format=xml; missing → 404 text/plain (§1.4)', async () => {
    const pid = await newObject();
    await addManaged(h, pid, 'G', 'x');
    const html = await fetch(`${h.url}/objects/${pid}/datastreams/G`);
    assert.match(html.headers.get('content-type') ?? '', /^text\/html/);
    const missing = await fetch(`${h.url}/objects/${pid}/datastreams/MISSING?format=xml`);
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(await missing.text(), /^No datastream could be found/);
  });

  test("DELETE: 200 JSON array of the purged versions' dates; then 404 (§1.3, §5 item 8)", async () => {
    const pid = await newObject();
    await addManaged(h, pid, 'D', 'v0');
    await addManaged(h, pid, 'D', 'v1');
    const res = await fetch(`${h.url}/objects/${pid}/datastreams/D`, { method: 'DELETE' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    const dates = (await res.json()) as string[];
    assert.equal(dates.length, 2);
    for (const d of dates) assert.match(d, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/);
    assert.equal((await fetch(`${h.url}/objects/${pid}/datastreams/D?format=xml`)).status, 404);
    assert.equal((await fetch(`${h.url}/objects/${pid}/datastreams/D/content`)).status, 404);
    assert.equal((await fetch(`${h.url}/objects/${pid}/datastreams/D`, { method: 'DELETE' })).status, 404);
  });

  test('GET …/datastreams?format=xml lists DC and the added datastreams', async () => {
    const pid = await newObject();
    await addManaged(h, pid, 'L1', 'x');
    const xml = await (await fetch(`${h.url}/objects/${pid}/datastreams?format=xml`)).text();
    assert.deepEqual(
      [...xml.matchAll(/<datastream dsid="([^"]+)"/g)].map((m) => m[1]),
      ['DC', 'L1'],
    );
  });
});
