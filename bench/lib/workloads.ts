/** Workloads and a no-op sink shared by the benchmarks that drive the engine in-process. */
import type { BatchSink } from '../../src/engine/run-engine.js';
import type { ContentKind, Workload } from '../../src/workload/workload.js';

/** One measured point of the benchmarks that compare clients: body size and concurrency. */
export interface Point {
  size: number;
  concurrency: number;
}

/** Points measured in interleaved rounds, each run lasting about `seconds` (its count set from a calibration run). */
export interface RoundsPlan {
  points: Point[];
  rounds: number;
  seconds: number;
}

/** A workload of `objects` objects with one datastream `D` of a fixed size. */
export function fixedWorkload(
  objects: number,
  bytes: number,
  o: { batchSize?: number; concurrency?: number; kind?: ContentKind; seed?: number } = {},
): Workload {
  const kind = o.kind ?? 'random';
  return {
    objects,
    batchSize: o.batchSize ?? 1000,
    concurrency: o.concurrency ?? 4,
    datastreams: [
      {
        id: 'D',
        size: { kind: 'fixed', bytes },
        contentKind: kind,
        mime: kind === 'compressible' ? 'text/plain' : 'application/octet-stream',
      },
    ],
    seed: o.seed ?? 1,
    layout: 'flat',
    fanout: { width: 16, depth: 2 },
    verify: 'none',
  };
}

/** Records nothing: isolates the ingest path from the results store. */
export const nullSink: BatchSink = {
  recordBatch: () => Promise.resolve(),
};
