/**
 * The host a virtual run sees (`--virtual-host`, docs/backends.md): on the virtual clock the
 * machine's /proc counters mean nothing (the batches take no host time), so the run's contention
 * guard reads this scripted host instead, through the same HostSampler the engine reads /proc with.
 *
 *   quiet                    the rest of the host uses 3% of the cores; CPU pressure 2%
 *   busy-from:AT[:SLOWDOWN]  quiet until the store holds AT objects, then busy: others use 95% of
 *                            the cores, CPU pressure 90%, the tool waits 40% of the time for a CPU;
 *                            every simulated operation then costs SLOWDOWN times more (default 1: a
 *                            host whose load does not reach the store)
 *
 * The counters advance with the virtual clock at the rates of the current state, with a small
 * seeded jitter (a share of ±1 point per interval), so a sample series looks like a host's and
 * repeats exactly.
 */
import { UsageError } from '../../errors.js';
import { mulberry32 } from '../../generate/index.js';
import type { Clock } from '../../model/clock.js';
import type { HostSampler, HostSnapshot } from '../../model/host-sampler.js';

export type VirtualHostSpec = { kind: 'quiet' } | { kind: 'busy-from'; at: number; slowdown: number };

const HINT = 'use --virtual-host quiet or busy-from:AT[:SLOWDOWN], e.g. busy-from:10000:1.3';

export function parseVirtualHost(text: string): VirtualHostSpec {
  const [kind, at, slowdown, ...rest] = text.trim().split(':');
  if (kind === 'quiet' && at === undefined) return { kind: 'quiet' };
  if (kind === 'busy-from' && at !== undefined && rest.length === 0) {
    const n = Number(at);
    const f = slowdown === undefined ? 1 : Number(slowdown);
    if (!Number.isInteger(n) || n < 0)
      throw new UsageError('E_BAD_FLAG', `--virtual-host "${text}": AT must be a whole number of objects`, HINT);
    if (!Number.isFinite(f) || f < 1 || f > 100)
      throw new UsageError('E_BAD_FLAG', `--virtual-host "${text}": SLOWDOWN must be a number from 1 to 100`, HINT);
    return { kind: 'busy-from', at: n, slowdown: f };
  }
  throw new UsageError('E_BAD_FLAG', `--virtual-host "${text}" is not a host script`, HINT);
}

interface Rates {
  /** CPU pressure, I/O pressure, others' share of the cores, the tool's wait for a CPU: shares of wall time. */
  cpu: number;
  io: number;
  others: number;
  wait: number;
  load1: number;
}

const QUIET: Rates = { cpu: 0.02, io: 0.01, others: 0.03, wait: 0.005, load1: 0.1 };
const BUSY: Rates = { cpu: 0.9, io: 0.01, others: 0.95, wait: 0.4, load1: 3.2 };
/** Jiffies per second (USER_HZ) and the cores of the scripted host. */
const USER_HZ = 100;
const CORES = 2;

export class VirtualHost implements HostSampler {
  readonly cores = CORES;
  private readonly jitter = mulberry32(7);
  private lastNs: bigint;
  private busy = false;
  private readonly totals = { cpuUs: 0, ioUs: 0, allJ: 0, busyJ: 0, waitNs: 0 };

  constructor(
    private readonly spec: VirtualHostSpec,
    private readonly clock: Clock,
    private readonly stored: () => number,
  ) {
    this.lastNs = clock.nowNs();
  }

  /** The factor the host's state puts on a simulated operation's cost now. */
  slowdown(): number {
    this.advance();
    return this.busy && this.spec.kind === 'busy-from' ? this.spec.slowdown : 1;
  }

  snapshot(): HostSnapshot {
    this.advance();
    const t = this.totals;
    return {
      wallNs: this.lastNs,
      cpuSomeUs: t.cpuUs,
      ioSomeUs: t.ioUs,
      jiffies: { all: t.allJ, busy: t.busyJ, steal: 0 },
      ownCpuUs: 0,
      runDelayNs: t.waitNs,
    };
  }

  /** A property, not a method: the engine hands it on unbound. */
  readonly load1 = (): number => (this.busy ? BUSY : QUIET).load1;

  /** Counts the time since the last reading at the current state's rates, then takes the state the store is in now. */
  private advance(): void {
    const now = this.clock.nowNs();
    if (now > this.lastNs) {
      const us = Number(now - this.lastNs) / 1000;
      const r = this.busy ? BUSY : QUIET;
      const j = (): number => (this.jitter() - 0.5) * 0.02;
      const share = (v: number): number => Math.min(1, Math.max(0, v + j()));
      this.totals.cpuUs += share(r.cpu) * us;
      this.totals.ioUs += share(r.io) * us;
      this.totals.allJ += (CORES * us * USER_HZ) / 1e6;
      this.totals.busyJ += (share(r.others) * CORES * us * USER_HZ) / 1e6;
      this.totals.waitNs += share(r.wait) * us * 1000;
      this.lastNs = now;
    }
    this.busy = this.spec.kind === 'busy-from' && this.stored() >= this.spec.at;
  }
}
