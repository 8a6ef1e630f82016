/**
 * Benchmark 6, analysis: `ingest-scale check RUN` (the real CLI in its own process) on a run with
 * many operation records, against the floor of reading those records: one SQLite scan of the
 * same rows (node-sqlite3 `each`, nothing done per row), and Node's start-up of the CLI.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluateRun } from '../src/verdict/evaluate-run.js';
import { ResultsStore } from '../src/store/results-store.js';
import { REPO_ROOT, runProcess } from './lib/proc.js';
import { figure, type Benchmark, type Mode } from './lib/result.js';
import { fmt, hrNow, interleave, median, msSince } from './lib/stats.js';
import { syntheticBatch, syntheticRun } from './lib/synthetic.js';

const PLANS: Record<Mode, { batches: number; batchSize: number; rounds: number }> = {
  full: { batches: 1000, batchSize: 1000, rounds: 3 },
  quick: { batches: 200, batchSize: 500, rounds: 1 },
  tiny: { batches: 12, batchSize: 50, rounds: 1 },
};
const BIN = join(REPO_ROOT, 'bin', 'ingest-scale.js');

async function cli(args: string[]): Promise<number> {
  const r = await runProcess(process.execPath, [BIN, ...args], { limitMs: 120_000 });
  if (r.code !== 0 && r.code !== 1 && r.code !== 3)
    throw new Error(`ingest-scale ${args[0]} exited ${r.code}: ${r.stderr.slice(-1000)}`);
  return r.wallMs;
}

export const analysisBench: Benchmark = async (ctx) => {
  const p = PLANS[ctx.mode];
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-bench-analysis-'));
  const db = join(dir, 'analysis.db');
  const runId = 'benchanalysis';
  try {
    const t = hrNow();
    const store = await ResultsStore.open(db);
    await store.createRun(syntheticRun(runId, p.batchSize, p.batches));
    for (let b = 1; b <= p.batches; b++) {
      const { batch, ops } = syntheticBatch(b, p.batchSize, 0.0002);
      await store.recordBatch(runId, batch, ops);
    }
    const ops = p.batches * p.batchSize;
    const buildS = msSince(t) / 1000;
    ctx.log(`built ${fmt(ops)} operation records in ${fmt(p.batches)} batches (${buildS.toFixed(1)} s)`);
    const scan = async (): Promise<number> => {
      const s = hrNow();
      await store.db.each(
        "SELECT batch_idx AS b, duration_ms AS d FROM ops WHERE run_id = ? AND status = 'ok' AND kind IN ('create-object', 'add-datastream')",
        [runId],
        () => undefined,
      );
      return msSince(s);
    };
    const inProcess = async (): Promise<number> => {
      const s = hrNow();
      const e = await evaluateRun(store, await store.resolveRun(runId), 1.1);
      if (!e.gate.perOperation) throw new Error('check did not use the operation records');
      return msSince(s);
    };
    await scan();
    await cli(['check', runId, '--db', db, '--json']);
    const [check, help, sc, ip] = await interleave(p.rounds, [
      () => cli(['check', runId, '--db', db, '--json']),
      () => cli(['--version']),
      scan,
      inProcess,
    ]);
    await store.close();
    const m = (xs: number[] | undefined): number => median(xs ?? []);
    ctx.log(
      `check ${m(check).toFixed(0)} ms (in-process ${m(ip).toFixed(0)} ms), scan ${m(sc).toFixed(0)} ms, CLI start-up ${m(help).toFixed(0)} ms`,
    );
    const list = (xs: number[] | undefined): string => (xs ?? []).map((x) => x.toFixed(0)).join(', ');
    return {
      name: 'analysis',
      title: 'Analysis: `check` on a large run',
      method: [
        `A results database with one run of ${fmt(ops)} operation records in ${fmt(p.batches)} batches (synthetic records with lognormal-like latencies and a slight growth, written by ResultsStore.recordBatch in ${buildS.toFixed(0)} s).`,
        'Ours: `node bin/ingest-scale.js check RUN --db DB --json`, the whole process timed (Node start-up, opening the database, the per-batch latency statistics streamed from SQLite, both looks of the gate). Beside it, the same evaluation in-process (`evaluateRun`).',
        'Reference: one row-by-row read of the rows `check` reads (node-sqlite3 `each`, nothing done per row): what handing every record to JS through the driver costs (`check` itself now has SQLite hand over one text row per batch); and `ingest-scale --version` (Node start-up and module loading).',
        `One warm-up of each, then ${p.rounds} interleaved rounds; medians.`,
      ],
      figures: [
        figure({
          figure: `check, ${fmt(ops)} operation records in ${fmt(p.batches)} batches (whole CLI process)`,
          ours: m(check) / 1000,
          reference: m(sc) / 1000,
          unit: 's',
          referenceName: 'row-by-row driver read of the same rows',
          budget: '< 2 s',
          met: m(check) < 2000,
        }),
        figure({
          figure: 'the same evaluation in-process',
          ours: m(ip) / 1000,
          reference: m(sc) / 1000,
          unit: 's',
          referenceName: 'row-by-row driver read of the same rows',
          budget: null,
        }),
        figure({
          figure: 'CLI start-up (`--version`)',
          ours: m(help) / 1000,
          reference: m(check) / 1000,
          unit: 's',
          referenceName: 'check',
          budget: null,
        }),
      ],
      tables: [
        {
          title: 'Every round (ms)',
          columns: ['measurement', 'rounds'],
          rows: [
            ['check (CLI)', list(check)],
            ['evaluateRun (in-process)', list(ip)],
            ['SQLite scan', list(sc)],
            ['--version', list(help)],
          ],
        },
      ],
      notes: [],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
