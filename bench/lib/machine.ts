/** Machine facts printed with every result: cores, CPU model, memory, node version, load. */
import { cpus, loadavg, release, totalmem } from 'node:os';

export interface MachineFacts {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  kernel: string;
  loadavg: string;
}

export function machineFacts(): MachineFacts {
  const c = cpus();
  return {
    cores: c.length,
    cpuModel: c[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    kernel: `${process.platform} ${release()}`,
    loadavg: loadavg()
      .map((x) => x.toFixed(2))
      .join(' '),
  };
}
