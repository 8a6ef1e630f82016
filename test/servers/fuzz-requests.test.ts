/**
 * Raw HTTP fuzzing of the reference servers (fast-check, seeded, bounded): random methods, paths,
 * headers and bodies — truncated, oversized against their Content-Length, or not HTTP at all — sent
 * on raw sockets to `serve --protocol http-put|ldp|fedora3` started as its own process. Every answer
 * must be a well-formed HTTP status line (a 5xx only where the real product answers one: Fedora 3
 * maps unexpected exceptions to 500), and afterwards the server is alive and still answers a correct
 * request as before: no crash, no lost store. And a request the server refuses with a 4xx leaves
 * what it stores unchanged (compared through the server's own protocol before and after).
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { tempDir } from '../helpers/cli.js';
import { serve, type ServedProcess } from '../helpers/serve.js';
import { fedora3Snapshot, httpPutSnapshot, ldpSnapshot } from '../helpers/store-snapshot.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

/**
 * Sends raw bytes and returns the first line of the answer ('' for none within the bound). Fuzzed
 * bytes may be a request cut short, which a server rightly waits on: those are half-closed after a
 * moment so that it answers or closes. A well-framed request is never half-closed (the server may
 * close on the half-close before its answer, which a slow store writes late on a busy host) and gets
 * a long bound: it must be answered.
 */
function raw(url: URL, bytes: Buffer, framed = false): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let got = '';
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(got.split('\r\n')[0] ?? '');
    };
    const timer = setTimeout(done, framed ? 15_000 : 1500);
    socket.on('connect', () => {
      socket.write(bytes);
      if (!framed) setTimeout(() => socket.end(), 50);
    });
    socket.on('data', (d: Buffer) => {
      got += d.toString('latin1');
      if (got.includes('\r\n')) done();
    });
    socket.on('error', done);
    socket.on('close', done);
  });
}

// mostly methods HTTP parsers know (an unknown one is refused with 400 before any server code runs)
const method = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'MKCOL', 'PROPFIND', 'PATCH', 'MOVE'),
  },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom('get', 'BREW'), fc.stringMatching(/^[A-Z]{1,10}$/)) },
);
const header = fc.oneof(
  fc.constantFrom(
    'Content-Length: 5',
    'Content-Length: -1',
    'Content-Length: 99999999999',
    'Transfer-Encoding: chunked',
    'Content-Type: text/turtle',
    'Link: <http://www.w3.org/ns/ldp#NonRDFSource>; rel="type"',
    'Digest: sha-256=zz',
    'Range: bytes=5-1',
    'Atomic-ID: nope',
    'Slug: ../../x',
    'Authorization: Basic !!!',
    'If-None-Match: *',
    'Depth: infinity',
  ),
  fc
    .tuple(fc.stringMatching(/^[A-Za-z-]{1,12}$/), fc.string({ maxLength: 20 }))
    .map(([k, v]) => `${k}: ${v.replace(/[\r\n]/g, '')}`),
);

const validHeader = fc.constantFrom(
  'Content-Type: text/turtle',
  'Content-Type: application/octet-stream',
  'Link: <http://www.w3.org/ns/ldp#NonRDFSource>; rel="type"',
  'Link: <http://www.w3.org/ns/ldp#BasicContainer>; rel="type"',
  'Digest: sha-256=zz',
  'Range: bytes=0-3',
  'Range: bytes=5-1',
  'Atomic-ID: nope',
  'Slug: x',
  'Slug: ../../x',
  'If-None-Match: *',
  'If-Match: "x"',
  'Depth: 1',
  'Accept: text/plain',
  'Prefer: return=minimal',
);

function request(base: string): fc.Arbitrary<Buffer> {
  const path = fc.oneof(
    fc.constantFrom(
      `${base}/`,
      `${base}/a/b`,
      `${base}/objects/x:1/datastreams/D/content`,
      `${base}/objects/x:1`,
      `${base}/fcr:tx`,
      `${base}/objects?terms=*&pid=true`,
      '/',
      `${base}/%zz`,
    ),
    fc.webPath().map((p) => `${base}${p}`),
  );
  const body = fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b));
  const head = (m: string, p: string, h: string[]): string =>
    `${m} ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\n${h.map((x) => `${x}\r\n`).join('')}`;
  return fc.oneof(
    // well-framed requests the servers must judge on their merits (most of the runs)
    {
      weight: 4,
      arbitrary: fc
        .tuple(method, path, fc.array(validHeader, { maxLength: 3 }), body)
        .map(([m, p, h, b]) => Buffer.concat([Buffer.from(`${head(m, p, h)}Content-Length: ${b.length}\r\n\r\n`), b])),
    },
    // badly framed ones: lengths that lie, odd headers, truncated bodies
    {
      weight: 1,
      arbitrary: fc
        .tuple(method, path, fc.array(header, { maxLength: 5 }), body)
        .map(([m, p, h, b]) => Buffer.concat([Buffer.from(`${head(m, p, h)}\r\n`), b])),
    },
    // not HTTP at all
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => Buffer.from(b)) },
  );
}

/** Per protocol, a correct request whose answer must be the same before and after the fuzzing. */
const PROTOCOLS: { protocol: string; serverErrors: boolean; knownGood: (url: string) => Promise<number> }[] = [
  {
    protocol: 'http-put',
    serverErrors: false,
    knownGood: async (url) => {
      await fetch(`${url}/known/x`, { method: 'PUT', body: 'abc' });
      const r = await fetch(`${url}/known/x`);
      return r.status === 200 && (await r.text()) === 'abc' ? 200 : r.status;
    },
  },
  {
    protocol: 'ldp',
    serverErrors: false,
    knownGood: async (url) => (await fetch(`${url}/`, { headers: { accept: 'text/turtle' } })).status,
  },
  {
    protocol: 'fedora3',
    serverErrors: true,
    knownGood: async (url) => (await fetch(`${url}/describe?xml=true`)).status,
  },
];

for (const p of PROTOCOLS) {
  test(
    `serve --protocol ${p.protocol}: random raw requests get well-formed answers and the server lives on`,
    { timeout: 300_000 },
    async (t) => {
      const server: ServedProcess = await serve([
        '--protocol',
        p.protocol,
        ...(p.protocol === 'http-put' ? [] : ['--data', join(tmp.dir, p.protocol)]),
      ]);
      try {
        const url = new URL(server.url);
        const base = url.pathname.replace(/\/+$/, '');
        const before = await p.knownGood(server.url);
        const statuses = new Map<string, number>();
        await fc.assert(
          fc.asyncProperty(request(base), async (bytes) => {
            const line = await raw(url, bytes);
            if (line === '') return; // closed or never answered (a truncated body the server still waits for)
            const m = /^HTTP\/1\.[01] (\d{3})/.exec(line);
            assert.ok(m, `not a status line: ${JSON.stringify(line)}`);
            const status = Number(m[1]);
            statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
            if (!p.serverErrors)
              assert.ok(
                status < 500,
                `${p.protocol} answered ${line} to ${JSON.stringify(bytes.toString('latin1').slice(0, 200))}`,
              );
          }),
          { numRuns: 150, seed: 20261203 },
        );
        assert.equal(await p.knownGood(server.url), before, 'a correct request is answered as before');
        t.diagnostic(
          `answers: ${[...statuses]
            .sort()
            .map(([k, v]) => `${k} x${v}`)
            .join(', ')}`,
        );
        assert.ok(statuses.size > 1, `only ${[...statuses.keys()].join(', ')}`);
      } finally {
        assert.equal(await server.stop(), 0, 'the server exits cleanly when stopped, having never crashed');
      }
    },
  );
}

/**
 * The stores unchanged by rejected requests: the same random requests, well framed (so the one
 * answer read is the answer to the one request sent), against a store seeded with a few resources;
 * whenever one is refused with a 4xx, what the store holds — walked through its own protocol, bytes
 * and metadata (store-snapshot.ts) — is what it held before.
 */
const STORES: {
  protocol: string;
  seed: (url: string) => Promise<void>;
  change: (url: string) => Promise<unknown>;
  snapshot: (url: string) => Promise<string[]>;
}[] = [
  {
    protocol: 'http-put',
    seed: async (url) => {
      for (const p of ['/a/b', '/known/x', '/objects/x:1/datastreams/D/content'])
        assert.ok((await fetch(`${url}${p}`, { method: 'PUT', body: `seed ${p}` })).ok);
    },
    change: (url) => fetch(`${url}/a/b`, { method: 'PUT', body: 'seed /a/B' }),
    snapshot: httpPutSnapshot,
  },
  {
    protocol: 'ldp',
    seed: async (url) => {
      const container = {
        'content-type': 'text/turtle',
        link: '<http://www.w3.org/ns/ldp#BasicContainer>; rel="type"',
      };
      assert.equal((await fetch(`${url}/a`, { method: 'PUT', headers: container, body: '' })).status, 201);
      assert.equal(
        (
          await fetch(`${url}/a/b`, {
            method: 'PUT',
            headers: {
              'content-type': 'application/octet-stream',
              link: '<http://www.w3.org/ns/ldp#NonRDFSource>; rel="type"',
            },
            body: 'seed bytes',
          })
        ).status,
        201,
      );
    },
    change: (url) =>
      fetch(`${url}/a/b`, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body: 'seed byteS',
      }),
    snapshot: ldpSnapshot,
  },
  {
    protocol: 'fedora3',
    seed: async (url) => {
      assert.equal((await fetch(`${url}/objects/x:1`, { method: 'POST' })).status, 201);
      assert.equal(
        (
          await fetch(`${url}/objects/x:1/datastreams/D?controlGroup=M&mimeType=text/plain`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body: 'seed bytes',
          })
        ).status,
        201,
      );
    },
    change: (url) =>
      fetch(`${url}/objects/x:1/datastreams/D?mimeType=text/plain`, {
        method: 'PUT',
        headers: { 'content-type': 'text/plain' },
        body: 'seed byteS',
      }),
    snapshot: fedora3Snapshot,
  },
];

function framedRequest(base: string): fc.Arbitrary<Buffer> {
  const path = fc.oneof(
    fc.constantFrom(
      `${base}/`,
      `${base}/a`,
      `${base}/a/b`,
      `${base}/known/x`,
      `${base}/objects/x:1/datastreams/D/content`,
      `${base}/objects/x:1/datastreams/D`,
      `${base}/objects/x:1`,
      `${base}/fcr:tx`,
      `${base}/a/b/fcr:metadata`,
      `${base}/%zz`,
    ),
    fc.webPath().map((p) => `${base}${p}`),
  );
  const body = fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b));
  return fc
    .tuple(method, path, fc.array(validHeader, { maxLength: 3 }), body)
    .map(([m, p, h, b]) =>
      Buffer.concat([
        Buffer.from(
          `${m} ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\n${h.map((x) => `${x}\r\n`).join('')}Content-Length: ${b.length}\r\n\r\n`,
        ),
        b,
      ]),
    );
}

for (const s of STORES) {
  test(
    `serve --protocol ${s.protocol}: a request refused with a 4xx leaves the store as it was`,
    { timeout: 300_000 },
    async (t) => {
      const server: ServedProcess = await serve([
        '--protocol',
        s.protocol,
        ...(s.protocol === 'http-put' ? [] : ['--data', join(tmp.dir, `${s.protocol}-unchanged`)]),
      ]);
      try {
        const url = new URL(server.url);
        await s.seed(server.url);
        const seeded = await s.snapshot(server.url);
        assert.ok(seeded.length >= 3, 'the seeded resources are seen');
        // the snapshot sees a change of one byte of a stored body
        assert.ok(((await s.change(server.url)) as Response).ok);
        assert.notDeepEqual(await s.snapshot(server.url), seeded, 'a changed byte shows in the snapshot');
        let refused = 0;
        await fc.assert(
          fc.asyncProperty(framedRequest(url.pathname.replace(/\/+$/, '')), async (bytes) => {
            const before = await s.snapshot(server.url);
            const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(await raw(url, bytes, true))?.[1] ?? 0);
            if (status < 400 || status >= 500) return;
            refused++;
            assert.deepEqual(
              await s.snapshot(server.url),
              before,
              `${status} to ${JSON.stringify(bytes.toString('latin1').slice(0, 200))} changed the store`,
            );
          }),
          { numRuns: 80, seed: 20261215 },
        );
        t.diagnostic(`${refused} of 80 requests refused with a 4xx, the store unchanged by each`);
        assert.ok(refused >= 20, `only ${refused} requests were refused`);
      } finally {
        assert.equal(await server.stop(), 0);
      }
    },
  );
}
