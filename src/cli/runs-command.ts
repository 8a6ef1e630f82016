/** `ingest-scale runs`: list the runs of a results database; `runs delete RUN` forgets one. */
import { Command } from 'commander';
import type { CliContext } from './context.js';
import { dbFromEnv } from './parse-flags.js';
import type { RunsDeleteFlags } from './runs-delete.js';

function deleteCommand(ctx: CliContext): Command {
  return new Command('delete')
    .description("forget a run's records (run, batches, operations); its objects on the target are not touched")
    .argument('<run>', 'run id (or a unique prefix of it), or "last"')
    .option(
      '--keep-target',
      'forget the run even though its target may still hold its objects (after `clean`, or to leave them)',
    )
    .addHelpText(
      'after',
      '\nThe database is the one of `runs --db PATH` (env INGEST_SCALE_DB).\nExit codes: 0 forgotten, 2 refused (a run still running, or one that may have objects on its target without --keep-target), 4 database problem.',
    )
    .action(async (ref: string, _flags: unknown, cmd: Command) => {
      // --db belongs to `runs` (commander gives a parent's options to it wherever they stand)
      const { deleteRun } = await import('./runs-delete.js');
      ctx.exitCode = await deleteRun(ctx, ref, cmd.optsWithGlobals<RunsDeleteFlags>());
    });
}

export function runsCommand(ctx: CliContext): Command {
  return new Command('runs')
    .description('list recorded runs, oldest first')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--json', 'print a JSON array of runs')
    .action(async (flags: { db: string; json?: boolean }) => {
      // the store loads only when the command runs
      const { listRuns } = await import('./runs-action.js');
      await listRuns(ctx, flags);
    })
    .addCommand(deleteCommand(ctx));
}
