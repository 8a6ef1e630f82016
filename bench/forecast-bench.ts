/**
 * Forecast coverage on the host's clock (run only when named: `node dist/bench/run.js forecast --out
 * FILE`): the cases of test/integration/forecast-http.test.ts at more seeds and sizes. For each cost
 * model (constant, linear x1.5, log x1.5, a 1.3x step at an eighth of the fill) and seed, a run of
 * N/4 objects on a fresh ground-truth store (`serve --protocol http-put --base-cost 400ms`, its own
 * process, stopped by PID), `check --forecast N --json`, and a full run of N on another fresh store:
 * does the 90% interval cover the median of the full run's last four batches? A wave is the four
 * costs at two seeds (16 runs together, test/helpers/forecast-case.ts); the load average is taken
 * before and after each wave.
 *
 * A report, not a test: the coverage figure is what the forecast promises (90%) against what the
 * host's clock gave, and the load says how busy the host was while it did.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  describeOutcome,
  fillCases,
  judgeCase,
  type ForecastCase,
  type ForecastOutcome,
} from '../test/helpers/forecast-case.js';
import { figure, type Benchmark, type Mode } from './lib/result.js';
import { fmt, median } from './lib/stats.js';

interface Wave {
  objects: number;
  seeds: number[];
}

/** Fills, each a wave of the four costs at two seeds; the store waits 400 ms a PUT (tiny: 20 ms). */
const WAVES: Record<Mode, Wave[]> = {
  full: [
    { objects: 512, seeds: [1, 2] },
    { objects: 512, seeds: [3, 4] },
    { objects: 1024, seeds: [1, 2] },
  ],
  quick: [{ objects: 512, seeds: [1, 2] }],
  tiny: [{ objects: 256, seeds: [1] }],
};
const costs = (n: number): string[] => ['constant', 'linear:1.5', 'log:1.5', `step:${n / 8}:1.3`];
const kind = (cost: string): string => cost.split(':')[0] as string;

interface Measured {
  outcome: ForecastOutcome;
  loadBefore: number;
  loadAfter: number;
}

async function wave(w: Wave, mode: Mode, dir: string): Promise<Measured[]> {
  const cases: ForecastCase[] = costs(w.objects).flatMap((cost) =>
    w.seeds.map((seed) => ({
      cost,
      objects: w.objects,
      batchSize: mode === 'tiny' ? 2 : 4,
      concurrency: mode === 'tiny' ? 2 : 4,
      baseCost: mode === 'tiny' ? '20ms' : '400ms',
      seed,
      dir,
    })),
  );
  const loadBefore = loadavg()[0] as number;
  await fillCases(cases);
  const loadAfter = loadavg()[0] as number;
  const outcomes = await Promise.all(cases.map((c) => judgeCase(c)));
  return outcomes.map((outcome) => ({ outcome, loadBefore, loadAfter }));
}

const share = (ms: Measured[]): string => `${ms.filter((m) => m.outcome.covered).length}/${ms.length}`;
const width = (ms: Measured[]): string => `x${fmt(median(ms.map((m) => m.outcome.pi[1] / m.outcome.pi[0])), 2)}`;

export const forecastBench: Benchmark = async ({ mode, log }) => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-forecast-'));
  const all: Measured[] = [];
  try {
    for (const w of WAVES[mode]) {
      const got = await wave(w, mode, dir);
      for (const m of got) log(`N ${w.objects}: ${describeOutcome(m.outcome)}`);
      all.push(...got);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const covered = all.filter((m) => m.outcome.covered).length;
  const kinds = [...new Set(all.map((m) => kind(m.outcome.case.cost)))];
  const sizes = [...new Set(all.map((m) => m.outcome.case.objects))];
  const loads = all.flatMap((m) => [m.loadBefore, m.loadAfter]);
  return {
    name: 'forecast',
    title: 'Forecast coverage on the host’s clock: the ground-truth store at 4x the fill',
    method: [
      `Per cost model and seed: \`run --backend http-put\` of N/4 objects on a fresh \`serve --protocol http-put --cost COST --base-cost ${mode === 'tiny' ? '20ms' : '400ms'} --fill N --no-warmup\`, \`check --forecast N --json\`, and a full run of N objects on another fresh store; covered when the 90% interval holds the median of the full run’s last four batches.`,
      `Batches of ${mode === 'tiny' ? 2 : 4}, all in flight (one wait per batch), 1 KiB objects, no early stop; the four costs at two seeds run together, full runs first, short runs once every full run is ingesting.`,
      'A report of the host as much as of the forecast: a host getting busier during a short run reads as a store getting slower.',
    ],
    figures: [
      figure({
        figure: 'cases whose 90% interval covers the measured batch',
        ours: covered / all.length,
        reference: 0.9,
        unit: 'share',
        referenceName: 'the interval’s nominal coverage',
        budget: '>= 0.80',
        met: covered / all.length >= 0.8,
      }),
    ],
    tables: [
      {
        title: 'Coverage per cost model and fill (N)',
        columns: ['cost', ...sizes.map((n) => `N = ${fmt(n)}`), 'all', 'median width (upper/lower)'],
        rows: kinds.map((k) => {
          const of = all.filter((m) => kind(m.outcome.case.cost) === k);
          return [k, ...sizes.map((n) => share(of.filter((m) => m.outcome.case.objects === n))), share(of), width(of)];
        }),
      },
      {
        title: 'Cases',
        columns: [
          'N',
          'cost',
          'seed',
          'model',
          'estimate ms',
          '90% interval ms',
          'measured ms',
          'covered',
          'load 1 min',
        ],
        rows: all.map(({ outcome: o, loadBefore, loadAfter }) => [
          fmt(o.case.objects),
          o.case.cost,
          String(o.case.seed),
          o.fit.cliffBatch === null ? o.model : `${o.model} after the cliff`,
          fmt(o.estimateMs),
          `[${fmt(o.pi[0])}, ${fmt(o.pi[1])}]`,
          fmt(o.measuredMs),
          o.covered ? 'yes' : 'NO',
          `${fmt(loadBefore, 2)} → ${fmt(loadAfter, 2)}`,
        ]),
      },
    ],
    notes: [
      `${covered} of ${all.length} covered; median interval width ${width(all)}; 1-minute load average between ${fmt(Math.min(...loads), 2)} and ${fmt(Math.max(...loads), 2)} at the waves’ starts and ends.`,
    ],
  };
};
