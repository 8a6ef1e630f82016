/**
 * A seeded model of one run against a store on the same 2-core host, batch by batch: the batch times
 * and the host snapshots (src/engine/host-pressure.ts) a real run would take before and after each
 * batch, so the contention guard is tested from its raw input (hostSample) to its verdict.
 *
 * The model (docs/verdict-iv.md, "Contention is others' work"):
 * - the store waits `baseMs` x cost(n) before it answers a PUT (constant, a step at half-fill, or
 *   linear growth to `factor` at the end), as the ground-truth store does;
 * - the store's own CPU per object grows with its fill (`storeCpuGrowth`: its heap and its garbage
 *   collector's work grow with what it holds), the tool's does not;
 * - from batch `loopsFrom`, `loops` busy loops want a core each: they take the CPU the tool and the
 *   store leave, and slow both (the CPU parts by 1 + loops/4, the timers by 0.5 ms);
 * - CPU pressure and the tool's wait for a CPU follow the demand of every task on the host, the
 *   store's included; CPU time is counted in 10 ms jiffies at a random phase, as /proc/stat does.
 * Not a measurement: a model with the parts whose mix the guard has to take apart.
 */
import type { HostSnapshot } from '../../src/engine/host-pressure.js';
import { gauss, mulberry32 } from './series.js';

export interface SimulatedRunOptions {
  seed: number;
  batches?: number;
  batchSize?: number;
  concurrency?: number;
  cost: 'constant' | 'step' | 'linear';
  /** The store's wait at the end of the fill, as a multiple of the base (step, linear). */
  factor?: number;
  baseMs?: number;
  /** Busy loops and the batch (1-based) they start at. */
  loops?: number;
  loopsFrom?: number;
  /** The store's CPU per object at the end of the fill over its CPU at the start. */
  storeCpuGrowth?: number;
  /** Lognormal noise of a batch's time. */
  noise?: number;
}

export interface SimulatedRun {
  times: number[];
  /** Per batch: the snapshot before it and after it. */
  snapshots: [HostSnapshot, HostSnapshot][];
  /** Operations per batch (a MKCOL and a PUT per object). */
  ops: number;
  cores: number;
}

const CORES = 2;
const TOOL_CPU_MS = 0.2;
const STORE_CPU_MS = 0.25;

function costOf(o: SimulatedRunOptions, fill: number): number {
  const f = o.factor ?? 1.3;
  if (o.cost === 'step') return fill >= 0.5 ? f : 1;
  if (o.cost === 'linear') return 1 + (f - 1) * fill;
  return 1;
}

export function simulateRun(o: SimulatedRunOptions): SimulatedRun {
  const u = mulberry32(o.seed);
  const m = o.batches ?? 40;
  const size = o.batchSize ?? 500;
  const conc = o.concurrency ?? 4;
  const base = o.baseMs ?? 2;
  const times: number[] = [];
  const snapshots: [HostSnapshot, HostSnapshot][] = [];
  let s: HostSnapshot = {
    wallNs: 0n,
    cpuSomeUs: 0,
    ioSomeUs: 0,
    jiffies: { all: 0, busy: 0, steal: 0 },
    ownCpuUs: 0,
    runDelayNs: 0,
    targetCpuUs: 0,
    load1: 0.3,
  };
  let busyUs = 0;
  let allUs = 0;
  let targetUs = 0;
  for (let i = 0; i < m; i++) {
    const fill = i / m;
    const loops = o.loopsFrom !== undefined && i + 1 >= o.loopsFrom ? (o.loops ?? 3) : 0;
    const slow = 1 + loops / 4;
    const storeCpu = STORE_CPU_MS * (1 + ((o.storeCpuGrowth ?? 1.6) - 1) * fill);
    const perObject = base * costOf(o, fill) + (loops > 0 ? 0.5 : 0) + (storeCpu + TOOL_CPU_MS) * slow;
    const wallMs = ((size * perObject) / conc) * Math.exp((o.noise ?? 0.04) * gauss(u));
    const toolUs = size * TOOL_CPU_MS * 1000 * (1 + 0.05 * gauss(u));
    const storeUs = size * storeCpu * 1000 * (1 + 0.05 * gauss(u));
    const wallUs = wallMs * 1000;
    // the loops take what the tool and the store leave; the rest of the host hums at 1-3%
    const loopUs = Math.min(loops * wallUs, CORES * wallUs - toolUs - storeUs);
    const hum = (0.01 + 0.02 * u()) * CORES * wallUs;
    const demand = (toolUs + storeUs) / wallUs + loops + 0.1;
    const pressure = Math.min(1, Math.max(0, 0.6 * Math.max(0, demand - 0.5) ** 2 + 0.03 * gauss(u)));
    const before = s;
    busyUs += toolUs + storeUs + loopUs + hum;
    allUs += CORES * wallUs;
    targetUs += storeUs;
    const tick = (v: number): number => Math.floor(v / 10_000 + u());
    s = {
      wallNs: before.wallNs + BigInt(Math.round(wallUs * 1000)),
      cpuSomeUs: (before.cpuSomeUs ?? 0) + pressure * wallUs,
      ioSomeUs: (before.ioSomeUs ?? 0) + 0.002 * wallUs * u(),
      jiffies: { all: tick(allUs), busy: tick(busyUs), steal: 0 },
      ownCpuUs: before.ownCpuUs + toolUs,
      runDelayNs: (before.runDelayNs ?? 0) + pressure * 0.4 * wallUs * 1000,
      targetCpuUs: 10_000 * tick(targetUs),
      load1: 0.3 + loops + demand / 2,
    };
    times.push(wallMs);
    snapshots.push([before, s]);
  }
  return { times, snapshots, ops: 2 * size, cores: CORES };
}
