/**
 * The default workload: 600 batches of 100 objects (60,000), each with a lognormal-sized binary
 * (median 16 KiB) and a small compressible metadata stream. About 1.3 GB in all (written to the
 * data directory, removed after the run). Chosen for power: R80 (docs/growth-gate.md, "Detectable
 * growth") falls with the kept batches m', ln(R80/limit) ~ 2 sqrt(pi/m') s (z + 0.84), while the
 * scatter s of the embedded store's batches is set mostly by its compactions, not by the objects per
 * batch, so more and smaller batches see more in the same time. What it can and cannot see, measured:
 * docs/commands/run.md, "What the default run can see", and docs/notes/2026-12-default-workload.md.
 */
import { lognormal } from './size.js';
import type { Workload } from './workload.js';

export const DEFAULT_SEED = 1;

export function defaultWorkload(): Workload {
  return {
    objects: 60_000,
    batchSize: 100,
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
