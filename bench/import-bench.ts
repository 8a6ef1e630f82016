/**
 * Benchmark `import`: `ingest-scale import` of a k6 `--out json` file and of a JMeter CSV, each the
 * real CLI in its own process (peak RSS, which must stay flat: < 300 MB at 10 million lines, and
 * lines per second), against a minimal reader of the same file in its own process, measured side by
 * side in alternating rounds: node's readline with JSON.parse on each line (k6) or a split on commas
 * (JMeter). Both sides include node's start-up. Budget: >= 0.8x the minimal reader's lines/s.
 * The files are the tests' fills (test/helpers/request-logs.ts): PUTs with GETs among them.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jmeterCsvLines, k6Lines, simulate, type SimRequest } from '../test/helpers/request-logs.js';
import { runCliMeasured } from './lib/peak-rss.js';
import { benchScript, runProcess } from './lib/proc.js';
import { figure, type Benchmark, type Mode } from './lib/result.js';
import { fmt, hrNow, msSince } from './lib/stats.js';

const PLANS: Record<Mode, { lines: number; rounds: number }> = {
  full: { lines: 10_000_000, rounds: 3 },
  quick: { lines: 1_000_000, rounds: 2 },
  tiny: { lines: 20_000, rounds: 1 },
};

/** Writes the lines to file in pieces of about a megabyte; returns how many. */
function writeLines(file: string, lines: Iterable<string>): number {
  const fd = openSync(file, 'w');
  let piece = '';
  let n = 0;
  try {
    for (const line of lines) {
      piece += `${line}\n`;
      n++;
      if (piece.length > 1 << 20) {
        writeSync(fd, piece);
        piece = '';
      }
    }
    writeSync(fd, piece);
  } finally {
    closeSync(fd);
  }
  return n;
}

interface Side {
  wallS: number;
  rssMB: number;
}

async function minimal(dir: string, file: string, kind: 'json' | 'csv', lines: number): Promise<Side> {
  const out = join(dir, `minimal-${kind}.json`);
  const t = hrNow();
  const r = await runProcess(process.execPath, [benchScript('import/minimal-reader.js'), file, kind, out], {
    limitMs: 1_800_000,
  });
  const wallS = msSince(t) / 1000;
  if (r.code !== 0) throw new Error(`minimal reader exited ${r.code}: ${r.stderr}`);
  const got = JSON.parse(readFileSync(out, 'utf8')) as { lines: number };
  if (got.lines !== lines) throw new Error(`minimal reader read ${got.lines} lines, not ${lines}`);
  return { wallS, rssMB: Number.NaN };
}

async function ours(dir: string, file: string, args: string[], round: number): Promise<Side> {
  const db = join(dir, `import-${round}-${Math.random().toString(36).slice(2)}.db`);
  const t = hrNow();
  const m = await runCliMeasured(['import', file, ...args, '--db', db], join(dir, 'rss.txt'), 1_800_000);
  const wallS = msSince(t) / 1000;
  if (m.result.code !== 0) throw new Error(`import exited ${m.result.code}: ${m.result.stderr}`);
  rmSync(db, { force: true });
  return { wallS, rssMB: m.peakKiB / 1024 };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export const importBench: Benchmark = async (ctx) => {
  const plan = PLANS[ctx.mode];
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-import-bench-'));
  try {
    const figures = [];
    const rows: string[][] = [];
    const cases: {
      name: string;
      kind: 'json' | 'csv';
      lines: (r: readonly SimRequest[]) => Iterable<string>;
      perRequest: number;
      args: string[];
    }[] = [
      {
        name: 'k6 --out json',
        kind: 'json',
        lines: k6Lines,
        perRequest: 9,
        args: ['--method', 'PUT', '--batch-size', '500'],
      },
      {
        name: 'JMeter CSV',
        kind: 'csv',
        lines: jmeterCsvLines,
        perRequest: 1,
        args: ['--match', '^PUT object$', '--batch-size', '500'],
      },
    ];
    for (const c of cases) {
      const file = join(dir, `${c.kind}.log`);
      const reqs = simulate({ ingests: Math.round((plan.lines / c.perRequest) * (7 / 8)), growth: 1, readEvery: 8 });
      const lines = writeLines(file, c.lines(reqs));
      ctx.log(`${c.name}: ${fmt(lines, 0)} lines written`);
      const mine: Side[] = [];
      const ref: Side[] = [];
      for (let round = 1; round <= plan.rounds; round++) {
        ref.push(await minimal(dir, file, c.kind, lines));
        mine.push(await ours(dir, file, c.args, round));
        ctx.log(
          `  round ${round}: minimal ${fmt(ref[ref.length - 1]?.wallS ?? 0, 2)} s, import ${fmt(mine[mine.length - 1]?.wallS ?? 0, 2)} s, peak RSS ${fmt(mine[mine.length - 1]?.rssMB ?? 0, 0)} MB`,
        );
      }
      const oursRate = lines / median(mine.map((s) => s.wallS));
      const refRate = lines / median(ref.map((s) => s.wallS));
      const rss = Math.max(...mine.map((s) => s.rssMB));
      figures.push(
        figure({
          figure: `${c.name}, ${fmt(lines, 0)} lines: lines/s`,
          ours: oursRate,
          reference: refRate,
          unit: 'lines/s',
          referenceName: c.kind === 'json' ? 'readline + JSON.parse per line' : 'readline + split on commas',
          budget: '>= 0.80x',
          met: oursRate / refRate >= 0.8,
        }),
        figure({
          figure: `${c.name}, ${fmt(lines, 0)} lines: peak RSS`,
          ours: rss,
          reference: 300,
          unit: 'MB',
          referenceName: 'budget',
          ratio: rss / 300,
          budget: '< 300 MB',
          met: rss < 300,
        }),
      );
      rows.push([
        c.name,
        fmt(lines, 0),
        ...mine.map((s, i) => `${fmt(ref[i]?.wallS ?? 0, 2)} / ${fmt(s.wallS, 2)}`).slice(0, 1),
        fmt(rss, 0),
      ]);
      rmSync(file, { force: true });
    }
    return {
      name: 'import',
      title: 'import of request logs (k6, JMeter CSV) against a minimal reader',
      method: [
        'Each side is its own node process on the same file, rounds alternating minimal reader then import; lines/s from the median wall time, node start-up included on both sides.',
        'import reads, selects, orders by completion, batches and writes every request as an operation to SQLite in one transaction; the minimal reader parses each line and keeps nothing.',
      ],
      figures,
      tables: [{ title: 'first round', columns: ['file', 'lines', 'minimal / import (s)', 'peak RSS (MB)'], rows }],
      notes: [],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
