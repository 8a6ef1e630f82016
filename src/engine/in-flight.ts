/**
 * What the engine is waiting for right now: the operations in flight and the age of the oldest, so
 * the CLI can show a stall ("2 requests waiting 14 s") instead of a stale ETA. Every backend times
 * its operations with timeOp, which keeps the set.
 */
import { inFlightOps } from '../backends/index.js';
import { msBetween, realClock, type Clock } from '../model/clock.js';

export interface InFlight {
  count: number;
  /** Age of the oldest operation in flight in ms (0 when none). */
  oldestMs: number;
}

export function inFlightNow(clock: Clock = realClock): InFlight {
  const f = inFlightOps();
  return { count: f.count, oldestMs: f.oldestStartNs === null ? 0 : msBetween(f.oldestStartNs, clock.nowNs()) };
}
