/**
 * The `memory` backend module: an in-process object store whose per-operation latency is a
 * simulated cost set by --latency. Its data lives only in the process of the run that wrote it,
 * so `clean` of a memory run has nothing to remove and says so.
 */
import { flagValue, type BackendModule } from '../backend-module.js';
import { parseLatency } from './latency.js';
import type { MemoryOptions } from './memory-backend.js';

const LATENCY = {
  flag: '--latency',
  value: '<duration|distribution>',
  help: 'memory: the simulated cost of every operation, waited before it is done: 2ms, 500us, uniform:1ms-3ms or lognormal:2ms:0.5',
  default: '0ms',
};

export const memory: BackendModule<MemoryOptions> = {
  name: 'memory',
  description:
    'in-process object store for trying the tool and for tests without a server; its latency is simulated (--latency 2ms or uniform:1ms-3ms), not measured; its data lives only for the run',
  options: [LATENCY],
  fromFlags(flags, ctx) {
    const latencyText = flagValue(flags, LATENCY) ?? '0ms';
    return { latency: parseLatency(latencyText), latencyText, runId: ctx.runId };
  },
  fromRecorded: (run) => ({
    gone: `nothing to remove: run ${run.id} used the memory backend, whose data lived only in the process of that run and went with it`,
  }),
  async create(options) {
    const { MemoryBackend } = await import('./memory-backend.js');
    return new MemoryBackend(options);
  },
};
