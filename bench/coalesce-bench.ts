/**
 * Benchmark 10, write coalescing: the engine's http-put path (bench/http/engine-client.ts, its own
 * process) with the write client's end-of-turn coalescing on and off (src/http1/turn-writes.ts,
 * Http1PoolOptions.coalesceWrites), against stores with real latency — nginx dav_methods and Apache
 * mod_dav_fs writing files, and the reference server `ingest-scale serve --protocol http-put --cost
 * constant --base-cost 500us` (a store answering in about 0.5 ms). Runs interleaved off, on; on, off;
 * … with each file server's tree emptied before every run; medians, the ratio of each pair, and the
 * load average before and after, since other work on the machine moves both sides.
 */
import { loadavg } from 'node:os';
import { apacheInstalled, startApache } from '../test/helpers/apache-peer.js';
import { serve } from '../test/helpers/serve.js';
import type { DavPeer } from '../test/helpers/serving.js';
import { clear } from './dav-bench.js';
import { nginxInstalled, startNginx } from './lib/nginx.js';
import { benchScript, runJsonChild } from './lib/proc.js';
import { figure, type Benchmark, type Figure, type Mode, type Table } from './lib/result.js';
import { fmt, interleave, median } from './lib/stats.js';

interface Plan {
  objects: number;
  pairs: number;
  concurrency: number[];
}
const PLANS: Record<Mode, Plan> = {
  full: { objects: 5000, pairs: 4, concurrency: [16] },
  quick: { objects: 3000, pairs: 3, concurrency: [16] },
  tiny: { objects: 500, pairs: 1, concurrency: [16] },
};
const SIZE = 1024;

/** A store to write to: its URL, the tree to empty between runs (null: the store keeps nothing on disk), and its stop. */
interface Store {
  url: string;
  root: string | null;
  stop(): Promise<unknown>;
}
interface Server {
  name: string;
  collections: 'mkcol' | 'none';
  installed(): boolean;
  start(): Promise<Store>;
}
const dav = (start: () => Promise<DavPeer>) => async (): Promise<Store> => {
  const p = await start();
  return { url: p.url, root: p.root, stop: () => p.stop() };
};
const SERVERS: Server[] = [
  { name: 'nginx dav_methods', collections: 'none', installed: nginxInstalled, start: dav(startNginx) },
  { name: 'Apache mod_dav_fs', collections: 'mkcol', installed: apacheInstalled, start: dav(startApache) },
  {
    name: 'serve http-put, constant 500us',
    collections: 'none',
    installed: () => true,
    start: async () => {
      const s = await serve(['--protocol', 'http-put', '--cost', 'constant', '--base-cost', '500us']);
      return { url: s.url, root: null, stop: () => s.stop() };
    },
  },
];

const empty = (root: string | null): void => {
  if (root !== null) clear(root);
};

const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');

export const coalesceBench: Benchmark = async (ctx) => {
  const plan = PLANS[ctx.mode];
  const figures: Figure[] = [];
  const notes: string[] = [];
  const table: Table = {
    title: `Objects per second, ${fmt(plan.objects)} objects of 1 KiB per run (medians of interleaved pairs), coalescing on / off in each pair, load average (1, 5, 15 min) before and after`,
    columns: ['store', 'conc.', 'pairs', 'off objects/s', 'on objects/s', 'on / off', 'on / off in each pair', 'load before', 'load after'],
    rows: [],
  };
  for (const s of SERVERS) {
    if (!s.installed()) {
      notes.push(`${s.name} is not installed here: its rows were skipped.`);
      continue;
    }
    const store = await s.start();
    try {
      for (const concurrency of plan.concurrency) {
        const run = (coalesceWrites: boolean) => async (): Promise<number> => {
          empty(store.root);
          const arg = { url: store.url, size: SIZE, concurrency, objects: plan.objects, warmup: Math.round(plan.objects / 10), collections: s.collections, coalesceWrites };
          const r = await runJsonChild<{ failed: number; rps: number }>(benchScript('http/engine-client.js'), arg);
          if (r.failed > 0) throw new Error(`engine: ${r.failed} operations failed against ${s.name}`);
          return r.rps;
        };
        const before = load();
        const [off = [], on = []] = await interleave(plan.pairs, [run(false), run(true)]);
        const after = load();
        const ratio = median(on) / median(off);
        ctx.log(`  ${s.name} c=${concurrency}: off ${fmt(median(off))}, on ${fmt(median(on))} objects/s (x${ratio.toFixed(3)}), load ${before} -> ${after}`);
        figures.push(figure({ figure: `1 KiB objects, concurrency ${concurrency}, coalescing on vs off (${s.name})`, ours: median(on), reference: median(off), unit: 'objects/s', referenceName: 'coalescing off', budget: null, ratio }));
        table.rows.push([s.name, String(concurrency), String(on.length), fmt(median(off)), fmt(median(on)), `${ratio.toFixed(3)}x`, on.map((o, k) => (o / (off[k] ?? Number.NaN)).toFixed(3)).join(', '), before, after]);
      }
    } finally {
      empty(store.root);
      await store.stop();
    }
  }
  return {
    name: 'coalesce',
    title: 'Write coalescing at the end of the event-loop turn: on vs off against stores with real latency',
    method: [
      'Ours both times: `bench/http/engine-client.ts` in its own process (runEngine, the http-put backend, a no-op sink, random content made per object, an in-process warm-up of a tenth of the count first), with `coalesceWrites` off (the default) or on.',
      'Stores: nginx dav_methods (`--collections none`: one PUT per object) and Apache mod_dav_fs (`--collections mkcol`: MKCOL of the collection, then the PUT), both the test suite\'s peers writing real files under a temp directory emptied before every run; and `ingest-scale serve --protocol http-put --cost constant --base-cost 500us`, its own process.',
      'Pairs interleaved (off, on; then on, off; …); medians; the machine is shared, so the load average is shown before and after each row.',
    ],
    figures,
    tables: [table],
    notes,
  };
};
