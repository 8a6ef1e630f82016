/**
 * Raw HTTP fuzzing of the reference servers (fast-check, seeded, bounded): random methods, paths,
 * headers and bodies — truncated, oversized against their Content-Length, or not HTTP at all — sent
 * on raw sockets to `serve --protocol http-put|ldp|fedora3` started as its own process. Every answer
 * must be a well-formed HTTP status line (a 5xx only where the real product answers one: Fedora 3
 * maps unexpected exceptions to 500), and afterwards the server is alive and still answers a correct
 * request as before: no crash, no lost store.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { tempDir } from '../helpers/cli.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

/** Sends raw bytes, half-closes after a moment, and returns the first line of the answer ('' for none within the bound). */
function raw(url: URL, bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let got = '';
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(got.split('\r\n')[0] ?? '');
    };
    const timer = setTimeout(done, 1500);
    socket.on('connect', () => {
      socket.write(bytes);
      setTimeout(() => socket.end(), 50);
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
const method = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'MKCOL', 'PROPFIND', 'PATCH', 'MOVE') }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom('get', 'BREW'), fc.stringMatching(/^[A-Z]{1,10}$/)) });
const header = fc.oneof(
  fc.constantFrom('Content-Length: 5', 'Content-Length: -1', 'Content-Length: 99999999999', 'Transfer-Encoding: chunked', 'Content-Type: text/turtle', 'Link: <http://www.w3.org/ns/ldp#NonRDFSource>; rel="type"', 'Digest: sha-256=zz', 'Range: bytes=5-1', 'Atomic-ID: nope', 'Slug: ../../x', 'Authorization: Basic !!!', 'If-None-Match: *', 'Depth: infinity'),
  fc.tuple(fc.stringMatching(/^[A-Za-z-]{1,12}$/), fc.string({ maxLength: 20 })).map(([k, v]) => `${k}: ${v.replace(/[\r\n]/g, '')}`),
);

const validHeader = fc.constantFrom('Content-Type: text/turtle', 'Content-Type: application/octet-stream', 'Link: <http://www.w3.org/ns/ldp#NonRDFSource>; rel="type"', 'Link: <http://www.w3.org/ns/ldp#BasicContainer>; rel="type"', 'Digest: sha-256=zz', 'Range: bytes=0-3', 'Range: bytes=5-1', 'Atomic-ID: nope', 'Slug: x', 'Slug: ../../x', 'If-None-Match: *', 'If-Match: "x"', 'Depth: 1', 'Accept: text/plain', 'Prefer: return=minimal');

function request(base: string): fc.Arbitrary<Buffer> {
  const path = fc.oneof(fc.constantFrom(`${base}/`, `${base}/a/b`, `${base}/objects/x:1/datastreams/D/content`, `${base}/objects/x:1`, `${base}/fcr:tx`, `${base}/objects?terms=*&pid=true`, '/', `${base}/%zz`), fc.webPath().map((p) => `${base}${p}`));
  const body = fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b));
  const head = (m: string, p: string, h: string[]): string => `${m} ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\n${h.map((x) => `${x}\r\n`).join('')}`;
  return fc.oneof(
    // well-framed requests the servers must judge on their merits (most of the runs)
    {
      weight: 4,
      arbitrary: fc.tuple(method, path, fc.array(validHeader, { maxLength: 3 }), body).map(([m, p, h, b]) => Buffer.concat([Buffer.from(`${head(m, p, h)}Content-Length: ${b.length}\r\n\r\n`), b])),
    },
    // badly framed ones: lengths that lie, odd headers, truncated bodies
    { weight: 1, arbitrary: fc.tuple(method, path, fc.array(header, { maxLength: 5 }), body).map(([m, p, h, b]) => Buffer.concat([Buffer.from(`${head(m, p, h)}\r\n`), b])) },
    // not HTTP at all
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => Buffer.from(b)) },
  );
}

const PROTOCOLS: { protocol: string; serverErrors: boolean; probe: (url: string) => Promise<number> }[] = [
  {
    protocol: 'http-put',
    serverErrors: false,
    probe: async (url) => {
      await fetch(`${url}/probe/x`, { method: 'PUT', body: 'abc' });
      const r = await fetch(`${url}/probe/x`);
      return r.status === 200 && (await r.text()) === 'abc' ? 200 : r.status;
    },
  },
  { protocol: 'ldp', serverErrors: false, probe: async (url) => (await fetch(`${url}/`, { headers: { accept: 'text/turtle' } })).status },
  { protocol: 'fedora3', serverErrors: true, probe: async (url) => (await fetch(`${url}/describe?xml=true`)).status },
];

for (const p of PROTOCOLS) {
  test(`serve --protocol ${p.protocol}: random raw requests get well-formed answers and the server lives on`, { timeout: 300_000 }, async (t) => {
    const server: ServedProcess = await serve(['--protocol', p.protocol, ...(p.protocol === 'http-put' ? [] : ['--data', join(tmp.dir, p.protocol)])]);
    try {
      const url = new URL(server.url);
      const base = url.pathname.replace(/\/+$/, '');
      const before = await p.probe(server.url);
      const statuses = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(request(base), async (bytes) => {
          const line = await raw(url, bytes);
          if (line === '') return; // closed or never answered (a truncated body the server still waits for)
          const m = /^HTTP\/1\.[01] (\d{3})/.exec(line);
          assert.ok(m, `not a status line: ${JSON.stringify(line)}`);
          const status = Number(m[1]);
          statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
          if (!p.serverErrors) assert.ok(status < 500, `${p.protocol} answered ${line} to ${JSON.stringify(bytes.toString('latin1').slice(0, 200))}`);
        }),
        { numRuns: 150, seed: 20261203 },
      );
      assert.equal(await p.probe(server.url), before, 'a correct request is answered as before');
      t.diagnostic(`answers: ${[...statuses].sort().map(([k, v]) => `${k} x${v}`).join(', ')}`);
      assert.ok(statuses.size > 1, `only ${[...statuses.keys()].join(', ')}`);
    } finally {
      assert.equal(await server.stop(), 0, 'the server exits cleanly when stopped, having never crashed');
    }
  });
}
