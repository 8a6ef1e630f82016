/**
 * The default workload: 25 batches of 400 objects, each with a lognormal-sized binary (median
 * 16 KiB) and a small compressible metadata stream. About 220 MB in all; on a 2-core machine with
 * the embedded store it finishes in about five seconds, and 25 batches are enough for the growth
 * gate to decide.
 */
import { lognormal } from './size.js';
import type { Workload } from './workload.js';

export const DEFAULT_SEED = 1;

export function defaultWorkload(): Workload {
  return {
    objects: 10_000,
    batchSize: 400,
    concurrency: 4,
    datastreams: [
      { id: 'OBJ', size: lognormal(16 * 1024, 0.5), contentKind: 'random', mime: 'application/octet-stream' },
      { id: 'META', size: { kind: 'fixed', bytes: 2048 }, contentKind: 'compressible', mime: 'text/plain' },
    ],
    seed: DEFAULT_SEED,
    layout: 'flat',
    fanout: { width: 16, depth: 2 },
    verify: 'none',
  };
}
