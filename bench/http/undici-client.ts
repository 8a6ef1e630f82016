/**
 * Child process of the HTTP overhead benchmark, a second reference: undici's Pool (the library
 * our http target uses) sending one fixed Buffer per request with `request()` and discarding the
 * response, with the same connections and count. It shows how much of any gap to autocannon is
 * the HTTP library's and how much is the engine's. Prints one JSON line.
 */
import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { runPool } from '../../src/engine/pool.js';
import { hrNow, msSince } from '../lib/stats.js';

interface Arg {
  url: string;
  size: number;
  concurrency: number;
  objects: number;
  warmup: number;
}

const a = JSON.parse(process.argv[2] ?? '{}') as Arg;
const body = randomBytes(a.size);
const origin = new URL(a.url);
const pool = new Pool(origin.origin, { connections: a.concurrency, pipelining: 1 });
let failed = 0;
const fire = (n: number, tag: string) =>
  runPool(Array.from({ length: n }, (_, i) => i), a.concurrency, async (i) => {
    const r = await pool.request({ method: 'PUT', path: `${origin.pathname.replace(/\/+$/, '')}/undici/${tag}${i}`, headers: { 'content-type': 'application/octet-stream', 'content-length': String(a.size) }, body });
    await r.body.dump({ limit: Number.MAX_SAFE_INTEGER });
    if (r.statusCode >= 300) failed++;
  });
if (a.warmup > 0) await fire(a.warmup, 'w');
const cpu0 = process.cpuUsage();
const t = hrNow();
await fire(a.objects, 'm');
const ms = msSince(t);
const cpu = process.cpuUsage(cpu0);
await pool.close();
process.stdout.write(`${JSON.stringify({ requests: a.objects, failed, seconds: ms / 1000, rps: a.objects / (ms / 1000), cpuUsPerRequest: (cpu.user + cpu.system) / a.objects })}\n`);
