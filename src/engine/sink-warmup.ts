/**
 * The client's warm-up against a local sink (docs/growth-gate.md, "The client's
 * warm-up"). On a 2-core machine the tool's own CPU per operation fell from 130–300 µs to 50–70 µs
 * over the first few thousand requests (V8 compiling the request, content and recording paths), so
 * the early batches of a short run against a constant store were slower and its CI lay below 1.0.
 *
 * Before batch 1 of a fresh run, this runs a throwaway run of the same workload (fewer objects, no
 * read-back) through a second instance of the same backend, made from the same flags but pointed at
 * a sink inside the tool's own process (loopback-sink.ts, 127.0.0.1, a port the system picks), through
 * the same session and engine code (prepareRun, runSession: the pool, the backend's write path, the
 * timing, the batch summary, the host samples), recorded into an in-memory results database that is
 * dropped afterwards. Nothing reaches the user's store or the run's database; what it leaves is
 * compiled code. It is bounded by objects, bytes and time, and it never fails the run: a warm-up that
 * cannot run is skipped, with the reason recorded in the run's settings.
 */
import type { RunTarget } from '../backends/index.js';
import { msBetween, realClock, type Clock } from '../model/clock.js';
import type { RunSettings } from '../model/records.js';
import { ResultsStore } from '../store/index.js';
import { meanSize, type Workload } from '../workload/index.js';
import { prepareRun, runSession } from './run-session.js';
import { startLoopbackSink } from './loopback-sink.js';

/** The backends a sink can answer for (a sink that only answers serves a plain PUT store). */
export const SINK_BACKENDS: readonly string[] = ['http-put'];

/** Objects warmed at most, bytes generated at most, and the time it may take at most. */
export const SINK_WARMUP_OBJECTS = 3000;
export const SINK_WARMUP_BYTES = 64 * 1024 * 1024;
export const SINK_WARMUP_MS = 3000;

/** What the run's settings record (`settings.sinkWarmup`): objects written, requests answered, wall ms, why skipped (or null). */
export type SinkWarmupRecord = NonNullable<RunSettings['sinkWarmup']>;

/** Objects the warm-up writes: SINK_WARMUP_OBJECTS, fewer for large objects (at most SINK_WARMUP_BYTES made), at least one batch. */
export function sinkWarmupObjects(w: Pick<Workload, 'datastreams' | 'batchSize'>): number {
  const perObject = w.datastreams.reduce((sum, d) => sum + meanSize(d.size), 0);
  const byBytes = perObject > 0 ? Math.floor(SINK_WARMUP_BYTES / perObject) : SINK_WARMUP_OBJECTS;
  return Math.max(Math.min(w.batchSize, SINK_WARMUP_OBJECTS), Math.min(SINK_WARMUP_OBJECTS, byBytes));
}

export interface SinkWarmupOptions {
  backend: string;
  workload: Workload;
  /** The run's parsed flags and secrets; the target's address is replaced by the sink's. */
  target: RunTarget;
  objects?: number;
  budgetMs?: number;
  /** Times the warm-up (the host's clock by default). */
  clock?: Clock;
}

const skipped = (why: string, ms = 0): SinkWarmupRecord => ({ objects: 0, requests: 0, ms, skipped: why });

export async function warmUpAgainstSink(o: SinkWarmupOptions): Promise<SinkWarmupRecord> {
  if (!SINK_BACKENDS.includes(o.backend)) return skipped(`no warm-up sink answers for ${o.backend}`);
  const clock = o.clock ?? realClock;
  const started = clock.nowNs();
  const elapsed = (): number => Math.round(msBetween(started, clock.nowNs()));
  const objects = o.objects ?? sinkWarmupObjects(o.workload);
  let sink;
  try {
    sink = await startLoopbackSink();
  } catch (e) {
    return skipped(`the sink could not listen on 127.0.0.1: ${(e as Error).message}`);
  }
  // the time bound stops the throwaway run between batches, as a first Ctrl-C stops a run
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), o.budgetMs ?? SINK_WARMUP_MS);
  let store: ResultsStore | undefined;
  try {
    store = await ResultsStore.open(':memory:', 'write');
    // the sink speaks plain HTTP: a CA for the real target has nothing to verify there
    const flags = { ...(o.target.flags ?? {}), url: `${sink.url}/warmup`, ca: undefined };
    const prepared = await prepareRun({
      workload: { ...o.workload, objects, verify: 'none' },
      backend: o.backend,
      target: { ...o.target, flags },
    });
    let written = 0;
    try {
      const r = await runSession(prepared, {
        store,
        maxErrorRate: 1,
        maxGrowth: 1.1,
        stopEarly: false,
        retries: 0,
        signal: stop.signal,
      });
      written = r.batches.reduce((n, b) => n + b.objects, 0);
    } finally {
      await prepared.release();
    }
    return { objects: written, requests: sink.requests(), ms: elapsed(), skipped: null };
  } catch (e) {
    return skipped(`the warm-up failed: ${(e as Error).message}`, elapsed());
  } finally {
    clearTimeout(timer);
    await store?.close();
    await sink.close();
  }
}
