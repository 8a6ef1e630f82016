/**
 * The clock seam: every reading of time that ends up in a record or a decision goes through a
 * `Clock`, so a run can be timed by the host (`realClock`: process.hrtime.bigint() and setTimeout)
 * or by a simulation (the memory backend's virtual clock, src/backends/memory/virtual-clock.ts).
 *
 * Time is a bigint of nanoseconds, as the records already carry it (`OpTiming.startNs`,
 * `BatchRecord` wall times): differences are exact at any run length (a double of milliseconds
 * loses the nanoseconds after about 100 days of uptime and would turn every reading into a
 * conversion), and only differences mean anything (the origin is the clock's own). `sleep` takes
 * milliseconds, as every wait in the tool is written.
 */

export interface Clock {
  /** A monotonic reading in nanoseconds; only the difference of two readings means anything. */
  nowNs(): bigint;
  /** Resolves once `ms` milliseconds of this clock's time have passed (at once for 0 or less). */
  sleep(ms: number): Promise<void>;
}

/** The host's clock: process.hrtime.bigint() and a timer. */
export const realClock: Clock = {
  nowNs: () => process.hrtime.bigint(),
  sleep: (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()),
};

/** Milliseconds from reading `fromNs` to reading `toNs` of one clock. */
export const msBetween = (fromNs: bigint, toNs: bigint): number => Number(toNs - fromNs) / 1e6;
