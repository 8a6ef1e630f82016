/**
 * Benchmark 9, scale of one shard (docs/scale-out.md, "Memory of a shard"): peak RSS of `run --shard 0/1` writing
 * N objects of 1 KiB into the null store (bench/lib/null-server.ts, its own process: it keeps nothing), each the
 * real CLI in its own process under /usr/bin/time -v. A shard keeps nothing per object (each batch streams to
 * SQLite before the next), so its RSS must stay flat in N: the figure is the shard's peak RSS at the large N
 * against the same at a tenth (or a third) of it.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchScript, startServer } from './lib/proc.js';
import { figure, type Benchmark, type Mode } from './lib/result.js';
import { runCliMeasured, timeAvailable } from './lib/peak-rss.js';
import { fmt } from './lib/stats.js';

const PLANS: Record<Mode, { objects: number; reference: number }> = {
  full: { objects: 10_000_000, reference: 1_000_000 },
  quick: { objects: 3_000_000, reference: 1_000_000 },
  tiny: { objects: 20_000, reference: 2_000 },
};

interface Shard {
  objects: number;
  wallS: number;
  rssMB: number;
  dbMB: number;
  batches: number;
}

/** One shard of one, the whole CLI under /usr/bin/time -v (or the RSS preload where time is missing). */
async function shard(dir: string, url: string, objects: number): Promise<Shard> {
  const db = join(dir, `shard-${objects}.db`);
  const rssFile = join(dir, `shard-${objects}.rss`);
  const args = [
    'run',
    '--backend',
    'http-put',
    '--url',
    url,
    '--collections',
    'none',
    '--shard',
    '0/1',
    '--run-id',
    `bench-shard-${objects}`,
    '-n',
    String(objects),
    '--batch-size',
    '1000',
    '--concurrency',
    '16',
    '--datastream',
    'D:1KiB',
    '--db',
    db,
    '--json',
  ];
  const { result: r, peakKiB: kib } = await runCliMeasured(args, rssFile, 3 * 3_600_000);
  if (r.code !== 0) throw new Error(`run --shard exited ${r.code}: ${r.stderr.slice(-1500)}`);
  const out = JSON.parse(r.stdout.trim().split('\n').pop() as string) as {
    status: string;
    objects: number;
    batches: number;
  };
  if (out.status !== 'complete' || out.objects !== objects)
    throw new Error(`the shard stored ${out.objects} of ${objects} objects (${out.status})`);
  const dbMB = statSync(db).size / 1e6;
  rmSync(db, { force: true });
  return { objects, wallS: r.wallMs / 1000, rssMB: (kib * 1024) / 1e6, dbMB, batches: out.batches };
}

export const shardBench: Benchmark = async (ctx) => {
  const p = PLANS[ctx.mode];
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-bench-shard-'));
  const server = await startServer<{ port: number }>(benchScript('lib/null-server.js'));
  try {
    const url = `http://127.0.0.1:${server.info.port}/`;
    const small = await shard(dir, url, p.reference);
    ctx.log(
      `shard of ${fmt(p.reference)} objects: ${small.wallS.toFixed(1)} s, peak RSS ${small.rssMB.toFixed(0)} MB, results ${small.dbMB.toFixed(0)} MB`,
    );
    const big = await shard(dir, url, p.objects);
    ctx.log(
      `shard of ${fmt(p.objects)} objects: ${big.wallS.toFixed(1)} s, peak RSS ${big.rssMB.toFixed(0)} MB, results ${big.dbMB.toFixed(0)} MB`,
    );
    return {
      name: 'shard',
      title: 'Scale of one shard: `run --shard` at millions of objects',
      method: [
        `Ours: \`node bin/ingest-scale.js run --shard 0/1 --run-id ID --backend http-put --url <null server> --collections none -n N --batch-size 1000 --concurrency 16 --datastream D:1KiB --db <temp> --json\`, N = ${fmt(p.reference)} and ${fmt(p.objects)}, each its own process, peak RSS (${timeAvailable() ? '`/usr/bin/time -v`' : 'process.resourceUsage().maxRSS'}) and wall time; the results database is deleted after each.`,
        'The null store (bench/lib/null-server.ts) runs in its own process and keeps nothing, so the figure is the shard alone; its responses carry a Date header, so the clock bracket is kept as in a real run.',
        'One run of each; the load average of the shared machine is in the report beside the figures.',
      ],
      figures: [
        figure({
          figure: `shard of ${fmt(p.objects)} objects of 1 KiB, peak RSS`,
          ours: big.rssMB,
          reference: small.rssMB,
          unit: 'MB',
          referenceName: `shard of ${fmt(p.reference)}`,
          budget: '< 250 MB',
          met: big.rssMB < 250,
        }),
        figure({
          figure: `shard of ${fmt(p.objects)} objects, wall time`,
          ours: big.wallS,
          reference: small.wallS,
          unit: 's',
          referenceName: `shard of ${fmt(p.reference)}`,
          budget: null,
        }),
        figure({
          figure: `shard of ${fmt(p.objects)} objects, results database`,
          ours: big.dbMB,
          reference: small.dbMB,
          unit: 'MB',
          referenceName: `shard of ${fmt(p.reference)}`,
          budget: null,
        }),
      ],
      tables: [],
      notes: [],
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};
