/**
 * Where a run reads what the host was doing (src/engine/host-pressure.ts turns two snapshots into a
 * batch's HostSample). The host's own sampler reads /proc; a simulated run (the memory backend on its
 * virtual clock) supplies a scripted host instead, so its contention guard sees the host the script
 * describes, on the same clock as the batches.
 */

export interface HostSnapshot {
  /** A reading of the run's clock (src/model/clock.ts), ns. */
  wallNs: bigint;
  cpuSomeUs: number | null;
  ioSomeUs: number | null;
  /** Jiffies of the aggregate `cpu` line: all (guest excluded, as it is counted in user), busy, steal. */
  jiffies: { all: number; busy: number; steal: number } | null;
  /** This process's user + system CPU, µs. */
  ownCpuUs: number;
  /** Run delay of the main thread, ns (/proc/self/schedstat). */
  runDelayNs: number | null;
  /** The target's local processes' user + system CPU, µs; null (or absent) when none were found. */
  targetCpuUs?: number | null;
  /** The 1-minute load average when the snapshot was taken; absent: the sampler's load1() is asked. */
  load1?: number | null;
}

export interface HostSampler {
  /** The counters now. */
  snapshot(): HostSnapshot;
  /** Cores the counters are shared by. */
  readonly cores: number;
  /** The 1-minute load average now, or null where there is none (called unbound). */
  load1(): number | null;
}
