/**
 * The ground-truth store warms itself before it serves (`serve --protocol http-put`, on by default,
 * `--no-warmup` turns it off). Its cost model is a wait of the server before it answers; what the
 * server adds to that wait — parsing, reading the body, storing, answering — is its own code's cost,
 * and a fresh Node process runs that code several times slower over its first few thousand requests
 * (V8 compiles it as it goes). A run against a cold store then sees the store get faster as it
 * fills, which no store of that model does. So the server first answers `requests` PUTs of 1 KiB from
 * a client of its own on the loopback (`concurrency` at a time, keep-alive), with the faults left out
 * and a wait of 1 ms instead of the model's (http-put-server.ts); the caller then empties the tree, so
 * a run starts at fill 0 as it would without. A plain node:http client: nothing is shared with the
 * tool's HTTP clients.
 *
 * The warm-up must take the branches a real client's PUTs take. V8 compiles a function for what it
 * has seen and leaves out the branches never taken; the first real request that takes one costs a
 * deoptimisation and a slow stretch until the code is compiled again. A warm-up without the wait (no
 * timer) and with node:http's capitalised headers only (undici writes them in lowercase) left the
 * store getting cheaper over a run's first 3,000 PUTs (docs/notes/2026-12-ground-truth-store.md,
 * "The warm-up's branches").
 */
import { Agent, request } from 'node:http';

/** Bodies of 1 KiB with varied bytes (a fixed pattern per body: the warm-up is repeatable). */
const BODIES = Array.from({ length: 16 }, (_, k) =>
  Buffer.from(Array.from({ length: 1024 }, (_, j) => (j * 31 + k * 97) & 0xff)),
);

/** Sends `requests` PUTs to `${url}/.self-warmup/<i mod 16>/<i>` and resolves when all were answered. */
export async function warmUpServer(url: string, requests: number, concurrency = 16): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < requests) {
      const i = next++;
      await putOnce(`${url}/.self-warmup/${i % 16}/${i}`, i, agent);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, requests) }, worker));
  } finally {
    agent.destroy();
  }
}

/**
 * The header lines of warm-up PUT `i`. V8 compiles the server's request handling (the parser's callbacks,
 * the header matching) for what it has seen; a branch never taken during the warm-up is left out and
 * costs a deoptimisation and a slow stretch the first time a real client takes it. So half of the PUTs
 * carry their headers as undici, fetch and the AWS SDK write them (lowercase: host, connection,
 * content-type, content-length) and half as node:http, curl and Go clients do (capitalised), each
 * with a body of varied bytes.
 */
export function warmupHeaders(i: number, host: string, length: number): Record<string, string> {
  return i % 2 === 0
    ? {
        host,
        connection: 'keep-alive',
        'content-type': 'application/octet-stream',
        'content-length': String(length),
      }
    : {
        'Content-Length': String(length),
        'Content-Type': 'application/octet-stream',
        Host: host,
        Connection: 'keep-alive',
      };
}

function putOnce(url: string, i: number, agent: Agent): Promise<void> {
  const target = new URL(url);
  const body = BODIES[i % BODIES.length]!;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      { method: 'PUT', agent, headers: warmupHeaders(i, target.host, body.length) },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode !== undefined && res.statusCode < 300
            ? resolve()
            : reject(new Error(`self warm-up: PUT answered ${res.statusCode ?? '?'}`)),
        );
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('self warm-up: no answer in 10 s')));
    req.on('error', reject);
    req.end(body);
  });
}
