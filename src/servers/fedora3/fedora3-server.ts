/**
 * The Fedora 3 REST reference server: node:http over LevelDB, speaking the subset of API-A/API-M in
 * docs/protocols.md §1 that ingest clients and benchmarks use, at
 * http://host:port/fedora. It is the test peer of the fedora3 backend and shares no protocol code
 * with it.
 *
 * Limits that keep every request in bounded memory: 16 KiB of request headers (larger → 431);
 * bodies are streamed in 256 KiB chunks; idle sockets are dropped after two minutes; the whole of a
 * (large) upload has no deadline. Library code: never prints, never exits.
 */
import { createServer, STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { RunFailedError } from '../../errors.js';
import { dispatch } from './dispatch.js';
import type { Fedora3Context } from './exchange.js';
import { SearchSessions } from './search-sessions.js';
import { Fedora3Store } from './store.js';

export interface Fedora3ServerOptions {
  host?: string; // default '127.0.0.1'
  port?: number; // default 0 (ephemeral)
  dataDir: string; // LevelDB directory (created if missing)
  user?: string; // when set, writes (POST/PUT/DELETE) need Basic auth with user+password; GET stays anonymous (Fedora's default)
  password?: string | undefined;
  repositoryName?: string; // default 'ingest-scale Fedora 3 reference server'
}

export interface RunningServer {
  url: string; // e.g. http://127.0.0.1:PORT/fedora
  close(): Promise<void>;
}

export const DEFAULT_REPOSITORY_NAME = 'ingest-scale Fedora 3 reference server';
const MAX_HEADER_BYTES = 16 * 1024;
const IDLE_SOCKET_MS = 120_000;

/** Answers what the HTTP parser rejects (bad syntax, unknown method, oversized headers) and closes. */
function onClientError(
  err: Error & { code?: string },
  socket: Duplex & { _httpMessage?: ServerResponse | null },
): void {
  // Nothing can be said on a dead socket, nor in the middle of a response already under way.
  if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent === true) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error): void => reject(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

export async function startFedora3Server(o: Fedora3ServerOptions): Promise<RunningServer> {
  const host = o.host ?? '127.0.0.1';
  const store = await Fedora3Store.open(o.dataDir);
  const ctx: Fedora3Context = {
    store,
    repositoryName: o.repositoryName ?? DEFAULT_REPOSITORY_NAME,
    sessions: new SearchSessions(),
  };
  const credentials = o.user === undefined ? undefined : { user: o.user, password: o.password ?? '' };
  const inflight = new Set<Promise<void>>();
  let fallbackOrigin = '';

  const server = createServer(
    { maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: 0, headersTimeout: 60_000 },
    (req, res) => {
      const p: Promise<void> = dispatch(ctx, req, res, { credentials, fallbackOrigin }).finally(() =>
        inflight.delete(p),
      );
      inflight.add(p);
    },
  );
  server.on('clientError', onClientError);
  server.setTimeout(IDLE_SOCKET_MS); // no callback: idle sockets are destroyed

  try {
    await listen(server, o.port ?? 0, host);
  } catch (e) {
    await store.close();
    throw new RunFailedError(
      'E_TARGET',
      `the Fedora 3 reference server cannot listen on ${host}:${o.port ?? 0}: ${(e as Error).message}`,
      {
        hint: 'Pick another --port (0 chooses a free one) or --host.',
        cause: e,
      },
    );
  }
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  fallbackOrigin = `http://${urlHost}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${fallbackOrigin}/fedora`,
    close(): Promise<void> {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        while (inflight.size > 0) await Promise.allSettled([...inflight]);
        await store.close();
      })();
      return closing;
    },
  };
}
