/**
 * Benchmark 1, HTTP client overhead: our engine's plain HTTP-PUT path (runEngine + the http-put
 * backend + a no-op BatchSink, in its own process) against autocannon sending the same method,
 * body size and concurrency to the same server process, and our own write client with a fixed
 * body as a second reference (the HTTP client alone). Interleaved rounds after a warm-up, medians;
 * every request count is fixed in advance and the null server's byte count checks what each
 * client really sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ResultsStore } from '../src/store/results-store.js';
import { nginxInstalled, startNginx } from './lib/nginx.js';
import { benchScript, REPO_ROOT, runJsonChild, runProcess, startServer } from './lib/proc.js';
import { figure, type Benchmark, type BenchContext, type Figure, type Mode, type Table } from './lib/result.js';
import { fmt, interleave, median, sizeLabel } from './lib/stats.js';

const KiB = 1024;
const MiB = 1024 * 1024;
const BUDGET = 0.9;

interface Point {
  size: number;
  concurrency: number;
}
interface Plan {
  points: Point[];
  nginxPoints: Point[];
  rounds: number;
  nginxRounds: number;
  targetSeconds: number;
  /** In-process warm-up before the timed part, in seconds of requests (at least 10% of the count). */
  warmupSeconds: number;
  /** Requests of each calibration run at 1 KiB, 64 KiB and 1 MiB (runs that set the count; see measurePoint). */
  calibration: [number, number, number];
  /** Fixed request count (tiny mode): no calibration. */
  fixedN?: number;
  withHttp1: boolean;
  cli: boolean;
}

const grid = (sizes: number[], cs: number[]): Point[] =>
  sizes.flatMap((size) => cs.map((concurrency) => ({ size, concurrency })));

const PLANS: Record<Mode, Plan> = {
  full: {
    points: grid([KiB, 64 * KiB, MiB], [1, 4, 16]),
    nginxPoints: grid([KiB, 64 * KiB, MiB], [1, 4, 16]),
    rounds: 3,
    nginxRounds: 2,
    targetSeconds: 0.8,
    warmupSeconds: 0.8,
    calibration: [6000, 2000, 400],
    withHttp1: true,
    cli: true,
  },
  quick: {
    points: [
      { size: KiB, concurrency: 1 },
      { size: KiB, concurrency: 16 },
      { size: 64 * KiB, concurrency: 4 },
      { size: MiB, concurrency: 4 },
    ],
    nginxPoints: [{ size: KiB, concurrency: 4 }],
    rounds: 1,
    nginxRounds: 1,
    targetSeconds: 0.25,
    warmupSeconds: 0.25,
    calibration: [940, 190, 25],
    withHttp1: false,
    cli: false,
  },
  tiny: {
    points: [{ size: KiB, concurrency: 4 }],
    nginxPoints: [],
    rounds: 1,
    nginxRounds: 1,
    targetSeconds: 0,
    warmupSeconds: 0,
    calibration: [0, 0, 0],
    fixedN: 60,
    withHttp1: true,
    cli: true,
  },
};

interface ClientResult {
  requests: number;
  failed: number;
  seconds: number;
  rps: number;
  cpuUsPerRequest: number;
  version?: string;
}
type Client = 'engine' | 'autocannon' | 'http1';

interface PointResult {
  point: Point;
  n: number;
  rps: Record<Client, number[]>;
  cpu: Record<Client, number[]>;
  bytesOk: boolean;
}

async function serverStats(url: string): Promise<{ requests: number; bytes: number } | null> {
  try {
    const r = await fetch(`${new URL(url).origin}/__stats`);
    return r.status === 200 ? ((await r.json()) as { requests: number; bytes: number }) : null;
  } catch {
    return null;
  }
}

async function measurePoint(
  ctx: BenchContext,
  url: string,
  p: Point,
  plan: Plan,
  rounds: number,
  clients: Client[],
  between?: () => void,
  uniquePaths = false,
): Promise<PointResult> {
  const call = async (who: Client, objects: number, check: { ok: boolean }): Promise<ClientResult> => {
    between?.();
    const warmup = Math.max(
      2 * p.concurrency,
      Math.round(objects / 10),
      plan.targetSeconds > 0 ? Math.round((objects * plan.warmupSeconds) / plan.targetSeconds) : 0,
    );
    const before = await serverStats(url);
    const r = await runJsonChild<ClientResult>(benchScript(`http/${who}-client.js`), {
      url,
      size: p.size,
      concurrency: p.concurrency,
      objects,
      warmup,
      ...(uniquePaths ? { uniquePaths } : {}),
    });
    const after = await serverStats(url);
    if (before && after && after.bytes - before.bytes !== (objects + warmup) * p.size) check.ok = false;
    if (r.failed > 0)
      throw new Error(
        `${who}: ${r.failed} of ${r.requests} requests failed at ${sizeLabel(p.size)} c=${p.concurrency}`,
      );
    return r;
  };
  const check = { ok: true };
  let n = plan.fixedN ?? 0;
  if (plan.fixedN === undefined) {
    // calibration (also the machine's warm-up): a short run of each, then a count for ~targetSeconds. The
    // calibration runs are cold (a fresh process each), so in full mode they must not be too short either: with
    // 80 requests at 1 MiB they ran at a quarter of the steady rate, and the timed runs lasted 0.2 s, not 0.8 s.
    const [kib, kib64, mib] = plan.calibration;
    const n0 = Math.max(4 * p.concurrency, p.size >= MiB ? mib : p.size >= 64 * KiB ? kib64 : kib);
    const cal = [await call('engine', n0, check), await call('autocannon', n0, check)];
    n = Math.min(
      200_000,
      Math.max(8 * p.concurrency, Math.round(Math.max(...cal.map((c) => c.rps)) * plan.targetSeconds)),
    );
  }
  const runs = await interleave(
    rounds,
    clients.map((who) => () => call(who, n, check)),
  );
  const rps = { engine: [], autocannon: [], http1: [] } as Record<Client, number[]>;
  const cpu = { engine: [], autocannon: [], http1: [] } as Record<Client, number[]>;
  clients.forEach((who, i) => {
    rps[who] = (runs[i] ?? []).map((r) => r.rps);
    cpu[who] = (runs[i] ?? []).map((r) => r.cpuUsPerRequest);
  });
  ctx.log(
    `  ${sizeLabel(p.size)} c=${p.concurrency} n=${n}: engine ${fmt(median(rps.engine))} req/s, autocannon ${fmt(median(rps.autocannon))} req/s${clients.includes('http1') ? `, write client alone ${fmt(median(rps.http1))} req/s` : ''}`,
  );
  return { point: p, n, rps, cpu, bytesOk: check.ok };
}

/** The real CLI (which also records into SQLite) on the same server: its batch clock and its whole process. */
async function cliFigure(url: string, p: Point, n: number): Promise<{ batchRps: number; processRps: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-bench-cli-'));
  try {
    const db = join(dir, 'r.db');
    const args = [
      'bin/ingest-scale.js',
      'run',
      '--backend',
      'http-put',
      '--url',
      url,
      '--collections',
      'none',
      '-n',
      String(n),
      '--batch-size',
      String(Math.min(n, 1000)),
      '--concurrency',
      String(p.concurrency),
      '--datastream',
      `D:${p.size}`,
      '--db',
      db,
      '--no-chart',
      '--json',
      '--no-stop-early',
      '--max-error-rate',
      '0',
    ];
    const r = await runProcess(process.execPath, args, { cwd: REPO_ROOT, limitMs: 300_000 });
    if (r.code !== 0 && r.code !== 1 && r.code !== 3)
      throw new Error(`CLI run exited ${r.code}: ${r.stderr.slice(-1000)}`);
    const store = await ResultsStore.open(db, 'read');
    try {
      const run = await store.resolveRun('last');
      const wallMs = (await store.batches(run.id)).reduce((s, b) => s + b.wallMs, 0);
      return { batchRps: n / (wallMs / 1000), processRps: n / (r.wallMs / 1000) };
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function rows(results: PointResult[], server: string): { figures: Figure[]; table: Table } {
  const figures: Figure[] = [];
  const table: Table = {
    title: `Per point against ${server}: medians of interleaved rounds (req/s), our ratio to autocannon in each round (the spread is this machine's noise), client CPU per request (µs, median), and whether the server received exactly the bytes each client claims`,
    columns: [
      'body',
      'conc.',
      'requests/run',
      'rounds',
      'engine req/s',
      'autocannon req/s',
      'ratio',
      'ratio in each round',
      'write client (fixed body) req/s',
      'its ratio',
      'CPU µs/req engine / autocannon / write client',
      'bytes checked',
    ],
    rows: [],
  };
  for (const r of results) {
    const eng = median(r.rps.engine);
    const ac = median(r.rps.autocannon);
    const un = median(r.rps.http1);
    const ratio = eng / ac;
    figures.push(
      figure({
        figure: `${sizeLabel(r.point.size)} PUT, concurrency ${r.point.concurrency} (${server})`,
        ours: eng,
        reference: ac,
        unit: 'req/s',
        referenceName: 'autocannon',
        budget: `>= ${BUDGET.toFixed(2)}x`,
        met: ratio >= BUDGET,
      }),
    );
    const cpu = (k: Client): string => (r.cpu[k].length ? fmt(median(r.cpu[k])) : '–');
    table.rows.push([
      sizeLabel(r.point.size),
      String(r.point.concurrency),
      fmt(r.n),
      String(r.rps.engine.length),
      fmt(eng),
      fmt(ac),
      `${ratio.toFixed(2)}x`,
      // the rounds are interleaved, so round k of ours and of autocannon ran next to each other
      r.rps.engine.map((e, k) => (e / (r.rps.autocannon[k] ?? Number.NaN)).toFixed(2)).join(', '),
      r.rps.http1.length ? fmt(un) : '–',
      r.rps.http1.length ? `${(un / ac).toFixed(2)}x` : '–',
      `${cpu('engine')} / ${cpu('autocannon')} / ${cpu('http1')}`,
      server === 'nginx dav' ? 'n/a' : r.bytesOk ? 'yes' : 'MISMATCH',
    ]);
  }
  return { figures, table };
}

export const httpBench: Benchmark = async (ctx) => {
  const plan = PLANS[ctx.mode];
  const clients: Client[] = plan.withHttp1 ? ['engine', 'autocannon', 'http1'] : ['engine', 'autocannon'];
  const figures: Figure[] = [];
  const tables: Table[] = [];
  const notes: string[] = [];
  const nul = await startServer<{ port: number }>(benchScript('lib/null-server.js'));
  const nullUrl = `http://127.0.0.1:${nul.info.port}`;
  let nullResults: PointResult[] = [];
  const cliRows: string[][] = [];
  try {
    ctx.log(`null server pid ${nul.pid} on ${nullUrl}`);
    for (const p of plan.points) nullResults.push(await measurePoint(ctx, nullUrl, p, plan, plan.rounds, clients));
    if (plan.cli) {
      for (const r of nullResults.filter((x) => x.point.size === KiB)) {
        const c = await cliFigure(nullUrl, r.point, r.n);
        const ac = median(r.rps.autocannon);
        cliRows.push([
          sizeLabel(r.point.size),
          String(r.point.concurrency),
          fmt(r.n),
          fmt(c.batchRps),
          `${(c.batchRps / ac).toFixed(2)}x`,
          fmt(c.processRps),
          `${(c.processRps / ac).toFixed(2)}x`,
        ]);
      }
    }
  } finally {
    await nul.stop();
  }
  const n = rows(nullResults, 'null server');
  figures.push(...n.figures);
  tables.push(n.table);
  if (cliRows.length) {
    tables.push({
      title:
        'The full CLI (`ingest-scale run --backend http-put`, recording into SQLite) on the same null server, one run per row; ratios against the autocannon median of the same point',
      columns: [
        'body',
        'conc.',
        'objects',
        'CLI req/s (batch clock)',
        'ratio',
        'CLI req/s (whole process, incl. start-up and recording)',
        'ratio',
      ],
      rows: cliRows,
    });
  }
  nullResults = [];

  if (plan.nginxPoints.length > 0 && nginxInstalled()) {
    const ng = await startNginx();
    try {
      ctx.log(`nginx pid ${ng.pid} (${ng.version}) on ${ng.url}`);
      const res: PointResult[] = [];
      for (const p of plan.nginxPoints)
        res.push(await measurePoint(ctx, ng.url, p, plan, plan.nginxRounds, ['engine', 'autocannon'], ng.clear, true));
      const g = rows(res, 'nginx dav');
      figures.push(...g.figures);
      tables.push(g.table);
      notes.push(
        `nginx: ${ng.version} with dav_methods PUT (create_full_put_path on), one worker process, its document root emptied before every run; both clients write real files, each request a new directory and a new file (autocannon with a path of its own per request, \`setupRequest\`, since the engine makes every object anew; one path overwritten again and again is less work for the server).`,
      );
    } finally {
      await ng.stop();
    }
  } else if (plan.nginxPoints.length > 0) {
    notes.push('nginx is not installed here (/usr/sbin/nginx): the nginx rows were skipped.');
  }
  return {
    name: 'http',
    title: 'HTTP client overhead: engine (http-put) vs autocannon',
    method: [
      'Server: `bench/lib/null-server.ts`, its own process on 127.0.0.1 (port 0): accepts PUT/POST, reads and discards the body, answers 201 with an empty body; counts requests and body bytes for the checks.',
      'Ours: `bench/http/engine-client.ts` in its own process drives `runEngine` in-process with the http-put backend and a no-op BatchSink (batches of 1,000, one datastream D of the given size, random content generated per request). In-process with a null sink isolates the HTTP path; the CLI figure below adds SQLite recording.',
      'Reference: `bench/http/autocannon-client.ts`, autocannon 8 (programmatic API) with method PUT, the same body size, connections = concurrency, pipelining 1 and a fixed `amount`; its time ends at its last response (autocannon itself only notices the end at its next sample tick).',
      "Second reference: `bench/http/http1-client.ts`, the tool's own keep-alive write client (`src/http1/http1-pool.ts`, which the http-put, LDP, Fedora 3 and S3 backends use for every request whose response body is not read) sending one fixed Buffer per request: the HTTP client alone, without content generation, timing or the batch runner.",
      `Each point: a calibration run of each client sets the request count to about ${plan.targetSeconds} s; then interleaved rounds (A B C, B C A, …), each client in a fresh process with an in-process warm-up of about ${plan.warmupSeconds} s of requests (at least 10% of the count) first, so that each is timed in its steady state after JIT compilation; medians.`,
    ],
    figures,
    tables,
    notes,
  };
};
