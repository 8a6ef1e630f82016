/**
 * Fedora 3 reference server — malformed requests and cut-off uploads get 4xx (or nothing), never a
 * crash, and a truncated upload stores nothing (§1.6 of docs/protocols.md
 * for the status mapping; the container-level 400s follow Tomcat, which fronts Fedora).
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ClassicLevel } from 'classic-level';
import { startFedora3Server } from '../../src/servers/fedora3/fedora3-server.js';
import {
  type Harness,
  createObject,
  freshPid,
  httpRequest,
  rawExchange,
  startHarness,
} from './fedora3-harness.test.js';

let h: Harness;
before(async () => {
  h = await startHarness();
});
after(async () => {
  await h.stop();
});

async function alive(x: Harness = h): Promise<void> {
  assert.equal((await fetch(`${x.url}/describe?xml=true`)).status, 200, 'the server still answers');
}

describe('malformed request-targets', () => {
  test('malformed percent-encoding in the path → 400', async () => {
    for (const path of [
      '/fedora/objects/demo:%ZZ',
      '/fedora/objects/demo:1/datastreams/%G0',
      '/fedora/objects/demo:1/datastreams/a%',
    ]) {
      assert.equal((await httpRequest(h, 'GET', path)).status, 400, path);
    }
    await alive();
  });

  test('dot segments (plain or encoded) → 400, never a path escape', async () => {
    for (const path of [
      '/fedora/objects/../x',
      '/fedora/objects/%2e%2e/describe',
      '/fedora/./describe',
      '/fedora/objects/demo:1/datastreams/..',
    ]) {
      assert.equal((await httpRequest(h, 'GET', path)).status, 400, path);
    }
  });

  test('%2F or %5C inside a segment → 400 (Tomcat rejects encoded slashes)', async () => {
    assert.equal((await httpRequest(h, 'GET', '/fedora/objects/demo:a%2Fb')).status, 400);
    assert.equal((await httpRequest(h, 'GET', '/fedora/objects/demo:1/datastreams/a%5cb/content')).status, 400);
  });

  test('unknown resources → 404; outside /fedora → 404', async () => {
    assert.equal((await httpRequest(h, 'GET', '/fedora/nothing')).status, 404);
    assert.equal((await httpRequest(h, 'GET', '/fedora/objects/demo:1/other')).status, 404);
    assert.equal((await httpRequest(h, 'GET', '/')).status, 404);
    assert.equal((await httpRequest(h, 'GET', '/fedoraX/describe')).status, 404);
  });

  test('a method the resource does not support → 405 with Allow; OPTIONS lists them', async () => {
    const patch = await httpRequest(h, 'PATCH', '/fedora/objects/demo:1');
    assert.equal(patch.status, 405);
    assert.match(String(patch.headers.allow), /GET, HEAD, POST, PUT, DELETE/);
    assert.equal((await httpRequest(h, 'PROPFIND', '/fedora/objects/demo:1')).status, 405);
    assert.equal((await httpRequest(h, 'DELETE', '/fedora/describe')).status, 405);
    assert.equal((await httpRequest(h, 'PUT', '/fedora/objects/demo:1/datastreams/DC/content')).status, 405);
    const options = await httpRequest(h, 'OPTIONS', '/fedora/objects/demo:1/datastreams/DC/content');
    assert.equal(options.status, 200);
    assert.equal(options.headers.allow, 'GET, HEAD, OPTIONS');
  });

  test('a method token the HTTP parser does not know, or a garbage request line → 400, connection closed', async () => {
    assert.match(await rawExchange(h, 'BREW /fedora/ HTTP/1.1\r\nHost: x\r\n\r\n'), /^HTTP\/1\.1 400 /);
    assert.match(await rawExchange(h, 'this is not http\r\n\r\n'), /^HTTP\/1\.1 400 /);
    await alive();
  });

  test('oversized headers or a 70 KB request-target → 431, connection closed', async () => {
    const reply = await rawExchange(
      h,
      `GET /fedora/describe HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    assert.match(reply, /^HTTP\/1\.1 431 /);
    assert.match(
      await rawExchange(h, `GET /fedora/objects/${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
      /^HTTP\/1\.1 431 /,
    );
    await alive();
  });

  test('ambiguous framing (Content-Length with chunked, or a non-numeric Content-Length) → 400', async () => {
    const both =
      'POST /fedora/objects/demo:1 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n';
    assert.match(await rawExchange(h, both), /^HTTP\/1\.1 400 /);
    assert.match(
      await rawExchange(h, 'POST /fedora/objects/demo:1 HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'),
      /^HTTP\/1\.1 400 /,
    );
    await alive();
  });

  test('a malformed multipart body → 400, nothing stored', async () => {
    const pid = freshPid('mp');
    await createObject(h, pid);
    const body =
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: text/plain\r\n\r\nhalf a part';
    const res = await httpRequest(
      h,
      'POST',
      `/fedora/objects/${pid}/datastreams/MP?controlGroup=M`,
      { 'Content-Type': 'multipart/form-data; boundary=XYZ', 'Content-Length': Buffer.byteLength(body) },
      body,
    );
    assert.equal(res.status, 400);
    assert.equal((await fetch(`${h.url}/objects/${pid}/datastreams/MP?format=xml`)).status, 404);
    const noBoundary = await httpRequest(
      h,
      'POST',
      `/fedora/objects/${pid}/datastreams/MP2?controlGroup=M`,
      { 'Content-Type': 'multipart/form-data', 'Content-Length': 3 },
      'abc',
    );
    assert.equal(noBoundary.status, 400);
  });

  test('concurrent creation of one PID: exactly one 201, the others 500', async () => {
    const pid = freshPid('race');
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => fetch(`${h.url}/objects/${pid}`, { method: 'POST' }).then((r) => r.status)),
    );
    assert.deepEqual(statuses.filter((s) => s === 201).length, 1);
    assert.deepEqual(statuses.filter((s) => s === 500).length, 7);
  });
});

/** Sends headers announcing `declared` bytes, then `sent` bytes, then ends (half-close) or destroys the socket. */
function truncatedUpload(
  x: Harness,
  path: string,
  headers: string,
  sent: Buffer,
  how: 'end' | 'destroy',
): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(x.port, '127.0.0.1');
    socket.resume(); // read (and drop) whatever the server answers, so 'close' can come
    socket.on('error', () => resolve());
    socket.on('close', () => resolve());
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`);
    socket.write(sent, () => (how === 'end' ? socket.end() : socket.destroy()));
  });
}

describe('cut-off uploads store nothing', () => {
  test('Content-Length short by megabytes, chunked without its last chunk, multipart cut mid-part: no datastream, no orphan chunks', async () => {
    const x = await startHarness();
    const pid = freshPid('cut');
    await createObject(x, pid);
    const base = `/fedora/objects/${pid}/datastreams`;
    const twoMiB = Buffer.alloc(2 * 1024 * 1024, 7);
    await truncatedUpload(
      x,
      `${base}/CL?controlGroup=M`,
      'Content-Type: application/octet-stream\r\nContent-Length: 10485760\r\n',
      twoMiB,
      'end',
    );
    await truncatedUpload(
      x,
      `${base}/CL2?controlGroup=M`,
      'Content-Type: application/octet-stream\r\nContent-Length: 10485760\r\n',
      twoMiB,
      'destroy',
    );
    const chunk = Buffer.concat([
      Buffer.from(`${(1024 * 1024).toString(16)}\r\n`),
      Buffer.alloc(1024 * 1024, 3),
      Buffer.from('\r\n'),
    ]);
    await truncatedUpload(
      x,
      `${base}/CHUNKED?controlGroup=M`,
      'Content-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n',
      Buffer.concat([chunk, chunk]),
      'end',
    );
    const head = Buffer.from(
      '--B\r\nContent-Disposition: form-data; name="f"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n',
    );
    await truncatedUpload(
      x,
      `${base}/MULTI?controlGroup=M`,
      'Content-Type: multipart/form-data; boundary=B\r\nContent-Length: 10485760\r\n',
      Buffer.concat([head, twoMiB]),
      'destroy',
    );

    for (const ds of ['CL', 'CL2', 'CHUNKED', 'MULTI']) {
      assert.equal((await fetch(`${x.url}/objects/${pid}/datastreams/${ds}?format=xml`)).status, 404, ds);
    }
    const ok = await fetch(`${x.url}/objects/${pid}/datastreams/AFTER?controlGroup=M`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'fine',
    });
    assert.equal(ok.status, 201, 'the server keeps working');

    await assert.doesNotReject(x.server.close()); // waits for in-flight clean-ups
    const db = new ClassicLevel<string, Buffer>(x.dataDir, { valueEncoding: 'buffer' });
    try {
      const owned = new Set<string>();
      const chunkOwners = new Set<string>();
      let pending = 0;
      for await (const [key, value] of db.iterator()) {
        const [kind, a] = key.split('\u0000');
        if (kind === 'ds')
          for (const v of JSON.parse(value.toString()).versions as Array<{ blobId: string | null }>)
            if (v.blobId) owned.add(v.blobId);
        if (kind === 'blob' && a !== undefined) chunkOwners.add(a);
        if (kind === 'pend') pending++;
      }
      assert.equal(pending, 0, 'no blob left marked pending');
      assert.deepEqual(
        [...chunkOwners].filter((id) => !owned.has(id)),
        [],
        'no chunks without a datastream',
      );
      assert.equal(owned.size, 2, 'DC and AFTER');
    } finally {
      await db.close();
      rmSync(dirname(x.dataDir), { recursive: true, force: true });
    }
  });

  test('blobs left pending by a crash are swept when the server starts', async () => {
    const x = await startHarness();
    await x.server.close();
    const db = new ClassicLevel<string, Buffer>(x.dataDir, { valueEncoding: 'buffer' });
    await db.batch([
      { type: 'put', key: 'pend\u0000deadbeef', value: Buffer.alloc(0) },
      { type: 'put', key: 'blob\u0000deadbeef\u000000000000', value: Buffer.alloc(1024, 1) },
      { type: 'put', key: 'blob\u0000deadbeef\u000000000001', value: Buffer.alloc(1024, 2) },
    ]);
    await db.close();
    const again = await startFedora3Server({ dataDir: x.dataDir });
    await assert.doesNotReject(again.close());
    const check = new ClassicLevel<string, Buffer>(x.dataDir, { valueEncoding: 'buffer' });
    try {
      const left = await check.keys({ gte: 'blob\u0000deadbeef', lt: 'blob\u0000deadbeef\u0001' }).all();
      assert.deepEqual(left, []);
      assert.equal(await check.get('pend\u0000deadbeef'), undefined);
    } finally {
      await check.close();
      rmSync(dirname(x.dataDir), { recursive: true, force: true });
    }
  });

  test('a second server on a data directory in use fails to start with E_DB, and the first keeps working', async () => {
    await assert.rejects(
      startFedora3Server({ dataDir: h.dataDir }),
      (e: Error & { code?: string }) => e.code === 'E_DB',
    );
    await alive();
  });

  test('a client that aborts a streamed fetch upload leaves the server healthy', async () => {
    const pid = freshPid('abort');
    await createObject(h, pid);
    const controller = new AbortController();
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        sent += 256 * 1024;
        if (sent > 4 * 1024 * 1024) controller.abort();
        else c.enqueue(new Uint8Array(256 * 1024));
      },
    });
    await assert.rejects(
      fetch(`${h.url}/objects/${pid}/datastreams/ABORT?controlGroup=M&mimeType=application/octet-stream`, {
        method: 'POST',
        body: stream,
        duplex: 'half',
        signal: controller.signal,
      } as RequestInit),
    );
    assert.equal((await fetch(`${h.url}/objects/${pid}/datastreams/ABORT?format=xml`)).status, 404);
    await alive();
  });
});
