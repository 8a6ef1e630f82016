/**
 * Waits (bounded) until the host is quiet before a measurement whose answer depends on it: the
 * constant ground-truth store's CI holding 1.0 asks for a host that does not change during the run,
 * and the test before it may leave processes winding down (servers stopping, a browser closing). Quiet
 * means, over one second, CPU pressure under 10% of the time (/proc/pressure/cpu `some`) and the rest of
 * the host using under 15% of all cores (/proc/stat); the same samples a run records per batch
 * (src/engine/host-pressure.ts). Without those files the host counts as quiet at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { hostSample, hostSnapshot } from '../../src/engine/host-pressure.js';

export interface QuietHost {
  /** True when a quiet second was seen before the limit. */
  quiet: boolean;
  waitedMs: number;
  /** The last second's CPU pressure and the rest of the host's CPU share (null where unknown). */
  cpuPressure: number | null;
  othersCpu: number | null;
}

export const QUIET_PRESSURE = 0.1;
export const QUIET_OTHERS_CPU = 0.15;

/** Samples one-second windows until one is quiet or `limitMs` has passed; never throws. */
export async function waitForQuietHost(limitMs = 30_000): Promise<QuietHost> {
  const t0 = Date.now();
  for (;;) {
    const a = hostSnapshot();
    await sleep(1_000);
    const s = hostSample(a, hostSnapshot(), 1);
    const quiet = (s.cpuPressure ?? 0) < QUIET_PRESSURE && (s.othersCpu ?? 0) < QUIET_OTHERS_CPU;
    const waitedMs = Date.now() - t0;
    if (quiet || waitedMs >= limitMs) return { quiet, waitedMs, cpuPressure: s.cpuPressure, othersCpu: s.othersCpu };
  }
}

/** "quiet after 1.0 s (CPU pressure 2%, others 4%)" for a test's diagnostic line. */
export function describeQuiet(q: QuietHost): string {
  const pct = (v: number | null): string => (v === null ? '?' : `${Math.round(v * 100)}%`);
  return `${q.quiet ? 'quiet' : 'still busy'} after ${(q.waitedMs / 1000).toFixed(1)} s (CPU pressure ${pct(q.cpuPressure)}, others ${pct(q.othersCpu)})`;
}
