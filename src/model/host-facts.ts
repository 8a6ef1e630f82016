/** Facts about the machine a run ran on, stored with the run (no user names, no secrets). */

export interface HostFacts {
  hostname: string;
  platform: string;
  arch: string;
  cpus: number;
  cpuModel: string;
  memoryBytes: number;
  /** How this run made its content: the native keystream, or node:crypto when the addon was not built. */
  contentGenerator?: 'native' | 'node-crypto';
}

/** What hostFactsOf reads: node:os has this shape (the caller passes it, so this room imports nothing). */
export interface HostOs {
  hostname(): string;
  platform(): string;
  release(): string;
  arch(): string;
  cpus(): readonly { model: string }[];
  totalmem(): number;
}

/** The host facts of a machine, read from `os` (pass node:os). */
export function hostFactsOf(os: HostOs): HostFacts {
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
