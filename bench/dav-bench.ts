/**
 * Benchmark 7, WebDAV servers: the engine's http-put path (bench/http/engine-client.ts: runEngine
 * with the http-put backend and a no-op sink, its own process) against wrk (bench/lib/wrk.ts) on
 * real file-backed servers — Apache 2.4 mod_dav_fs (MKCOL of each object's collection, then its PUT,
 * on both sides: `--collections mkcol`) and nginx dav_methods (one PUT per object to a fresh path that
 * nginx makes: `--collections none`). Same body size, concurrency and fresh paths; interleaved rounds
 * with each server's tree emptied before every run; medians. A figure, not a budget: the server's
 * own work (files, directories, fsync-free writes) dominates, so the ratio says how much of the
 * server's rate the tool reaches, not what the tool costs on its own (benchmark 1 measures that).
 */
import { readdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { apacheInstalled, startApache } from '../test/helpers/apache-peer.js';
import type { DavPeer } from '../test/helpers/serving.js';
import { nginxInstalled, startNginx } from './lib/nginx.js';
import { benchScript, runJsonChild } from './lib/proc.js';
import { figure, type Benchmark, type Figure, type Mode, type Table } from './lib/result.js';
import { fmt, interleave, median, sizeLabel } from './lib/stats.js';
import type { RoundsPlan } from './lib/workloads.js';
import { runWrk, WRK, wrkInstalled } from './lib/wrk.js';

const KiB = 1024;
const PLANS: Record<Mode, RoundsPlan> = {
  full: {
    points: [
      { size: KiB, concurrency: 4 },
      { size: KiB, concurrency: 16 },
      { size: 64 * KiB, concurrency: 4 },
    ],
    rounds: 5,
    seconds: 3,
  },
  quick: { points: [{ size: KiB, concurrency: 4 }], rounds: 1, seconds: 1 },
  tiny: { points: [{ size: KiB, concurrency: 4 }], rounds: 1, seconds: 1 },
};

interface Server {
  name: string;
  mode: 'mkcol' | 'none';
  start(): Promise<DavPeer>;
  installed(): boolean;
}
/**
 * DAV_ONLY (optional): run only the matching points, e.g. `DAV_ONLY=apache:64k:4` (server name
 * word, body size, concurrency; any part may be left out: `apache`, `nginx:1k`, `:64k`), and
 * DAV_ROUNDS: rounds per point instead of the mode's. For chasing one point; the full run writes
 * reports/perf.md, so pass `--out` elsewhere when filtering.
 */
export function davPointSelected(
  filter: string | undefined,
  server: string,
  size: number,
  concurrency: number,
): boolean {
  if (filter === undefined || filter.trim() === '') return true;
  const [name = '', body = '', conc = ''] = filter.toLowerCase().split(':');
  if (name !== '' && !server.toLowerCase().includes(name)) return false;
  const label = sizeLabel(size).replace(' ', '').toLowerCase(); // 64kib
  if (body !== '' && body !== label && `${body}ib` !== label) return false;
  return conc === '' || Number(conc) === concurrency;
}

const SERVERS: Server[] = [
  { name: 'Apache mod_dav_fs', mode: 'mkcol', start: startApache, installed: apacheInstalled },
  { name: 'nginx dav_methods', mode: 'none', start: startNginx, installed: nginxInstalled },
];

/**
 * Empties the served tree (what one run wrote), keeping the root itself and its owner. The server may
 * still finish requests wrk left in flight (making directories meanwhile, for a while on a busy
 * host): the whole removal is tried again until it holds, for up to 30 s.
 */
async function clear(root: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      for (const name of readdirSync(root))
        rmSync(join(root, name), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOTEMPTY' || attempt >= 60) throw e;
      await pause(500);
    }
  }
}

interface EngineResult {
  requests: number;
  failed: number;
  seconds: number;
  rps: number;
  /** Per object (the child counts objects as its requests). */
  cpuUsPerRequest: number;
}

/** One timed run: objects per second and the client's CPU per object (µs; null where unmeasured). */
interface Run {
  rate: number;
  cpu: number | null;
}
/** The budget: the tool's objects/s at least this share of wrk's. */
const BUDGET = 0.95;
/**
 * The engine's warm-up (objects written before the timed part, into the same tree): a tenth of the
 * count, at least this many in full mode. V8 needs a few thousand requests to optimise the request
 * path: against nginx (64 KiB, concurrency 4) a warm-up of 150 left 240–390 µs of CPU per object in
 * the timed part, one of 3,000 130–140 µs. A real run lasts far longer than a benchmark run.
 */
const WARMUP_MIN: Record<Mode, number> = { full: 3000, quick: 1000, tiny: 0 };

export const davBench: Benchmark = async (ctx) => {
  const only = process.env.DAV_ONLY;
  const plan = { ...PLANS[ctx.mode], rounds: Number(process.env.DAV_ROUNDS) || PLANS[ctx.mode].rounds };
  const figures: Figure[] = [];
  const notes: string[] = [];
  const table: Table = {
    title:
      'Objects per second written to fresh paths (medians of interleaved rounds), the ratio in each round, and what each side sent per object',
    columns: [
      'server',
      'body',
      'conc.',
      'rounds',
      'engine objects/s',
      'wrk objects/s',
      'ratio',
      'ratio in each round',
      'requests per object',
      'client CPU µs/object engine',
      'client CPU µs/object wrk',
      'load (1 min) start → end',
    ],
    rows: [],
  };
  if (!wrkInstalled()) {
    notes.push(`wrk is not installed here (${WRK}; Debian package wrk): the benchmark was skipped.`);
    return { name: 'dav', title: 'WebDAV servers: engine (http-put) vs wrk', method: [], figures, tables: [], notes };
  }
  for (const s of SERVERS) {
    const points = plan.points.filter((p) => davPointSelected(only, s.name, p.size, p.concurrency));
    if (points.length === 0) continue;
    if (!s.installed()) {
      notes.push(`${s.name} is not installed here: its rows were skipped.`);
      continue;
    }
    const peer = await s.start();
    try {
      ctx.log(`${s.name} pid ${peer.pid} (${peer.version}) on ${peer.url}`);
      for (const p of points) {
        let tag = 0;
        const load0 = loadavg()[0] ?? 0;
        /** wrk's latest rate: each engine run writes as many objects as wrk wrote in its latest run, so both leave trees of one size. */
        let latest = 0;
        const wrk = async (): Promise<Run> => {
          await clear(peer.root);
          const r = await runWrk({
            url: peer.url,
            size: p.size,
            concurrency: p.concurrency,
            seconds: plan.seconds,
            mode: s.mode,
            tag: String(tag++),
          });
          if (r.failed > 0) throw new Error(`wrk: ${r.failed} of ${r.requests} requests failed against ${s.name}`);
          latest = r.objectsPerSecond;
          return { rate: r.objectsPerSecond, cpu: r.cpuUsPerObject };
        };
        await wrk(); // calibration: sets the first engine run's count
        const counts: number[] = [];
        const engine = async (): Promise<Run> => {
          await clear(peer.root);
          const objects = Math.max(8 * p.concurrency, Math.round(latest * plan.seconds));
          counts.push(objects);
          const arg = {
            url: peer.url,
            size: p.size,
            concurrency: p.concurrency,
            objects,
            warmup: Math.max(WARMUP_MIN[ctx.mode], Math.round(objects / 10)),
            collections: s.mode,
          };
          const r = await runJsonChild<EngineResult>(benchScript('http/engine-client.js'), arg);
          if (r.failed > 0) throw new Error(`engine: ${r.failed} operations failed against ${s.name}`);
          return { rate: r.rps, cpu: r.cpuUsPerRequest };
        };
        const [ours = [], ref = []] = await interleave(plan.rounds, [engine, wrk]);
        const [e, w] = [median(ours.map((r) => r.rate)), median(ref.map((r) => r.rate))];
        const ratio = e / w;
        const cpu = (runs: Run[]): string =>
          runs.every((r) => r.cpu !== null) ? fmt(median(runs.map((r) => r.cpu as number))) : 'n/a';
        ctx.log(
          `  ${sizeLabel(p.size)} c=${p.concurrency} n=${counts.join('/')}: engine ${fmt(e)} objects/s, wrk ${fmt(w)} objects/s (ratio ${ratio.toFixed(2)})`,
        );
        figures.push(
          figure({
            figure: `${sizeLabel(p.size)} objects to fresh paths, concurrency ${p.concurrency} (${s.name})`,
            ours: e,
            reference: w,
            unit: 'objects/s',
            referenceName: 'wrk',
            budget: `>= ${BUDGET.toFixed(2)}x`,
            met: ratio >= BUDGET,
            ratio,
          }),
        );
        table.rows.push([
          `${s.name} (${peer.version})`,
          sizeLabel(p.size),
          String(p.concurrency),
          String(ours.length),
          fmt(e),
          fmt(w),
          `${ratio.toFixed(2)}x`,
          ours.map((o, k) => (o.rate / (ref[k]?.rate ?? Number.NaN)).toFixed(2)).join(', '),
          s.mode === 'mkcol' ? 'MKCOL + PUT' : 'PUT',
          cpu(ours),
          cpu(ref),
          `${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
        ]);
      }
    } finally {
      await clear(peer.root).catch(() => undefined); // stop() removes the whole tree anyway
      await peer.stop();
    }
  }
  return {
    name: 'dav',
    title: 'WebDAV servers: engine (http-put) vs wrk, objects to fresh paths',
    method: [
      "Servers: the test suite's own peers (test/helpers/apache-peer.ts, nginx via bench/lib/nginx.ts) on 127.0.0.1, each writing real files under a temp directory; the served tree is emptied before every run.",
      `Ours: \`bench/http/engine-client.ts\` in its own process (runEngine, the http-put backend, a no-op sink, random content made per object), with an in-process warm-up first (a tenth of the count, at least ${fmt(WARMUP_MIN[ctx.mode])} objects: V8 needs a few thousand requests to optimise the request path), written into the same tree. Against Apache with \`--collections mkcol\` (each object: MKCOL of its collection, then the PUT of its datastream D); against nginx with \`--collections none\` (one PUT; nginx makes the directory).`,
      "Reference: wrk 4.1 with one connection per thread (`-t C -c C`, so each connection sends in order and waits for each answer, like the engine) and a Lua script sending the very same requests to fresh paths, all in one collection of the run as the engine writes them (layout flat, the default; `bench/lib/wrk.ts`); its body is the same size (constant bytes: a file server stores what it gets either way). wrk runs for a fixed time, the engine for a count set from wrk's latest run (objects/s x seconds), so that both last about as long and leave trees of about one size while the host's load drifts (a first wrk run calibrates each point).",
      "Rounds interleaved (engine, wrk; then wrk, engine; …); medians. Budget: the engine's objects/s at least 0.95x of wrk's. Client CPU per object: the engine child's process.cpuUsage over its timed part, wrk's user + system time from `/usr/bin/time` over its run (all its threads), each divided by the objects written.",
    ],
    figures,
    tables: [table],
    notes: [
      ...notes,
      'Why the engine trails wrk on a busy host, and what the Apache access log shows each side sending: "WebDAV servers: engine vs wrk, what each side costs" under Profiles and changes.',
    ],
  };
};
