/**
 * `ingest-scale check RUN [--baseline RUN]`: the CI gate. Alone it gates on the run's growth; with a
 * baseline it gates on the paired scaling regression (and the level, with --max-level-change).
 * Exit 0 PASS/WARN, 1 FAIL, 3 INCONCLUSIVE.
 */
import { Command } from 'commander';
import { evaluateRun } from '../engine/evaluate-run.js';
import { loadReportInput } from '../engine/report-loader.js';
import { exitCodeForVerdict, type ExitCode } from '../exit-codes.js';
import { baselineFacts } from '../report/report-facts.js';
import { baselineVerdictText } from '../report/verdict-block.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { dbFromEnv, parseMaxGrowth } from './parse-flags.js';
import { parseGates } from './report-command.js';
import { evaluationJson, evaluationText } from './run-output.js';

interface CheckFlags {
  db: string;
  maxGrowth: string;
  baseline?: string;
  maxLevelChange?: string;
  force?: boolean;
  json?: boolean;
}

export function checkCommand(ctx: CliContext): Command {
  return new Command('check')
    .description('apply the growth gate to a recorded run: does per-batch time grow as the store fills? With --baseline: does it grow faster than the baseline run did?')
    .argument('<run>', 'run id (or a unique prefix of it), or "last"')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--max-growth <ratio>', 'FAIL when the 95% CI lower bound of the growth ratio is above this', '1.10')
    .option('--baseline <run>', 'gate on the scaling regression against this run of the same workload (batches paired by index)')
    .option('--max-level-change <fraction>', 'with --baseline: also FAIL when per-batch time is surely more than this much above the baseline (e.g. 0.25)')
    .option('--force', 'with --baseline: compare even when the workloads differ')
    .option('--json', 'print one JSON object: verdict, growthRatio, ci, warmupDropped, keptBatches, perThousandObjects, exponentK, detectableGrowth, batchesNeeded, stoppedEarly, baseline, ...')
    .addHelpText('after', '\nThe rule (Theil–Sen on log batch times after a warm-up trim, Sen CI) is specified in the README.\nExit codes: 0 PASS or WARN, 1 FAIL, 2 bad usage or input, 3 INCONCLUSIVE (fewer than 10 kept batches).')
    .action(async (ref: string, flags: CheckFlags) => {
      ctx.exitCode = await check(ctx, ref, flags);
    });
}

async function check(ctx: CliContext, ref: string, f: CheckFlags): Promise<ExitCode> {
  const limit = parseMaxGrowth(f.maxGrowth);
  const gates = f.baseline === undefined ? null : parseGates(f);
  const store = await ResultsStore.open(f.db, 'read');
  try {
    if (gates === null || f.baseline === undefined) {
      const e = await evaluateRun(store, await store.resolveRun(ref), limit);
      ctx.out(f.json ? JSON.stringify(evaluationJson(e)) : evaluationText(e));
      return exitCodeForVerdict(e.verdict);
    }
    const input = await loadReportInput(store, { run: ref, baseline: f.baseline, gates, force: f.force === true });
    const facts = baselineFacts(input);
    if (!facts || !input.baseline) throw new Error('baseline comparison missing');
    const c = facts.comparison;
    if (f.json) {
      ctx.out(JSON.stringify({
        ...evaluationJson(input.candidate.evaluation),
        verdict: c.verdict,
        ownVerdict: input.candidate.evaluation.verdict,
        baseline: { runId: input.baseline.evaluation.run.id, ...c, workloadDifferences: facts.workload.refusals, workloadNotes: facts.workload.notes },
      }));
    } else {
      ctx.out([baselineVerdictText(c), '', `the candidate's own growth (reported, not gated with --baseline):`, evaluationText(input.candidate.evaluation)].join('\n'));
    }
    return exitCodeForVerdict(c.verdict);
  } finally {
    await store.close();
  }
}
