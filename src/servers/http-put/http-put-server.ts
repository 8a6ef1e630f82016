/**
 * The reference PUT store (`ingest-scale serve --protocol http-put`): PUT, GET, HEAD, DELETE, MKCOL
 * and OPTIONS on an in-memory tree (memory-tree.ts), with a ground-truth cost per PUT that follows a
 * model of the fill (src/cost-model/cost-model.ts) and seeded faults (faults.ts). The cost is a real wait of the
 * server before it answers: a store whose cost is known, so the growth gate can be checked against
 * the truth. Its own code: nothing is shared with the tool's HTTP clients.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { putCostMs, stallAfterMs, type CostSettings } from '../../cost-model/index.js';
import { FaultDrawer, NO_FAULTS, type Fault, type FaultSpec } from './faults.js';
import { WaitCarry } from './fine-wait.js';
import { MemoryTree } from './memory-tree.js';
import { warmUpServer } from './self-warmup.js';

export interface HttpPutServerOptions {
  host?: string;
  port?: number;
  cost?: CostSettings;
  faults?: FaultSpec;
  /** Seed of the fault draws (default 1). */
  seed?: number;
  /**
   * PUTs the server answers from itself before it is handed out (self-warmup.ts), without cost or
   * faults; the tree is emptied afterwards. Default 0 (tests of the server's own behaviour).
   */
  selfWarmupRequests?: number;
}

export interface HttpPutServer {
  url: string;
  tree: MemoryTree;
  /** Requests answered with each fault so far (for tests and the exit line). */
  faultCounts: Record<'503' | 'reset' | 'hang', number>;
  close(): Promise<void>;
}

const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, MKCOL';
const FAULTY = new Set(['GET', 'PUT', 'DELETE', 'MKCOL']);

/** '/a/b%20c/' -> '/a/b c'; null for '..', '.', empty inner segments or bad escapes. */
export function normalisePath(rawUrl: string): string | null {
  const q = rawUrl.indexOf('?');
  const raw = q < 0 ? rawUrl : rawUrl.slice(0, q);
  if (!raw.startsWith('/')) return null;
  const segs = raw.split('/').slice(1);
  if (segs.length > 0 && segs[segs.length - 1] === '') segs.pop();
  const out: string[] = [];
  for (const s of segs) {
    let d: string;
    try {
      d = decodeURIComponent(s);
    } catch {
      return null;
    }
    if (d === '' || d === '.' || d === '..' || d.includes('/')) return null;
    out.push(d);
  }
  return out.length === 0 ? '' : `/${out.join('/')}`;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, body = '', headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
}

/** Every method but PUT (which waits by the cost model): OPTIONS, GET, HEAD, MKCOL, DELETE, else 405. */
function answerFromTree(tree: MemoryTree, method: string, path: string, res: ServerResponse): void {
  switch (method) {
    case 'OPTIONS':
      return answer(res, 200, '', { allow: ALLOW, dav: '1' });
    case 'GET':
    case 'HEAD': {
      const found = tree.get(path);
      if (found !== undefined) {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(found.length) });
        return void res.end(method === 'HEAD' ? undefined : found);
      }
      if (!tree.isCollection(path)) return answer(res, 404, 'not found\n');
      const listing = tree.list(path).join('\n') + '\n';
      res.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': String(Buffer.byteLength(listing)),
      });
      return void res.end(method === 'HEAD' ? undefined : listing);
    }
    case 'MKCOL': {
      const made = tree.mkcol(path);
      return answer(
        res,
        made === 'created' ? 201 : made === 'exists' ? 405 : 409,
        made === 'created' ? '' : `${made}\n`,
      );
    }
    case 'DELETE':
      return tree.delete(path) ? answer(res, 204) : answer(res, 404, 'not found\n');
    default:
      return answer(res, 405, 'method not allowed\n', { allow: ALLOW });
  }
}

/** Listens on the options' host and port (default 127.0.0.1, any free port); the server's URL. */
async function listen(server: Server, o: HttpPutServerOptions): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return `http://${host}:${addr.port}`;
}

export async function startHttpPutServer(o: HttpPutServerOptions = {}): Promise<HttpPutServer> {
  let tree = new MemoryTree();
  /** True while the server warms itself: no cost, no faults. */
  let warming = false;
  const cost: CostSettings = o.cost ?? { model: { kind: 'constant' }, baseMs: 0, fill: 1 };
  const drawer = new FaultDrawer(o.faults ?? NO_FAULTS, o.seed ?? 1);
  const faultCounts = { '503': 0, reset: 0, hang: 0 };
  /** The whole server answers nothing before this time (a stall of the cost model). */
  let pausedUntil = 0;
  /**
   * A warm-up PUT waits 1 ms when the model waits at all (self-warmup.ts): it takes the timer branch
   * every PUT of the run takes, at a twentieth of a 20 ms base's time.
   */
  const selfWarmupWaitMs = Math.min(cost.baseMs, 1);
  /** PUT waits in whole milliseconds, the fractions carried (fine-wait.ts). */
  const putWait = new WaitCarry();
  const waitOutStall = async (): Promise<void> => {
    for (let left = pausedUntil - Date.now(); left > 0; left = pausedUntil - Date.now()) await sleep(left);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const path = normalisePath(req.url ?? '/');
    const fault: Fault = FAULTY.has(method) && !warming ? drawer.draw() : { kind: 'none', extraMs: 0 };
    if (fault.kind !== 'none') faultCounts[fault.kind]++;
    if (fault.kind === 'reset') return void req.socket.resetAndDestroy();
    if (fault.kind === 'hang') return void req.resume();
    const body = method === 'PUT' ? await readBody(req) : (req.resume(), Buffer.alloc(0));
    await waitOutStall();
    if (fault.kind === '503') return answer(res, 503, 'injected fault\n', { 'retry-after': '0' });
    if (fault.extraMs > 0) await sleep(fault.extraMs);
    if (path === null) return answer(res, 400, 'bad path\n');
    switch (method) {
      case 'PUT': {
        const wait = warming ? selfWarmupWaitMs : putCostMs(cost, tree.resourceCount);
        await putWait.wait(wait);
        const outcome = tree.put(path, body);
        if (outcome === 'is-collection' || outcome === 'parent-is-resource') return answer(res, 409, `${outcome}\n`);
        const stall = warming ? 0 : stallAfterMs(cost, tree.resourceCount);
        if (outcome === 'created' && stall > 0) pausedUntil = Math.max(pausedUntil, Date.now() + stall);
        await waitOutStall();
        return answer(res, outcome === 'created' ? 201 : 204);
      }
      default:
        return answerFromTree(tree, method, path, res);
    }
  }

  const server = createServer((req, res) => {
    res.setHeader('server', 'ingest-scale-http-put');
    handle(req, res).catch(() => {
      if (!res.headersSent) answer(res, 500, 'internal error\n');
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  const url = await listen(server, o);
  if ((o.selfWarmupRequests ?? 0) > 0) {
    warming = true;
    try {
      await warmUpServer(url, o.selfWarmupRequests ?? 0);
    } finally {
      warming = false;
      tree = new MemoryTree();
    }
  }
  return {
    url,
    tree,
    faultCounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
