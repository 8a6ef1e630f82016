/**
 * `serve --protocol http-put`: the ground-truth PUT store (src/servers/http-put/): in memory, with a
 * per-PUT cost model and seeded faults. Its settings are checked before anything binds.
 */
import { Option } from 'commander';
import { parseIntFlag } from '../parse-flags.js';
import type { ServeProtocol } from './serve-protocol.js';

/** PUTs the ground-truth store answers from itself before it serves (src/servers/http-put/self-warmup.ts). */
const SELF_WARMUP_REQUESTS = 3000;

interface HttpPutFlags {
  cost: string;
  baseCost: string;
  fill: string;
  faults?: string;
  seed: string;
  warmup: boolean;
}

export const httpPut: ServeProtocol = {
  name: 'http-put',
  summary: 'http-put: a WebDAV-style PUT store in memory with a known cost model',
  options: () => [
    new Option(
      '--cost <model>',
      'http-put: the per-PUT cost as the store fills: constant, linear:FACTOR (FACTOR x the base cost at --fill), log:FACTOR (growing with the log of the fill, FACTOR x at --fill), step:AT:FACTOR (from resource AT on), stalls:EVERY:FOR (the whole server pauses FOR every EVERY resources)',
    ).default('constant'),
    new Option(
      '--base-cost <duration>',
      'http-put: what a PUT into the empty store waits before it answers (e.g. 2ms, 500us)',
    ).default('2ms'),
    new Option(
      '--fill <n>',
      'http-put: the fill (resources stored) at which linear:FACTOR and log:FACTOR reach FACTOR x the base cost',
    ).default('10000'),
    new Option('--faults <list>', 'http-put: seeded faults, e.g. 503:5%,reset:2%,hang:0.1%,slow:200ms (slow:D[:P%])'),
    new Option('--seed <n>', 'http-put: seed of the fault draws').default('1'),
    new Option(
      '--no-warmup',
      'http-put: serve at once, without first answering 3,000 PUTs from itself (a 1 ms wait each, no faults, then emptied) so that its own code runs compiled from the first request of a run',
    ),
  ],
  storesData: false,
  inMemory: 'the ground-truth store keeps its bodies in memory and takes no credentials',
  async start(flags, c) {
    const f = flags as unknown as HttpPutFlags;
    const { parseCostModel, parseDurationMs, describeCost } = await import('../../cost-model/index.js');
    const { parseFaults, NO_FAULTS } = await import('../../servers/index.js');
    const cost = {
      model: parseCostModel(f.cost),
      baseMs: parseDurationMs(f.baseCost, '--base-cost'),
      fill: parseIntFlag(f.fill, '--fill', 1, Number.MAX_SAFE_INTEGER),
    };
    const faults = f.faults === undefined ? NO_FAULTS : parseFaults(f.faults);
    const seed = parseIntFlag(f.seed, '--seed', 0, 2 ** 32 - 1);
    const { startHttpPutServer } = await import('../../servers/index.js');
    const server = await startHttpPutServer({
      host: c.host,
      port: c.port,
      cost,
      faults,
      seed,
      selfWarmupRequests: f.warmup ? SELF_WARMUP_REQUESTS : 0,
    });
    return {
      server,
      line: `http-put ground-truth store listening on ${server.url} (in memory; cost ${describeCost(cost)}${f.faults ? `; faults ${f.faults}, seed ${seed}` : ''}); Ctrl-C to stop`,
    };
  },
};
