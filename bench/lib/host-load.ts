/**
 * The host's load as the benchmarks on the host's clock report it with every figure: the 1-minute
 * load average and the share of the last 10 s some task waited for a CPU (`/proc/pressure/cpu`),
 * null where the host has no such file. A figure measured on a shared machine says how busy the
 * machine was beside it, so a reader can tell the gate's behaviour from the host's.
 */
import { readFileSync } from 'node:fs';

export interface HostLoad {
  load1: number | null;
  /** `some avg10` of /proc/pressure/cpu, as a share (0..1). */
  cpuPressure10: number | null;
}

function readOr(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export function hostLoad(): HostLoad {
  const avg = readOr('/proc/loadavg');
  const psi = readOr('/proc/pressure/cpu');
  const load1 = avg === null ? Number.NaN : Number(avg.split(' ')[0]);
  const some = psi === null ? null : /^some avg10=([\d.]+)/m.exec(psi);
  return {
    load1: Number.isFinite(load1) ? load1 : null,
    cpuPressure10: some ? Number(some[1]) / 100 : null,
  };
}

/** "load 1.23, CPU pressure 4%" (n/a where unknown). */
export function loadText(l: HostLoad): string {
  const load = l.load1 === null ? 'n/a' : l.load1.toFixed(2);
  const psi = l.cpuPressure10 === null ? 'n/a' : `${(100 * l.cpuPressure10).toFixed(0)}%`;
  return `load ${load}, CPU pressure ${psi}`;
}

/** The range of the loads seen over several runs: "load 0.9–2.1, CPU pressure 1–7%". */
export function loadRange(ls: readonly HostLoad[]): string {
  const span = (xs: number[], f: (x: number) => string): string =>
    xs.length === 0 ? 'n/a' : `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;
  const loads = ls.map((l) => l.load1).filter((x): x is number => x !== null);
  const psi = ls.map((l) => l.cpuPressure10).filter((x): x is number => x !== null);
  return `load ${span(loads, (x) => x.toFixed(2))}, CPU pressure ${span(psi, (x) => `${(100 * x).toFixed(0)}`)}%`;
}
