/**
 * Child process of the HTTP overhead benchmark, the reference: autocannon (programmatic API)
 * sending the same method, body size and concurrency (connections) to the same server, a fixed
 * `amount` of requests after a warm-up run. Timed with the same clock as our side. Prints one JSON line.
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { hrNow, msSince } from '../lib/stats.js';
import { clientArg, printResult } from './client-arg.js';

interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  requests: { total: number };
}
interface Tracker extends Promise<AutocannonResult> {
  on(event: 'response', fn: () => void): void;
}
type Autocannon = (opts: Record<string, unknown>) => Tracker;

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as Autocannon;
export const AUTOCANNON_VERSION = (require('autocannon/package.json') as { version: string }).version;

const a = clientArg();
const body = randomBytes(a.size);
/**
 * One autocannon run of `amount` requests; resolves with the time from the call to the last
 * response. autocannon notices the end only at its next sample tick, so its own duration (and a
 * clock around the promise) would count up to one idle tick; the last response is the fair end.
 */
async function fire(amount: number): Promise<{ r: AutocannonResult; ms: number }> {
  const t = hrNow();
  let seen = 0;
  let lastMs = 0;
  const tracker = autocannon({
    url: `${a.url}/autocannon/x`,
    method: 'PUT',
    body,
    headers: { 'content-type': 'application/octet-stream' },
    ...(a.uniquePaths ? { requests: [{ setupRequest: nextPath }] } : {}),
    connections: a.concurrency,
    pipelining: 1,
    amount,
    timeout: 30,
    sampleInt: 100,
  });
  tracker.on('response', () => {
    if (++seen === amount) lastMs = msSince(t);
  });
  const r = await tracker;
  return { r, ms: lastMs > 0 ? lastMs : msSince(t) };
}
/** A path of its own for every request (ClientArg.uniquePaths); autocannon then builds each request anew. */
const base = `${new URL(a.url).pathname.replace(/\/+$/, '')}/autocannon-${process.pid}`;
let sent = 0;
function nextPath(req: { path?: string }): { path?: string } {
  req.path = `${base}/o${sent++}/D`;
  return req;
}

if (a.warmup > 0) await fire(a.warmup);
const cpu0 = process.cpuUsage();
const { r, ms } = await fire(a.objects);
const cpu = process.cpuUsage(cpu0);
const ok = r['2xx'];
printResult(a, {
  requests: ok + r.non2xx,
  failed: r.errors + r.timeouts + r.non2xx,
  ms,
  cpu,
  rps: ok / (ms / 1000),
  extra: { version: AUTOCANNON_VERSION },
});
