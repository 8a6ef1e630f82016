/**
 * What the host was doing during a batch (issue 16, item 3; docs/growth-gate.md, "Host contention"):
 * a snapshot right before the batch's clock starts and one right after it stops, and their
 * difference as a HostSample recorded with the batch.
 *
 * - CPU and I/O pressure: the `some total` counters of /proc/pressure/cpu and /proc/pressure/io
 *   (Linux 4.20+ with PSI; microseconds during which at least one task waited), as a share of the
 *   batch's wall time.
 * - CPU steal: Δ steal / Δ all jiffies of the `cpu` line of /proc/stat.
 * - Others' CPU: (Δ busy jiffies − Δ this process's CPU − Δ the target's CPU) / (Δ wall × cores): the
 *   CPU the rest of the host used. The target's processes (a store on the loopback, found by
 *   target-processes.ts) are the store's work, not the host's (docs/verdict-iv.md); their CPU is kept
 *   apart as `targetCpu` (null when the target is remote or its processes could not be found).
 * - The 1-minute load average at the batch's end, and this process's CPU time per operation
 *   (process.cpuUsage delta / operations).
 * - The tool's own wait for a CPU: Δ run delay of the main thread (/proc/self/schedstat, second
 *   field, ns) as a share of the batch's wall time. Host-wide pressure saturates near 100% on a host
 *   that is already busy; this one still grows as more tasks queue for the cores the tool needs.
 *
 * Every file is optional: a host without it gives null for that field, never an error. Reading the
 * files takes tens of microseconds, outside the batch's clock.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg, platform } from 'node:os';
import type { HostSample } from '../store/host-samples.js';
import { targetCpuUs } from './target-processes.js';

export interface HostSnapshot {
  wallNs: bigint;
  cpuSomeUs: number | null;
  ioSomeUs: number | null;
  /** Jiffies of the aggregate `cpu` line: all (guest excluded, as it is counted in user), busy, steal. */
  jiffies: { all: number; busy: number; steal: number } | null;
  /** This process's user + system CPU, µs. */
  ownCpuUs: number;
  /** Run delay of the main thread, ns (/proc/self/schedstat). */
  runDelayNs: number | null;
  /** The target's local processes' user + system CPU, µs; null when it has none found. */
  targetCpuUs: number | null;
  /** The 1-minute load average (null where the platform has none). */
  load1: number | null;
}

/**
 * Where the engine takes its snapshots: the real host (`procHost`), or a scripted one in tests, which
 * builds HostSnapshot values of its own (a virtual clock's wallNs, counters it advances).
 */
export interface HostProbe {
  snapshot(): HostSnapshot;
}

const SOME_TOTAL = /^some .*\btotal=(\d+)/m;

function readOptional(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** `some total=` of a /proc/pressure file, µs; null when the file or the field is missing. */
export function parsePressureTotal(text: string | null): number | null {
  const m = text === null ? null : SOME_TOTAL.exec(text);
  return m ? Number(m[1]) : null;
}

/** The aggregate `cpu` line of /proc/stat: user nice system idle iowait irq softirq steal [guest guest_nice]. */
export function parseProcStat(text: string | null): HostSnapshot['jiffies'] {
  const line = text?.split('\n', 1)[0];
  if (!line?.startsWith('cpu ')) return null;
  const f = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (f.length < 8 || f.some((v) => !Number.isFinite(v))) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = f as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const all = user + nice + system + idle + iowait + irq + softirq + steal;
  return { all, busy: user + nice + system + irq + softirq, steal };
}

/** The second field of /proc/self/schedstat (time spent waiting on a run queue, ns), or null. */
export function parseRunDelay(text: string | null): number | null {
  const f = text?.trim().split(/\s+/);
  const v = f && f.length >= 2 ? Number(f[1]) : Number.NaN;
  return Number.isFinite(v) ? v : null;
}

/** A snapshot of this host; `targetPids` are the target's local processes (target-processes.ts). */
export function hostSnapshot(targetPids: readonly number[] = []): HostSnapshot {
  const own = process.cpuUsage();
  return {
    wallNs: process.hrtime.bigint(),
    cpuSomeUs: parsePressureTotal(readOptional('/proc/pressure/cpu')),
    ioSomeUs: parsePressureTotal(readOptional('/proc/pressure/io')),
    jiffies: parseProcStat(readOptional('/proc/stat')),
    ownCpuUs: own.user + own.system,
    runDelayNs: parseRunDelay(readOptional('/proc/self/schedstat')),
    targetCpuUs: targetCpuUs(targetPids),
    load1: platform() === 'win32' ? null : (loadavg()[0] ?? null),
  };
}

/** The real host, counting `targetPids` as the target's. */
export function procHost(targetPids: readonly number[] = []): HostProbe {
  return { snapshot: () => hostSnapshot(targetPids) };
}

/** Jiffies per second of /proc/stat (USER_HZ: 100 on every Linux architecture Node supports). */
const USER_HZ = 100;

const share = (v: number): number => Math.min(1, Math.max(0, v));

/** The sample of a batch between two snapshots, with `ops` operations in it (pure: a scripted host feeds it too). */
export function hostSample(a: HostSnapshot, b: HostSnapshot, ops: number, cores = cpus().length): HostSample {
  const wallUs = Number(b.wallNs - a.wallNs) / 1000;
  const ownUs = b.ownCpuUs - a.ownCpuUs;
  const pressure = (x: number | null, y: number | null): number | null =>
    x === null || y === null || wallUs <= 0 ? null : share((y - x) / wallUs);
  let steal: number | null = null;
  let othersCpu: number | null = null;
  // a target process that ended during the batch takes its ticks with it: never a negative share
  const targetUs = a.targetCpuUs === null || b.targetCpuUs === null ? null : Math.max(0, b.targetCpuUs - a.targetCpuUs);
  const targetCpu = targetUs === null || wallUs <= 0 || cores <= 0 ? null : share(targetUs / (wallUs * cores));
  if (a.jiffies && b.jiffies && wallUs > 0) {
    const all = b.jiffies.all - a.jiffies.all;
    steal = all > 0 ? share((b.jiffies.steal - a.jiffies.steal) / all) : null;
    const busyUs = ((b.jiffies.busy - a.jiffies.busy) * 1e6) / USER_HZ;
    // jiffies tick at 10 ms: a batch much shorter than that reads as 0 or 1 tick, so this is rough there
    othersCpu = cores > 0 ? share((busyUs - ownUs - (targetUs ?? 0)) / (wallUs * cores)) : null;
  }
  return {
    cpuPressure: pressure(a.cpuSomeUs, b.cpuSomeUs),
    ioPressure: pressure(a.ioSomeUs, b.ioSomeUs),
    cpuSteal: steal,
    othersCpu,
    targetCpu,
    load1: b.load1,
    toolCpuMsPerOp: ops > 0 ? ownUs / 1000 / ops : null,
    toolCpuWait:
      a.runDelayNs === null || b.runDelayNs === null || wallUs <= 0
        ? null
        : share((b.runDelayNs - a.runDelayNs) / 1000 / wallUs),
  };
}
