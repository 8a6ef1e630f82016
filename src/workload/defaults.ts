/**
 * The default workload: 150 batches of 200 objects (30,000), each with a lognormal-sized binary
 * (median 16 KiB) and a small compressible metadata stream. About 660 MB in all. Chosen for power
 * (issue 16, item 4): R80 (docs/growth-gate.md, "Detectable growth") falls with the kept batches m',
 * ln(R80/limit) ~ 2 sqrt(pi/m') s (z + 0.84). At the default limit 1.10 and the per-operation
 * gate's z = 2.24, 148 kept batches see x1.3 (R80 <= 1.3) while the better look's scatter s is at
 * most 18%; the geometric-mean latency look had about 10% on a quiet 2-core machine (R80 about
 * x1.21 at 150 batches), where 25 batches (the old default of 25 x 400) needed s <= 6.4% and gave
 * x1.37. On that machine the run takes seconds, well under a minute. On a busy host (s 40-100%) no
 * run of a minute sees x1.3: the verdict says so (underpowered, or INCONCLUSIVE with --min-detectable).
 */
import { lognormal } from './size.js';
import type { Workload } from './workload.js';

export const DEFAULT_SEED = 1;

export function defaultWorkload(): Workload {
  return {
    objects: 30_000,
    batchSize: 200,
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
