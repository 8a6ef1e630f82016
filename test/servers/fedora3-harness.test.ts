/**
 * Shared set-up for the Fedora 3 reference-server conformance tests (fedora3-conformance-*.test.ts):
 * a server on 127.0.0.1 port 0 over a temporary LevelDB directory, raw-socket and node:http helpers
 * for what fetch cannot send, and tiny XML readers. Its own tests check the harness itself.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import {
  startFedora3Server,
  type Fedora3ServerOptions,
  type RunningServer,
} from '../../src/servers/fedora3/fedora3-server.js';

export interface Harness {
  /** http://127.0.0.1:PORT/fedora */
  url: string;
  origin: string;
  port: number;
  dataDir: string;
  server: RunningServer;
  /** Closes the server (asserting close() resolves) and removes the data directory. */
  stop(): Promise<void>;
}

export async function startHarness(opts: Partial<Fedora3ServerOptions> = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-fedora3-'));
  const dataDir = join(dir, 'store');
  const server = await startFedora3Server({ ...opts, dataDir });
  const u = new URL(server.url);
  return {
    url: server.url,
    origin: u.origin,
    port: Number(u.port),
    dataDir,
    server,
    async stop() {
      await assert.doesNotReject(server.close());
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A fresh PID in the `test` namespace. */
/** The datastreamProfile's child elements in the order Fedora 3 writes them (§1.3). */
export const PROFILE_ORDER = [
  'dsLabel',
  'dsVersionID',
  'dsCreateDate',
  'dsState',
  'dsMIME',
  'dsFormatURI',
  'dsControlGroup',
  'dsSize',
  'dsVersionable',
  'dsInfoType',
  'dsLocation',
  'dsLocationType',
  'dsChecksumType',
  'dsChecksum',
];

/** A fresh object with a pid of the given prefix, created on the harness's server. */
export async function newObject(h: Harness, prefix: string): Promise<string> {
  const pid = freshPid(prefix);
  await createObject(h, pid);
  return pid;
}

export function freshPid(prefix = 'obj'): string {
  counter++;
  return `test:${prefix}-${process.pid}-${counter}`;
}

export async function createObject(h: Harness, pid: string, query = ''): Promise<Response> {
  const res = await fetch(`${h.url}/objects/${pid}${query}`, { method: 'POST' });
  assert.equal(res.status, 201, `creating ${pid}: ${await res.clone().text()}`);
  return res;
}

/** POST a managed datastream with a raw body (Content-Length). */
export async function addManaged(
  h: Harness,
  pid: string,
  dsID: string,
  body: string | Uint8Array,
  query = '',
  mime = 'application/octet-stream',
): Promise<Response> {
  return fetch(`${h.url}/objects/${pid}/datastreams/${dsID}?controlGroup=M${query}`, {
    method: 'POST',
    headers: { 'Content-Type': mime },
    body,
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request through node:http (no fetch restrictions on headers or methods). */
export function httpRequest(
  h: Harness,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: Buffer | string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: h.port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Writes raw bytes on a fresh TCP connection and returns everything the server sends before closing. */
export function rawExchange(
  h: Harness,
  payload: string | Buffer,
  opts: { endAfterWrite?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(h.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(Buffer.concat(chunks).toString('latin1')) : reject(e),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(payload, () => {
      if (opts.endAfterWrite) socket.end();
    });
  });
}

/** Text content of the first <name> element (namespace prefixes ignored). */
export function tag(xml: string, name: string): string | undefined {
  const m = new RegExp(
    `<(?:[A-Za-z_][\\w.-]*:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[A-Za-z_][\\w.-]*:)?${name}>`,
  ).exec(xml);
  return m?.[1];
}

/** Local names of the direct children of the first <root> element, in document order. */
export function childNames(xml: string, root: string): string[] {
  const inner = tag(xml, root) ?? '';
  const names: string[] = [];
  let depth = 0;
  for (const m of inner.matchAll(/<(\/?)(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[^>]*?(\/?)>/g)) {
    const [, close, name, selfClose] = m;
    if (close === '/') depth--;
    else {
      if (depth === 0 && name !== undefined) names.push(name);
      if (selfClose !== '/') depth++;
    }
  }
  return names;
}

// The self-tests run only when this file is the test entry, not when another test file imports it.
const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (isEntry) {
  test('harness: a server starts on 127.0.0.1 with an ephemeral port and close() resolves', async () => {
    const h = await startHarness();
    assert.match(h.url, /^http:\/\/127\.0\.0\.1:\d+\/fedora$/);
    assert.notEqual(h.port, 0);
    await h.stop();
  });

  test('harness: childNames reads direct children in order', () => {
    assert.deepEqual(childNames('<r xmlns="x"><a>1</a><b><c/></b><d/></r>', 'r'), ['a', 'b', 'd']);
    assert.equal(tag('<p:x a="1">v</p:x>', 'x'), 'v');
  });
}
