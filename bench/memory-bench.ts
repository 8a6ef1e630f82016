/**
 * Benchmark 5, memory: peak RSS of the real CLI (`ingest-scale run --backend http-put`, recording
 * into SQLite as a user's run does) against the null server, for growing numbers of 1 KiB objects
 * and for one large datastream. Peak RSS from /usr/bin/time -v where it exists, and always from the
 * process itself (process.resourceUsage().maxRSS at exit, via a preload) as a cross-check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchScript, startServer } from './lib/proc.js';
import { figure, type Benchmark, type Figure, type Mode } from './lib/result.js';
import { runCliMeasured, timeAvailable } from './lib/peak-rss.js';
import { fmt, sizeLabel } from './lib/stats.js';

const GiB = 2 ** 30;
const MiB = 2 ** 20;
const BUDGET_MB = 200;
const PLANS: Record<Mode, { counts: number[]; big: number; concurrency: number }> = {
  full: { counts: [10_000, 100_000, 1_000_000], big: 2 * GiB, concurrency: 16 },
  quick: { counts: [10_000, 50_000], big: 256 * MiB, concurrency: 16 },
  tiny: { counts: [300, 600], big: 8 * MiB, concurrency: 4 },
};

interface Measured {
  rssMB: number;
  selfMB: number;
  wallS: number;
}

async function measure(
  dir: string,
  url: string,
  tag: string,
  objects: number,
  size: number,
  batchSize: number,
  concurrency: number,
): Promise<Measured> {
  const rssFile = join(dir, `${tag}.rss`);
  const args = [
    'run',
    '--backend',
    'http-put',
    '--url',
    url,
    '--collections',
    'none',
    '-n',
    String(objects),
    '--batch-size',
    String(batchSize),
    '--concurrency',
    String(concurrency),
    '--datastream',
    `D:${size}`,
    '--db',
    join(dir, `${tag}.db`),
    '--no-chart',
    '--json',
    '--no-stop-early',
  ];
  const { result: r, peakKiB: kib, selfKiB } = await runCliMeasured(args, rssFile, 900_000);
  if (r.code !== 0 && r.code !== 1 && r.code !== 3)
    throw new Error(`ingest-scale run exited ${r.code}: ${r.stderr.slice(-1500)}`);
  if (Number.isNaN(selfKiB)) throw new Error(`the RSS preload wrote no figure to ${rssFile}`);
  return { rssMB: (kib * 1024) / 1e6, selfMB: (selfKiB * 1024) / 1e6, wallS: r.wallMs / 1000 };
}

export const memoryBench: Benchmark = async (ctx) => {
  const p = PLANS[ctx.mode];
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-bench-memory-'));
  const server = await startServer<{ port: number }>(benchScript('lib/null-server.js'));
  const url = `http://127.0.0.1:${server.info.port}`;
  const figures: Figure[] = [];
  const rows: string[][] = [];
  try {
    const byCount: { n: number; m: Measured }[] = [];
    for (const n of p.counts) {
      const m = await measure(dir, url, `n${n}`, n, 1024, Math.min(1000, n), p.concurrency);
      ctx.log(`${fmt(n)} objects of 1 KiB: peak RSS ${m.rssMB.toFixed(1)} MB (${m.wallS.toFixed(1)} s)`);
      byCount.push({ n, m });
      rmSync(join(dir, `n${n}.db`), { force: true });
    }
    const first = byCount[0] as { n: number; m: Measured };
    for (const { n, m } of byCount) {
      figures.push(
        figure({
          figure: `peak RSS, ${fmt(n)} objects of 1 KiB`,
          ours: m.rssMB,
          reference: first.m.rssMB,
          unit: 'MB',
          referenceName: `${fmt(first.n)} objects`,
          budget: `<= ${BUDGET_MB} MB`,
          met: m.rssMB <= BUDGET_MB,
        }),
      );
      rows.push([
        `${fmt(n)} × 1 KiB`,
        m.rssMB.toFixed(1),
        m.selfMB.toFixed(1),
        `${(m.rssMB / first.m.rssMB).toFixed(2)}x`,
        m.wallS.toFixed(1),
        fmt(n / m.wallS),
      ]);
    }
    const small = await measure(dir, url, 'one-small', 1, MiB, 1, 1);
    const big = await measure(dir, url, 'one-big', 1, p.big, 1, 1);
    ctx.log(
      `one ${sizeLabel(p.big)} datastream: peak RSS ${big.rssMB.toFixed(1)} MB (${big.wallS.toFixed(1)} s); one 1 MiB: ${small.rssMB.toFixed(1)} MB`,
    );
    figures.push(
      figure({
        figure: `peak RSS, one ${sizeLabel(p.big)} datastream`,
        ours: big.rssMB,
        reference: small.rssMB,
        unit: 'MB',
        referenceName: 'one 1 MiB datastream',
        budget: `<= ${BUDGET_MB} MB`,
        met: big.rssMB <= BUDGET_MB,
      }),
    );
    rows.push([
      `1 × ${sizeLabel(MiB)}`,
      small.rssMB.toFixed(1),
      small.selfMB.toFixed(1),
      '–',
      small.wallS.toFixed(1),
      '–',
    ]);
    rows.push([
      `1 × ${sizeLabel(p.big)}`,
      big.rssMB.toFixed(1),
      big.selfMB.toFixed(1),
      `${(big.rssMB / small.rssMB).toFixed(2)}x`,
      big.wallS.toFixed(1),
      `${fmt(p.big / 1e6 / big.wallS)} MB/s`,
    ]);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    name: 'memory',
    title: 'Memory: peak RSS of a whole run',
    method: [
      `The real CLI in its own process: \`ingest-scale run --backend http-put --url <null server> --collections none -n N --batch-size 1000 --concurrency ${p.concurrency} --datastream D:1KiB --db <temp> --no-chart --json --no-stop-early\`, recording every batch and operation into SQLite; the large datastream as \`-n 1 --batch-size 1 --concurrency 1 --datastream D:${sizeLabel(p.big).replace(' ', '')}\`.`,
      `Peak RSS of the whole process (Node included) from ${timeAvailable() ? '`/usr/bin/time -v` (maximum resident set size)' : 'process.resourceUsage().maxRSS'}; the process's own \`process.resourceUsage().maxRSS\` at exit beside it. MB = 10^6 bytes.`,
      'Reference: the smallest run of the same kind (flatness: ratio of peak RSS as N grows 100-fold), and one 1 MiB datastream for the large one.',
    ],
    figures,
    tables: [
      {
        title: 'Every run',
        columns: [
          'workload',
          'peak RSS MB (/usr/bin/time)',
          'peak RSS MB (maxRSS)',
          'vs smallest',
          'wall s',
          'objects/s',
        ],
        rows,
      },
    ],
    notes: [],
  };
};
