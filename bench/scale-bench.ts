/**
 * Benchmark 8, scale of the analysis (docs/growth-gate.md, "A million batches"): `ingest-scale import` of a CSV
 * of millions of rows (peak RSS, which must stay flat in the number of rows, and wall time) and `ingest-scale
 * check` on a run of a million imported batches (wall time), each the real CLI in its own process. References:
 * the same import of a tenth of the rows (a flat memory gives a ratio near 1), and the growth gate alone in this
 * process on the same wall times (what the analysis costs without the CLI's start-up and its read of the
 * batches).
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operationGate } from '../src/analysis/op-gate.js';
import { ResultsStore } from '../src/store/results-store.js';
import { figure, type Benchmark, type Mode } from './lib/result.js';
import { runCliMeasured, timeAvailable } from './lib/peak-rss.js';
import { fmt, hrNow, msSince } from './lib/stats.js';

const PLANS: Record<Mode, { rows: number; checkRows: number }> = {
  full: { rows: 10_000_000, checkRows: 1_000_000 },
  quick: { rows: 1_000_000, checkRows: 200_000 },
  tiny: { rows: 5_000, checkRows: 500 },
};

/** A CSV of `rows` batch times (ms, three decimals, a slight growth and 20% seeded noise), written in pieces. */
function writeCsv(file: string, rows: number): void {
  const fd = openSync(file, 'w');
  let a = 1;
  try {
    writeSync(fd, 'batch,ms\n');
    for (let from = 1; from <= rows; from += 100_000) {
      let piece = '';
      for (let i = from; i < Math.min(from + 100_000, rows + 1); i++) {
        a = (a * 1103515245 + 12345) % 2147483648;
        piece += `${i},${(100 * (1 + 0.2 * (a / 2147483648)) * Math.pow(i, 0.02)).toFixed(3)}\n`;
      }
      writeSync(fd, piece);
    }
  } finally {
    closeSync(fd);
  }
}

interface Measured {
  wallS: number;
  rssMB: number;
  stdout: string;
}

/** The CLI under /usr/bin/time -v (where it exists) with the RSS preload; exit codes 0, 1 and 3 are verdicts. */
async function cli(dir: string, tag: string, args: string[]): Promise<Measured> {
  const rssFile = join(dir, `${tag}.rss`);
  const { result: r, peakKiB: kib } = await runCliMeasured(args, rssFile, 1_800_000);
  if (r.code !== 0 && r.code !== 1 && r.code !== 3)
    throw new Error(`ingest-scale ${args[0]} exited ${r.code}: ${r.stderr.slice(-1500)}`);
  return { wallS: r.wallMs / 1000, rssMB: (kib * 1024) / 1e6, stdout: r.stdout };
}

async function importRows(dir: string, rows: number): Promise<{ m: Measured; db: string; runId: string }> {
  const csv = join(dir, `rows-${rows}.csv`);
  const db = join(dir, `rows-${rows}.db`);
  writeCsv(csv, rows);
  try {
    const m = await cli(dir, `import-${rows}`, [
      'import',
      csv,
      '--column',
      'ms',
      '--batch-size',
      '1000',
      '--db',
      db,
      '--json',
    ]);
    return { m, db, runId: (JSON.parse(m.stdout) as { runId: string }).runId };
  } finally {
    rmSync(csv, { force: true });
  }
}

export const scaleBench: Benchmark = async (ctx) => {
  const p = PLANS[ctx.mode];
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-bench-scale-'));
  try {
    const small = await importRows(dir, p.checkRows);
    ctx.log(`import ${fmt(p.checkRows)} rows: ${small.m.wallS.toFixed(1)} s, peak RSS ${small.m.rssMB.toFixed(0)} MB`);
    const check = await cli(dir, 'check', ['check', small.runId, '--db', small.db, '--json']);
    ctx.log(`check on ${fmt(p.checkRows)} batches: ${check.wallS.toFixed(1)} s, peak RSS ${check.rssMB.toFixed(0)} MB`);
    const store = await ResultsStore.open(small.db, 'read');
    const batches = await store.batches(small.runId);
    await store.close();
    const t = hrNow();
    operationGate(
      batches.map((b) => ({ wallMs: b.wallMs, lnLatency: null })),
      { batchSize: 1000, limit: 1.1 },
    );
    const gateS = msSince(t) / 1000;
    ctx.log(`the gate alone in-process: ${gateS.toFixed(1)} s`);
    const big = await importRows(dir, p.rows);
    ctx.log(`import ${fmt(p.rows)} rows: ${big.m.wallS.toFixed(1)} s, peak RSS ${big.m.rssMB.toFixed(0)} MB`);
    return {
      name: 'scale',
      title: 'Scale of the analysis: `import` of millions of rows, `check` on a million batches',
      method: [
        `CSVs of ${fmt(p.checkRows)} and ${fmt(p.rows)} rows (batch, ms: seeded times with a slight growth) written to a temporary folder and deleted after their import.`,
        `Ours: \`node bin/ingest-scale.js import CSV --column ms --batch-size 1000 --db DB --json\` and \`check RUN --db DB --json\` on the ${fmt(p.checkRows)}-batch run, each its own process, wall time and peak RSS (${timeAvailable() ? '`/usr/bin/time -v`' : 'process.resourceUsage().maxRSS'}).`,
        `References: the import of ${fmt(p.checkRows)} rows (flat memory: the RSS ratio stays near 1), and operationGate on the same ${fmt(p.checkRows)} wall times in the benchmark's own process (the analysis without start-up and the read of the batches).`,
        'One run of each (minutes at full size); the load average of the shared machine is in the report beside the figures.',
      ],
      figures: [
        figure({
          figure: `import ${fmt(p.rows)} rows, peak RSS`,
          ours: big.m.rssMB,
          reference: small.m.rssMB,
          unit: 'MB',
          referenceName: `import of ${fmt(p.checkRows)} rows`,
          budget: '< 300 MB',
          met: big.m.rssMB < 300,
        }),
        figure({
          figure: `import ${fmt(p.rows)} rows, wall time`,
          ours: big.m.wallS,
          reference: small.m.wallS,
          unit: 's',
          referenceName: `import of ${fmt(p.checkRows)} rows`,
          budget: null,
        }),
        figure({
          figure: `check on ${fmt(p.checkRows)} batches (whole CLI process)`,
          ours: check.wallS,
          reference: gateS,
          unit: 's',
          referenceName: 'the gate alone, in-process',
          budget: '< 10 s',
          met: check.wallS < 10,
        }),
        figure({
          figure: `check on ${fmt(p.checkRows)} batches, peak RSS`,
          ours: check.rssMB,
          reference: small.m.rssMB,
          unit: 'MB',
          referenceName: `import of ${fmt(p.checkRows)} rows`,
          budget: null,
        }),
      ],
      tables: [],
      notes: [],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
