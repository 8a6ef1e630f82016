/**
 * Shared helpers for the LDP reference server tests (this file registers no tests; it carries the
 * .test suffix only because the other ldp-*.test.ts files are the only test files this suite owns).
 * Servers listen on 127.0.0.1 port 0 with a temporary LevelDB directory removed on close.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { ClassicLevel } from 'classic-level';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startLdpServer,
  type Containment,
  type LdpServerOptions,
  type RunningServer,
} from '../../src/servers/ldp/ldp-server.js';

export const MODES: readonly Containment[] = ['keyed', 'document'];
export const LDP = 'http://www.w3.org/ns/ldp#';
export const NON_RDF = `<${LDP}NonRDFSource>; rel="type"`;
export const BASIC = `<${LDP}BasicContainer>; rel="type"`;

export interface TestServer {
  server: RunningServer;
  url: string;
  dir: string;
  /** fetch relative to the server's /rest URL ('' or '/a/b'). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
  /** Closes the server, then returns every key in its LevelDB starting with `prefix`, then removes the data. */
  closeAndListKeys(prefix: string): Promise<string[]>;
}

export async function startTemp(containment: Containment, extra: Partial<LdpServerOptions> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-ldp-'));
  const server = await startLdpServer({ dataDir: join(dir, 'db'), containment, ...extra });
  let closed = false;
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  return {
    server,
    url: server.url,
    dir,
    fetch: (path, init) => fetch(`${server.url}${path}`, init),
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close();
      remove();
    },
    closeAndListKeys: async (prefix) => {
      closed = true;
      await server.close();
      const db = new ClassicLevel<string, Buffer>(join(dir, 'db'), { keyEncoding: 'utf8', valueEncoding: 'buffer' });
      try {
        const keys: string[] = [];
        for await (const k of db.keys({ gte: prefix, lt: `${prefix}\uffff` })) keys.push(k);
        return keys;
      } finally {
        await db.close();
        remove();
      }
    },
  };
}

/** Creates a container by PUT and returns its URI. */
export async function putContainer(t: TestServer, path: string, headers: Record<string, string> = {}): Promise<string> {
  const r = await t.fetch(path, { method: 'PUT', headers });
  await r.arrayBuffer();
  if (r.status !== 201) throw new Error(`PUT ${path} → ${r.status}`);
  return r.headers.get('location') ?? '';
}

/** Creates a binary by PUT with the NonRDFSource link. */
export async function putBinary(
  t: TestServer,
  path: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<Response> {
  return t.fetch(path, {
    method: 'PUT',
    headers: { Link: NON_RDF, 'Content-Type': 'application/octet-stream', ...headers },
    body: Buffer.from(body),
  });
}

/** The ldp:contains objects of a Turtle container representation written by this server. */
export function containedUris(turtle: string): string[] {
  const i = turtle.indexOf('ldp:contains');
  if (i < 0) return [];
  const rest = turtle.slice(i);
  const end = rest.search(/ \.\s*(\n|$)/);
  return [...rest.slice(0, end < 0 ? undefined : end).matchAll(/<([^>]+)>/g)].map((m) => m[1] ?? '');
}

/** The Link header values as rel → URIs. */
export function links(r: Response): Array<{ uri: string; rel: string }> {
  const h = r.headers.get('link') ?? '';
  return [...h.matchAll(/<([^>]*)>\s*;\s*rel="([^"]*)"/g)].map((m) => ({ uri: m[1] ?? '', rel: m[2] ?? '' }));
}

export function typeLinks(r: Response): string[] {
  return links(r)
    .filter((l) => l.rel === 'type')
    .map((l) => l.uri);
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request through node:http with exact control over the path (fetch normalises '..'). */
export function rawRequest(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<RawResponse> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: u.hostname, port: u.port, method, path, headers: { Connection: 'close', ...headers } },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (data += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Writes raw bytes on a socket and collects whatever comes back until the server closes it. */
export function rawExchange(
  url: string,
  payload: string | Buffer,
  opts: { endAfterWrite?: boolean } = {},
): Promise<string> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(payload);
      if (opts.endAfterWrite) socket.end();
    });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (data += d));
    socket.on('close', () => resolve(data));
    socket.on('error', (e) => (data === '' ? reject(e) : resolve(data)));
  });
}

/** Starts a body upload on a socket, sends `sent` of `declared` bytes, then drops the connection. */
export function truncatedUpload(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  declared: number,
  sent: number,
): Promise<void> {
  const u = new URL(url);
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${u.host}`,
    `Content-Length: ${declared}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(head);
      socket.write(Buffer.alloc(sent, 0x61), () => socket.destroy());
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}
