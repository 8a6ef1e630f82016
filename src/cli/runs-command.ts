/** `ingest-scale runs`: list the runs of a results database. */
import { Command } from 'commander';
import type { CliContext } from './context.js';
import { dbFromEnv } from './parse-flags.js';

export function runsCommand(ctx: CliContext): Command {
  return new Command('runs')
    .description('list recorded runs, oldest first')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--json', 'print a JSON array of runs')
    .action(async (flags: { db: string; json?: boolean }) => {
      // the store loads only when the command runs
      const { listRuns } = await import('./runs-action.js');
      await listRuns(ctx, flags);
    });
}
