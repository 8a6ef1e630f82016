/**
 * What the host was doing during a batch (docs/growth-gate.md, "Host contention"):
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
import { realClock, type Clock } from '../model/clock.js';
import type { HostSampler, HostSnapshot } from '../model/host-sampler.js';
import type { HostSample } from '../store/index.js';
import { targetCpuUs } from './target-processes.js';

export type { HostSampler, HostSnapshot } from '../model/host-sampler.js';

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

const hostLoad1 = (): number | null => (platform() === 'win32' ? null : (loadavg()[0] ?? null));

/** A snapshot of this host on `clock`; `targetPids` are the target's local processes (target-processes.ts). */
export function hostSnapshot(clock: Clock = realClock, targetPids: readonly number[] = []): HostSnapshot {
  const own = process.cpuUsage();
  return {
    wallNs: clock.nowNs(),
    cpuSomeUs: parsePressureTotal(readOptional('/proc/pressure/cpu')),
    ioSomeUs: parsePressureTotal(readOptional('/proc/pressure/io')),
    jiffies: parseProcStat(readOptional('/proc/stat')),
    ownCpuUs: own.user + own.system,
    runDelayNs: parseRunDelay(readOptional('/proc/self/schedstat')),
    targetCpuUs: targetCpuUs(targetPids),
    load1: hostLoad1(),
  };
}

/** Jiffies per second of /proc/stat (USER_HZ: 100 on every Linux architecture Node supports). */
const USER_HZ = 100;

const share = (v: number): number => Math.min(1, Math.max(0, v));

/** This host, read from /proc on the host's clock (or on `clock`), counting `targetPids` as the target's. */
export function hostSampler(clock: Clock = realClock, targetPids: readonly number[] = []): HostSampler {
  return { snapshot: () => hostSnapshot(clock, targetPids), cores: cpus().length, load1: hostLoad1 };
}

/** The real host on its own clock, counting `targetPids` as the target's. */
export function realHostSampler(targetPids: readonly number[] = []): HostSampler {
  return hostSampler(realClock, targetPids);
}

/**
 * The sample of a batch between two snapshots, with `ops` operations in it (pure: a scripted host
 * feeds it too); the load average is the end snapshot's, or `load1()` read at its end.
 */
export function hostSample(
  a: HostSnapshot,
  b: HostSnapshot,
  ops: number,
  cores = cpus().length,
  load1: () => number | null = hostLoad1,
): HostSample {
  const wallUs = Number(b.wallNs - a.wallNs) / 1000;
  const ownUs = b.ownCpuUs - a.ownCpuUs;
  const pressure = (x: number | null, y: number | null): number | null =>
    x === null || y === null || wallUs <= 0 ? null : share((y - x) / wallUs);
  let steal: number | null = null;
  let othersCpu: number | null = null;
  // a target process that ended during the batch takes its ticks with it: never a negative share
  const ta = a.targetCpuUs ?? null;
  const tb = b.targetCpuUs ?? null;
  const targetUs = ta === null || tb === null ? null : Math.max(0, tb - ta);
  const targetCpu = targetUs === null || wallUs <= 0 || cores <= 0 ? null : share(targetUs / (wallUs * cores));
  if (a.jiffies && b.jiffies && wallUs > 0) {
    const all = b.jiffies.all - a.jiffies.all;
    steal = all > 0 ? share((b.jiffies.steal - a.jiffies.steal) / all) : null;
    const busyUs = ((b.jiffies.busy - a.jiffies.busy) * 1e6) / USER_HZ;
    // jiffies tick at 10 ms: a batch much shorter than that reads as 0 or 1 tick, so this is rough there
    othersCpu = cores > 0 ? share((busyUs - ownUs - (targetUs ?? 0)) / (wallUs * cores)) : null;
  }
  const load = b.load1 !== undefined ? b.load1 : load1();
  return {
    cpuPressure: pressure(a.cpuSomeUs, b.cpuSomeUs),
    ioPressure: pressure(a.ioSomeUs, b.ioSomeUs),
    cpuSteal: steal,
    othersCpu,
    targetCpu,
    load1: load,
    toolCpuMsPerOp: ops > 0 ? ownUs / 1000 / ops : null,
    toolCpuWait:
      a.runDelayNs === null || b.runDelayNs === null || wallUs <= 0
        ? null
        : share((b.runDelayNs - a.runDelayNs) / 1000 / wallUs),
  };
}
