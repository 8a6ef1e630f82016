/**
 * `ingest-scale check RUN [--baseline RUN]`: the CI gate. Alone it gates on the run's growth; with a
 * baseline it gates on the paired scaling regression (and the level, with --max-level-change).
 * `check RUN RUN…`: repeats of one workload pooled into one answer (docs/history.md).
 * Exit 0 PASS/WARN, 1 FAIL, 3 INCONCLUSIVE.
 */
import { Command } from 'commander';
import type { CheckFlags } from './check-action.js';
import type { CliContext } from './context.js';
import { fromRun } from './gate-flags.js';
import { dbFromEnv } from './parse-flags.js';

export function checkCommand(ctx: CliContext): Command {
  return new Command('check')
    .description(
      'apply the growth gate to a recorded run: does per-batch time grow as the store fills? With --baseline: does it grow faster than the baseline run did? With several runs: the repeats pooled into one verdict',
    )
    .argument(
      '<run...>',
      'run id (or a unique prefix of it), or "last"; several runs (repeats: same workload, backend and tags) give one pooled answer',
    )
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option(
      '--max-growth <ratio>',
      fromRun(
        'FAIL when the lower end of the CI of the growth ratio (95%, or 97.5% per look on a run with operation records) is above this',
        '1.10',
      ),
    )
    .option(
      '--min-detectable <ratio>',
      fromRun(
        'INCONCLUSIVE (exit 3) instead of PASS or WARN when the run could not have caught growth of this ratio with 80% power (e.g. 1.5)',
        'off',
      ),
    )
    .option(
      '--baseline <run>',
      'gate on the scaling regression against this run of the same workload (batches paired by index)',
    )
    .option(
      '--max-level-change <fraction>',
      'with --baseline: also FAIL when per-batch time is surely more than this much above the baseline (e.g. 0.25)',
    )
    .option(
      '--force',
      'with --baseline: compare even when the workloads differ; with several runs: pool them even when they are not repeats',
    )
    .option(
      '--allow-partial',
      'gate a run that did not complete (running, interrupted, aborted) on the batches it recorded, instead of INCONCLUSIVE',
    )
    .option(
      '--gate-probes',
      "exit on the worst of the ingest verdict and every probe kind's verdict (runs made with --probe)",
    )
    .option(
      '--forecast <counts>',
      "predict the per-batch time (and op p50/p95 where recorded) at these fills, with 90% prediction intervals: e.g. 20k,1M (at most 100x the run's fill; docs/forecast.md)",
    )
    .option('--no-chart', 'with --forecast: leave out the chart of the run and its projection')
    .option(
      '--slo <duration[:metric]>',
      'the fill at which this objective is crossed; metric batch (default), p50 or p95: e.g. 50ms:p95',
    )
    .option(
      '--slo-at <count>',
      'with --slo: FAIL (exit 1) when the predicted time at this fill is surely above the objective',
    )
    .option(
      '--json',
      'print one JSON object: verdict, growthRatio, ci, warmupDropped, keptBatches, perThousandObjects, exponentK, detectableGrowth, batchesNeeded, stoppedEarly, baseline, ... (every field in schemas/check.schema.json)',
    )
    .addHelpText(
      'after',
      '\nThe rule (Theil–Sen on log batch times after a warm-up trim, Sen CI) is specified in docs/growth-gate.md.\nExit codes: 0 PASS or WARN, 1 FAIL, 2 bad usage or input, 3 INCONCLUSIVE (fewer than 10 kept batches, a PASS or WARN that could not see --min-detectable, or the run did not complete:\n  running, interrupted or aborted; --allow-partial gates on the batches present), 4 the run failed (its reason is printed).\nSeveral runs: growth and level pooled with the between-run spread (DerSimonian–Laird, Hartung–Knapp CI), one verdict by the same rule; not with --baseline or --forecast.',
    )
    .action(async (refs: string[], flags: CheckFlags) => {
      // the store, the gate and the report code load only when the command runs
      const { check } = await import('./check-action.js');
      ctx.exitCode = await check(ctx, refs, flags);
    });
}
