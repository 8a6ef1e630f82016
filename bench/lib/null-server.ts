/**
 * The null store: a minimal HTTP server that accepts any method, reads and discards the request
 * body, and answers 201 with an empty body (OPTIONS: 200 with an Allow header, for preflight).
 * Run as its own process: `node dist/bench/lib/null-server.js`; it binds 127.0.0.1 on port 0,
 * prints one JSON line {"port":N,"pid":P}, and exits on SIGTERM or when its stdin closes (so it
 * never outlives the benchmark that started it). GET /__stats answers the requests and body bytes
 * received so far, so a benchmark can check that both clients really sent what they claim.
 */
import { createServer } from 'node:http';

let requests = 0;
let bytes = 0;

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/__stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ requests, bytes }));
    return;
  }
  req.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  req.on('end', () => {
    requests++;
    if (req.method === 'OPTIONS') {
      res.writeHead(200, {
        allow: 'OPTIONS, GET, PUT, POST, DELETE',
        'content-length': '0',
        server: 'ingest-scale-null',
      });
    } else {
      res.writeHead(req.method === 'PUT' || req.method === 'POST' ? 201 : 204, { 'content-length': '0' });
    }
    res.end();
  });
});
server.keepAliveTimeout = 60_000;
server.headersTimeout = 65_000;
server.requestTimeout = 0;

server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  process.stdout.write(`${JSON.stringify({ port, pid: process.pid })}\n`);
});

const stop = (): void => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
