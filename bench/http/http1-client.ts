/**
 * Child process of the HTTP overhead benchmark, a third reference: the tool's own write client
 * (src/http1/http1-pool.ts) sending one fixed Buffer per request, with the same
 * connections and count. Against autocannon it shows the client's own cost; against the engine,
 * what content generation, timing and the batch runner add. Prints one JSON line.
 */
import { randomBytes } from 'node:crypto';
import { Http1Pool } from '../../src/http1/http1-pool.js';
import { runPool } from '../../src/engine/pool.js';
import { hrNow, msSince } from '../lib/stats.js';
import { clientArg, printResult } from './client-arg.js';

const a = clientArg();
const body = randomBytes(a.size);
const origin = new URL(a.url);
const pool = new Http1Pool({ origin, connections: a.concurrency });
const base = origin.pathname.replace(/\/+$/, '');
let failed = 0;
const fire = (n: number, tag: string) =>
  runPool(
    Array.from({ length: n }, (_, i) => i),
    a.concurrency,
    async (i) => {
      const r = await pool.request(
        'PUT',
        `${base}/http1/${tag}${i}`,
        { 'content-type': 'application/octet-stream', 'content-length': String(a.size) },
        body,
      );
      if (r.status >= 300) failed++;
    },
  );
if (a.warmup > 0) await fire(a.warmup, 'w');
const cpu0 = process.cpuUsage();
const t = hrNow();
await fire(a.objects, 'm');
const ms = msSince(t);
const cpu = process.cpuUsage(cpu0);
await pool.close();
printResult(a, { failed, ms, cpu });
