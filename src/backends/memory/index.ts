/**
 * The `memory` backend module: an in-process object store whose per-operation latency is a
 * simulated cost set by --latency, scaled by a ground-truth cost model as it fills (--cost), waited
 * on the host's clock or on a virtual one (--virtual-clock, with a scripted host: --virtual-host).
 * Its data lives only in the process of the run that wrote it, so `clean` of a memory run has
 * nothing to remove and says so.
 */
import { parseCostModel } from '../../cost-model/index.js';
import { UsageError } from '../../errors.js';
import { flagOn, flagValue, type BackendModule } from '../backend-module.js';
import { parseLatency } from './latency.js';
import type { MemoryOptions } from './memory-backend.js';
import { parseVirtualHost } from './virtual-host.js';

const LATENCY = {
  flag: '--latency',
  value: '<duration|distribution>',
  help: 'memory: the simulated cost of every operation, waited before it is done: 2ms, 500us, uniform:1ms-3ms or lognormal:2ms:0.5',
  default: '0ms',
};
const COST = {
  flag: '--cost',
  value: '<model>',
  help: 'memory: scales every drawn --latency as the store fills, as `serve --protocol http-put --cost` does: constant, linear:F (F x at --fill), log:F, step:AT:F (F x from object AT on), stalls:EVERY:FOR (the store pauses FOR after every EVERY objects)',
  default: 'constant',
};
const FILL = {
  flag: '--fill',
  value: '<objects>',
  help: 'memory: the fill at which --cost linear:F or log:F reaches F x (default: the run’s -n)',
};
const VIRTUAL_CLOCK = {
  flag: '--virtual-clock',
  help: 'memory: wait on a virtual clock, not the host’s: the simulated costs take no host time, and the run reads that clock and a scripted host (--virtual-host), so the same flags give the same batch times on any machine',
};
const VIRTUAL_HOST = {
  flag: '--virtual-host',
  value: '<script>',
  help: 'memory, with --virtual-clock: the host the contention guard sees: quiet, or busy-from:AT[:SLOWDOWN] (others busy from AT objects stored; every operation then costs SLOWDOWN x)',
};

const HINT = 'e.g. --backend memory --latency lognormal:2ms:0.3 --cost step:10000:1.3 --virtual-clock';

function fillOf(text: string | undefined, objects: number): number {
  if (text === undefined) return Math.max(1, objects);
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError('E_BAD_FLAG', `--fill "${text}" is not a whole number of objects above 0`, HINT);
  return n;
}

export const memory: BackendModule<MemoryOptions> = {
  name: 'memory',
  description:
    'in-process object store for trying the tool and for tests without a server; its latency is simulated (--latency 2ms or uniform:1ms-3ms, scaled by --cost as it fills), not measured; its data lives only for the run',
  options: [LATENCY, COST, FILL, VIRTUAL_CLOCK, VIRTUAL_HOST],
  fromFlags(flags, ctx) {
    const latencyText = flagValue(flags, LATENCY) ?? '0ms';
    const costText = flagValue(flags, COST) ?? 'constant';
    const cost = {
      model: parseCostModel(costText),
      baseMs: 1,
      fill: fillOf(flagValue(flags, FILL), ctx.workload.objects),
      text: costText,
    };
    const hostText = flagValue(flags, VIRTUAL_HOST);
    const virtual = flagOn(flags, VIRTUAL_CLOCK);
    if (hostText !== undefined && !virtual)
      throw new UsageError(
        'E_BAD_FLAG',
        '--virtual-host scripts the host of a virtual run: it needs --virtual-clock',
        HINT,
      );
    return {
      latency: parseLatency(latencyText),
      latencyText,
      runId: ctx.runId,
      seed: ctx.workload.seed,
      ...(cost.model.kind === 'constant' ? {} : { cost }),
      ...(virtual ? { virtual: { host: parseVirtualHost(hostText ?? 'quiet'), hostText: hostText ?? 'quiet' } } : {}),
    };
  },
  fromRecorded: (run) => ({
    gone: `nothing to remove: run ${run.id} used the memory backend, whose data lived only in the process of that run and went with it`,
  }),
  async create(options) {
    const { MemoryBackend } = await import('./memory-backend.js');
    return new MemoryBackend(options);
  },
};
