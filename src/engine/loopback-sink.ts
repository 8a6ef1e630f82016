/**
 * The sink the client warms up against (sink-warmup.ts; docs/growth-gate.md, "The client's
 * warm-up"): an HTTP/1.1 server inside the tool's own process, bound to 127.0.0.1 on a port the
 * system picks, that reads every request body to its end and answers at once as a plain PUT store
 * (a WebDAV server with collections) would. It stores nothing and implements no protocol: it only
 * answers, so the client's request, content and recording paths run as in a run without a byte
 * reaching the user's store. Closed (its connections too) once the warm-up is done.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The status a plain PUT store answers each method with (anything else: 200, no body). */
const ANSWERS: Readonly<Record<string, number>> = {
  PUT: 201,
  MKCOL: 201,
  DELETE: 204,
  OPTIONS: 200,
  HEAD: 404,
  GET: 404,
};

export interface LoopbackSink {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Requests answered so far. */
  requests(): number;
  close(): Promise<void>;
}

function answer(req: IncomingMessage, res: ServerResponse, count: () => void): void {
  count();
  const status = ANSWERS[req.method ?? ''] ?? 200;
  // the body is read to its end before the answer, as a store does (the client's write path waits for it)
  req.resume();
  req.once('end', () => {
    res.writeHead(status, {
      'content-length': '0',
      ...(req.method === 'OPTIONS' ? { allow: 'OPTIONS, GET, HEAD, PUT, DELETE, MKCOL' } : {}),
    });
    res.end();
  });
}

/** Starts the sink; it answers until close(). Rejects with the system's error when it cannot listen. */
export async function startLoopbackSink(): Promise<LoopbackSink> {
  let answered = 0;
  const server: Server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => answer(req, res, () => answered++));
  // a sink that cannot listen rejects; the warm-up is then skipped with the reason (sink-warmup.ts)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
