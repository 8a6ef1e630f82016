/** `ingest-scale check RUN`: the CI gate. Exit 0 PASS/WARN, 1 FAIL, 3 INCONCLUSIVE. */
import { Command } from 'commander';
import { evaluateRun } from '../engine/evaluate-run.js';
import { exitCodeForVerdict, type ExitCode } from '../exit-codes.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { dbFromEnv, parseMaxGrowth } from './parse-flags.js';
import { evaluationJson, evaluationText } from './run-output.js';

interface CheckFlags {
  db: string;
  maxGrowth: string;
  json?: boolean;
}

export function checkCommand(ctx: CliContext): Command {
  return new Command('check')
    .description('apply the growth gate to a recorded run: does per-batch time grow as the store fills?')
    .argument('<run>', 'run id (or a unique prefix of it), or "last"')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--max-growth <ratio>', 'FAIL when the 95% CI lower bound of the growth ratio is above this', '1.10')
    .option('--json', 'print one JSON object: verdict, growthRatio, ci, warmupDropped, keptBatches, perThousandObjects, exponentK, detectableGrowth, batchesNeeded, stoppedEarly, ...')
    .addHelpText('after', '\nThe rule (Theil–Sen on log batch times after a warm-up trim, Sen CI) is specified in the README.\nExit codes: 0 PASS or WARN, 1 FAIL, 2 bad usage or input, 3 INCONCLUSIVE (fewer than 10 kept batches).')
    .action(async (ref: string, flags: CheckFlags) => {
      ctx.exitCode = await check(ctx, ref, flags);
    });
}

async function check(ctx: CliContext, ref: string, f: CheckFlags): Promise<ExitCode> {
  const limit = parseMaxGrowth(f.maxGrowth);
  const store = await ResultsStore.open(f.db, 'read');
  try {
    const run = await store.resolveRun(ref);
    const e = await evaluateRun(store, run, limit);
    ctx.out(f.json ? JSON.stringify(evaluationJson(e)) : evaluationText(e));
    return exitCodeForVerdict(e.verdict);
  } finally {
    await store.close();
  }
}
