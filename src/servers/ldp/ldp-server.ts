/**
 * The LDP reference server: Fedora 6.x's HTTP API (docs/protocols.md §2, §5.11-24) at /rest on
 * LevelDB, as an honest test peer for the LDP client and for `ingest-scale serve --protocol ldp`.
 * Its one tunable is where containment lives (containment.ts): `keyed` scales, `document`
 * reproduces ModeShape's O(children) rewrite per insert (§4 item 1). No sleeps, no faked cost.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RunFailedError } from '../../errors.js';
import type { Containment } from './containment.js';
import { KvStore, type KvStats } from './kv-store.js';
import { resourceKey } from './ldp-keys.js';
import { encodeJson, newContainer } from './ldp-records.js';
import { Repository } from './repository.js';
import { route } from './ldp-router.js';
import { Writer } from './sessions.js';
import { DEFAULT_TX_TIMEOUT_MS, TxManager } from './transactions.js';

export type { Containment } from './containment.js';

export interface LdpServerOptions {
  host?: string;
  port?: number;
  /** LevelDB directory, created if missing. */
  dataDir: string;
  containment?: Containment;
  /** When set, every request needs Basic auth (401 with WWW-Authenticate: Basic realm="fcrepo"). */
  user?: string;
  password?: string | undefined;
  /** Transaction expiry (default 180000 ms, Fedora's 3 minutes), checked lazily. */
  txTimeoutMs?: number;
  /** Size of the LevelDB chunks binaries are stored in (default 256 KiB). */
  binaryChunkBytes?: number;
}

/** What reached LevelDB since start: bytes and operations (see kv-store.ts). */
export type LdpServerStats = KvStats;

export interface RunningServer {
  /** http://HOST:PORT/rest */
  url: string;
  close(): Promise<void>;
  stats?(): LdpServerStats;
}

const MAX_RDF_BYTES = 16 * 1024 * 1024;

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startLdpServer(o: LdpServerOptions): Promise<RunningServer> {
  const host = o.host ?? '127.0.0.1';
  const kv = await KvStore.open(o.dataDir);
  const repo = new Repository(kv, o.containment ?? 'keyed', o.binaryChunkBytes);
  if ((await kv.get(resourceKey(''))) === undefined)
    await kv.write([
      { type: 'put', key: resourceKey(''), value: encodeJson(newContainer('BasicContainer', Date.now())) },
    ]);
  const writer = new Writer(repo, new TxManager(repo, o.txTimeoutMs ?? DEFAULT_TX_TIMEOUT_MS));
  const auth = o.user === undefined ? undefined : { user: o.user, password: o.password ?? '' };
  const inflight = new Set<Promise<void>>();
  const deps = { writer, auth, boundHost: '', maxRdfBytes: MAX_RDF_BYTES };
  const server = createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 0 }, (req, res) => {
    const p = route(req, res, deps);
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  });
  let addr: AddressInfo;
  try {
    addr = await listen(server, host, o.port ?? 0);
  } catch (e) {
    await kv.close();
    throw new RunFailedError('E_TARGET', `cannot listen on ${host}:${o.port ?? 0}: ${(e as Error).message}`, {
      hint: 'choose another --port (0 picks a free one)',
      cause: e,
    });
  }
  const wildcard = host === '0.0.0.0' || host === '::';
  const shown = wildcard ? '127.0.0.1' : addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  deps.boundHost = `${shown}:${addr.port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${deps.boundHost}/rest`,
    stats: () => ({ ...kv.stats }),
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await stopped;
        await Promise.allSettled([...inflight]);
        writer.txm.rollbackAll();
        await writer.txm.settle();
        await kv.close();
      })()),
  };
}
