/**
 * Forecasts against the truth on the host's clock (docs/forecast.md, "Coverage, measured"): the
 * ground-truth store `serve --protocol http-put` (its own process, stopped by PID) with the cost
 * models constant, linear x1.5 over the fill, log x1.5 (a tree gaining levels) and a 1.3x step at an
 * eighth of the fill, two seeded cases each. For each, a run of N/4 objects on a fresh store is
 * forecast to N with `check --forecast N --json`, and a full run of N objects on another fresh store
 * of the same cost measures what a batch there costs: the median of its last four batches
 * (test/helpers/forecast-case.ts says how the store's fill maps to the forecast's).
 *
 * Held by construction on a busy 2-core host: the store waits 400 ms before each answer, batches of
 * 4 with all 4 in flight (one wait per batch), N = 512 (a short run of 32 batches, a full one of
 * 128). The tool's own work is about 2 ms of CPU per PUT; on a host at a load average of 15 (the
 * other processes' compilers and linters) a 100 ms store's batches rose by a quarter over a short
 * run, which a forecast reads as growth, while against 400 ms the same host moved them by a few
 * percent. The 16 runs go together (their waits overlap; together they ask the host for a tenth of
 * a core), the full runs first and the short runs once every full run is ingesting, so no tool's
 * start lands in a batch that counts (test/helpers/forecast-case.ts); about 100 s in all. No time is
 * asserted.
 *
 * The count: 8 cases, at least 7 covered (80% of 8 is 6.4, rounded up to a whole case). One miss is
 * allowed, two fail. On a 90% interval whose misses are independent, two or more misses in 8 happen
 * with probability 0.19; the test is tighter than that by intent, because the seeded simulations
 * (docs/forecast.md) cover 93-100% for these truths with 30 fitted batches: a forecast that covered
 * only 80% (two or more misses with probability 0.50) fails the test half the time, one that covers
 * 97% passes 98% of the time. The store's own noise is small, so the intervals of the smooth stores
 * are narrow (x1.02-x1.2) and the measured value often lies near an end: each case's interval and
 * measured value are printed, so a near miss shows.
 *
 * Also: `check --json` carries the fields the forecast is read from (forecast[].model, estimateMs,
 * pi, far, objects; forecastFit.observedFill, batchesUsed, cliffBatch).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { tempDir } from '../helpers/cli.js';
import {
  describeOutcome,
  fillCases,
  judgeCase,
  type ForecastCase,
  type ForecastOutcome,
} from '../helpers/forecast-case.js';

/** N: the full fill and the fill forecast to. */
const N = 512;
const COSTS = ['constant', 'linear:1.5', 'log:1.5', `step:${N / 8}:1.3`];
const SEEDS = [1, 2];
const REQUIRED = 7;

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

test(
  `the 90% interval at 4x the fill covers a full run on the host's clock in >= ${REQUIRED} of 8 cases`,
  { timeout: 600_000 },
  async (t) => {
    const cases: ForecastCase[] = COSTS.flatMap((cost) =>
      SEEDS.map((seed) => ({ cost, objects: N, batchSize: 4, concurrency: 4, baseCost: '400ms', seed, dir: tmp.dir })),
    );
    await fillCases(cases);
    const outcomes: ForecastOutcome[] = await Promise.all(cases.map((c) => judgeCase(c)));
    for (const o of outcomes) t.diagnostic(describeOutcome(o));
    for (const o of outcomes) {
      assert.equal(o.fit.observedFill, N / 4, 'the forecast saw the short run’s fill');
      assert.equal(o.far, false, '4x is not far');
      assert.ok(o.pi[0] > 0 && o.pi[0] <= o.estimateMs && o.estimateMs <= o.pi[1], describeOutcome(o));
    }
    const covered = outcomes.filter((o) => o.covered).length;
    assert.ok(covered >= REQUIRED, `covered ${covered} of ${outcomes.length}`);
  },
);
