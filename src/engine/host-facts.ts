/** Facts about the machine a run ran on, stored with the run (no user names, no secrets). */
import os from 'node:os';
import type { HostFacts } from '../store/records.js';

export function hostFacts(): HostFacts {
  const cpus = os.cpus();
  return {
    hostname: os.hostname(),
    platform: `${os.platform()} ${os.release()}`,
    arch: os.arch(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryBytes: os.totalmem(),
  };
}
