/**
 * The growth gate on two cores for long runs (`check` on a million batches in seconds, reports/perf.md):
 * the power-law fit and the cliff detection of the kept batches (analysis/gate-fits.ts, sideFit) do
 * not depend on the trend's fit, so two worker threads compute them, one each, while this thread
 * trims the warm-up and fits the trend with its CI (three parts of similar cost on a million
 * batches). The workers run the same code on the same values (a copy of the kept batches' log
 * times), so the result is the one operationGate gives in-process.
 *
 * Batch 1 is always dropped as warm-up and further batches seldom are, so the workers start at
 * once on the batches from 2 on, beside the trim; when the trim drops more, they are stopped and
 * others start on the right batches, beside the trend's fit. Below minBatches (default
 * PARALLEL_MIN_BATCHES) everything stays in-process: a worker costs tens of milliseconds to start.
 * Should a worker fail (no thread to be had, or it dies), its fit is made in-process.
 */
import { Worker } from 'node:worker_threads';
import {
  gateSeries,
  sideFit,
  sideFitsInput,
  trendFit,
  type GateSeries,
  type SideFitParts,
  type SideFitsInput,
} from '../analysis/gate-fits.js';
import { assembleGate, type GateOptions, type GateResult } from '../analysis/growth-gate.js';
import {
  combineLooks,
  operationGateOn,
  operationLooks,
  type OperationColumns,
  type OperationGateResult,
} from '../analysis/op-gate.js';
import { trimWarmup } from '../analysis/warmup-trim.js';

/** From this many batches on, the side fits run on worker threads. */
export const PARALLEL_MIN_BATCHES = 100_000;

/** A side fit computing on a worker thread. */
export interface PendingFit<T> {
  /** The worker's answer (rejects when the worker fails or is stopped first). */
  result: Promise<T>;
  /** Stops the worker (whether or not it answered). */
  stop: () => void;
}

/** Starts sideFit(part, input) on a new worker thread (input's log times are copied, not shared). */
export function sideFitOnWorker<P extends keyof SideFitParts>(
  part: P,
  input: SideFitsInput,
): PendingFit<SideFitParts[P]> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./side-fits-worker.js', import.meta.url));
  } catch (e) {
    const result = Promise.reject(e instanceof Error ? e : new Error(String(e)));
    result.catch(() => undefined);
    return { result, stop: () => undefined };
  }
  const result = new Promise<SideFitParts[P]>((resolve, reject) => {
    worker.once('message', (m: SideFitParts[P]) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the ${part} worker exited with code ${code} before it answered`)));
  });
  // marked handled: a worker stopped before it answered is not an error of the gate
  result.catch(() => undefined);
  const zKept = Float64Array.from(input.zKept);
  worker.postMessage({ part, input: { ...input, zKept } }, [zKept.buffer]);
  return { result, stop: () => void worker.terminate() };
}

interface Pending {
  power: PendingFit<SideFitParts['power']>;
  cliff: PendingFit<SideFitParts['cliff']>;
}

function start(s: GateSeries, w: number): Pending {
  const input = sideFitsInput(s, w);
  return { power: sideFitOnWorker('power', input), cliff: sideFitOnWorker('cliff', input) };
}

function stop(p: Pending): void {
  p.power.stop();
  p.cliff.stop();
}

/** growthGate with the power law and the cliff on worker threads; the same result. */
export async function growthGateParallel(timesMs: ArrayLike<number>, opts: GateOptions): Promise<GateResult> {
  const s = gateSeries(timesMs, opts);
  let pending = start(s, 1);
  try {
    const w = trimWarmup(s.z).dropped;
    if (w !== 1) {
      stop(pending);
      pending = start(s, w);
    }
    const trend = trendFit(s, w);
    const input = sideFitsInput(s, w);
    const [power, cliff] = await Promise.all([
      pending.power.result.catch(() => sideFit('power', input)),
      pending.cliff.result.catch(() => sideFit('cliff', input)),
    ]);
    return assembleGate(s, trend, { power, ...cliff });
  } finally {
    stop(pending);
  }
}

/** operationGateOn, each look with its side fits on worker threads from minBatches batches on. */
export async function operationGateParallel(
  c: OperationColumns,
  opts: Omit<GateOptions, 'z'>,
  minBatches = PARALLEL_MIN_BATCHES,
): Promise<OperationGateResult> {
  if (c.wallMs.length < minBatches) return operationGateOn(c, opts);
  const looks = operationLooks(c, opts);
  const wall = await growthGateParallel(looks.wallMs, looks.wallOpts);
  const geo = looks.geomeanMs === null ? null : await growthGateParallel(looks.geomeanMs, looks.geomeanOpts);
  return combineLooks(c, looks, wall, geo);
}
