/**
 * Child process of the HTTP overhead benchmark, our side: drives the engine in-process (runEngine)
 * with the http-put backend and a no-op BatchSink, so the figure is the HTTP path alone (content
 * generation, undici, the batch runner) without SQLite. A warm-up run on the same backend (same
 * connection pool) comes first; then `objects` PUTs are timed. Prints one JSON line. With a
 * `bucket` in its argument it drives the s3 backend instead (the Ceph RGW benchmark: SigV4 with the
 * body's SHA-256, as `run --backend s3` does by default; credentials from AWS_*).
 */
import type { Backend } from '../../src/backends/backend.js';
import { HttpPutBackend } from '../../src/backends/http-put/http-put-backend.js';
import { S3Backend } from '../../src/backends/s3/s3-backend.js';
import { runEngine } from '../../src/engine/run-engine.js';
import { msSince, hrNow } from '../lib/stats.js';
import { fixedWorkload, nullSink } from '../lib/workloads.js';
import { clientArg, printResult } from './client-arg.js';

const a = clientArg();
const runId = `b${process.pid}`;
const workload = fixedWorkload(a.objects, a.size, { concurrency: a.concurrency, batchSize: a.batchSize ?? 1000 });
const s3 = (bucket: string): S3Backend =>
  new S3Backend({
    url: a.url,
    bucket,
    region: 'us-east-1',
    pathStyle: true,
    connections: a.concurrency,
    unsignedPayload: false,
    multipartThreshold: 64 * 2 ** 20,
    partSize: 16 * 2 ** 20,
    createBucket: true,
    allowExisting: true,
    runId,
    workload,
    purpose: 'run',
  });
// one PUT per object, as autocannon sends: no MKCOL of each object's collection (the servers here make paths on PUT)
const backend: Backend = a.bucket
  ? s3(a.bucket)
  : new HttpPutBackend({
      url: a.url,
      connections: a.concurrency,
      runId,
      workload,
      collections: a.collections ?? 'none',
    });
await backend.preflight();
const run = (objects: number, idPrefix: string) =>
  runEngine({ runId, workload: { ...workload, objects }, backend, sink: nullSink, idPrefix, maxErrorRate: 0 });
if (a.warmup > 0) await run(a.warmup, 'w');
const cpu0 = process.cpuUsage();
const t = hrNow();
const r = await run(a.objects, 'm');
const ms = msSince(t);
const cpu = process.cpuUsage(cpu0);
await backend.close();
const failed = r.batches.reduce((s, b) => s + b.failedOps, 0);
printResult(a, { failed, ms, cpu });
