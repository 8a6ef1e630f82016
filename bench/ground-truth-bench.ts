/**
 * The wall-clock calibration of the growth gate (run only when named: `node dist/bench/run.js
 * ground-truth --out FILE`): the constant ground-truth store (`serve --protocol http-put --cost
 * constant --base-cost 20ms`, its own process, stopped by PID) filled by `run --backend http-put`
 * (44 batches of 64 objects, 1 KiB each, 16 in flight, no early stop) several times, each on a fresh
 * store, and `check --json` of every run. The figures: the spread (SD) of the growth ratio between
 * runs, and the share of runs whose 97.5% CI holds 1.0, against the 97.5% a CI promises.
 *
 * It is a report, not a test: a constant store's ratio moves with the host (a host getting quieter
 * during a run reads as a store getting faster), so the figure says how quiet the machine was as
 * much as how well the gate is calibrated. The exact "a constant store's CI holds 1.0" is asserted
 * on the virtual clock (test/integration/verdict-virtual.test.ts), where the host takes no part.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, runProcess, startServer } from './lib/proc.js';
import { figure, type Benchmark, type Mode } from './lib/result.js';
import { fmt } from './lib/stats.js';

const RUNS: Record<Mode, number> = { full: 10, quick: 4, tiny: 1 };
const BATCH = 64;
const BATCHES = 44;
const OBJECTS = BATCH * BATCHES;
const BIN = join(REPO_ROOT, 'bin', 'ingest-scale.js');

interface Gate {
  verdict: string;
  growthRatio: number;
  ci: [number, number];
  cliff: unknown;
  contention: { rose: boolean } | null;
}

async function constantRun(dir: string, i: number): Promise<Gate> {
  const server = await startServer<{ url: string }>(
    BIN,
    [
      'serve',
      '--json',
      '--protocol',
      'http-put',
      '--cost',
      'constant',
      '--base-cost',
      '20ms',
      '--fill',
      String(OBJECTS),
    ],
    // the store warms itself before it answers (src/servers/http-put/self-warmup.ts)
    60_000,
  );
  try {
    const db = join(dir, `constant-${i}.db`);
    const run = await runProcess(process.execPath, [
      BIN,
      'run',
      '--backend',
      'http-put',
      '--url',
      server.info.url,
      '--collections',
      'none',
      '-n',
      String(OBJECTS),
      '--batch-size',
      String(BATCH),
      '--concurrency',
      '16',
      '--datastream',
      'D:1KiB',
      '--db',
      db,
      '--no-chart',
      '--no-stop-early',
    ]);
    if (run.code === null || run.code > 3) throw new Error(`run exited ${run.code}: ${run.stderr.slice(-1500)}`);
    const check = await runProcess(process.execPath, [BIN, 'check', 'last', '--db', db, '--json']);
    return JSON.parse(check.stdout) as Gate;
  } finally {
    await server.stop();
  }
}

export const groundTruthBench: Benchmark = async ({ mode, log }) => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-gt-'));
  const gates: Gate[] = [];
  try {
    for (let i = 1; i <= RUNS[mode]; i++) {
      const g = await constantRun(dir, i);
      log(`run ${i}: ${g.verdict} x${g.growthRatio.toFixed(3)} [${g.ci.map((v) => v.toFixed(3)).join(', ')}]`);
      gates.push(g);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ratios = gates.map((g) => g.growthRatio);
  const mean = ratios.reduce((s, r) => s + r, 0) / ratios.length;
  const sd =
    ratios.length > 1 ? Math.sqrt(ratios.reduce((s, r) => s + (r - mean) ** 2, 0) / (ratios.length - 1)) : Number.NaN;
  const holding = gates.filter((g) => g.ci[0] <= 1 && g.ci[1] >= 1).length;
  return {
    name: 'ground-truth',
    title: 'Calibration on the host’s clock: the constant ground-truth store',
    method: [
      `${gates.length} runs of \`run --backend http-put\` on a fresh \`serve --protocol http-put --cost constant --base-cost 20ms\`: ${BATCHES} batches of ${BATCH} objects (1 KiB), 16 in flight, no early stop; \`check --json\` of each.`,
      'A report of the machine as much as of the gate: a host whose load changes during a run moves a constant store’s ratio.',
    ],
    figures: [
      figure({
        figure: 'constant store: runs whose 97.5% CI holds 1.0',
        ours: holding / gates.length,
        reference: 0.975,
        unit: 'share',
        referenceName: 'the CI’s nominal coverage',
        budget: null,
      }),
    ],
    tables: [
      {
        title: 'Runs',
        columns: ['run', 'verdict', 'growth ratio', '97.5% CI', 'cliff', 'contention rose'],
        rows: gates.map((g, i) => [
          String(i + 1),
          g.verdict,
          `x${fmt(g.growthRatio, 3)}`,
          `[${fmt(g.ci[0], 3)}, ${fmt(g.ci[1], 3)}]`,
          g.cliff === null ? 'none' : 'yes',
          g.contention?.rose === true ? 'yes' : 'no',
        ]),
      },
    ],
    notes: [`mean ratio x${fmt(mean, 3)}, SD between runs ${Number.isFinite(sd) ? fmt(sd, 4) : 'n/a (one run)'}.`],
  };
};
