/**
 * The ground-truth store warms itself before it serves (`serve --protocol http-put`, on by default,
 * `--no-warmup` turns it off). Its cost model is a wait of the server before it answers; what the
 * server adds to that wait — parsing, reading the body, storing, answering — is its own code's cost,
 * and a fresh Node process runs that code several times slower over its first few thousand requests
 * (V8 compiles it as it goes). A run against a cold store then sees the store get faster as it
 * fills, which no store of that model does. So the server first answers `requests` PUTs of 1 KiB from
 * a client of its own on the loopback (`concurrency` at a time, keep-alive), with the cost model and
 * the faults left out; the caller then empties the tree, so a run starts at fill 0 as it would
 * without. A plain node:http client: nothing is shared with the tool's HTTP clients.
 */
import { Agent, request } from 'node:http';

const BODY = Buffer.alloc(1024, 0x61);

/** Sends `requests` PUTs to `${url}/.self-warmup/<i>` and resolves when all were answered. */
export async function warmUpServer(url: string, requests: number, concurrency = 16): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < requests) {
      const i = next++;
      await putOnce(`${url}/.self-warmup/${i}`, agent);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, requests) }, worker));
  } finally {
    agent.destroy();
  }
}

function putOnce(url: string, agent: Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', agent, headers: { 'content-length': String(BODY.length) } }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode !== undefined && res.statusCode < 300
          ? resolve()
          : reject(new Error(`self warm-up: PUT answered ${res.statusCode ?? '?'}`)),
      );
    });
    req.setTimeout(10_000, () => req.destroy(new Error('self warm-up: no answer in 10 s')));
    req.on('error', reject);
    req.end(BODY);
  });
}
