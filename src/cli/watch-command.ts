/**
 * `ingest-scale watch RUN`: follow a run another process is writing (a second terminal, a shard's
 * database on a shared volume) with the same live view `run` draws, or one line per batch when the
 * output is not a terminal. It reads the database read-only through the WAL (never blocking the
 * writer) and ends when the run ends, with the run's final output and the exit code `check` gives;
 * a run that is `interrupted` (its process gone) ends it with exit 3.
 */
import { Command } from 'commander';
import type { CliContext } from './context.js';
import { dbFromEnv } from './parse-flags.js';
import type { WatchFlags } from './watch-action.js';

export function watchCommand(ctx: CliContext): Command {
  return new Command('watch')
    .description(
      'follow a run another process is writing: the live view on a terminal (one line per batch otherwise), then the final output and the exit code check gives',
    )
    .argument('<run>', 'run id (or a unique prefix of it), or "last"')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--interval <duration>', 'how often to look at the database, e.g. 500ms or 2s', '500ms')
    .option('--no-live', 'one line per batch even on a terminal')
    .option('--no-chart', 'no chart in the final output')
    .option('--json', 'the final output as one JSON object (as check --json); no view, no per-batch lines')
    .addHelpText(
      'after',
      '\nExit codes: those of check once the run has ended (0 PASS or WARN, 1 FAIL, 3 INCONCLUSIVE, 4 the run failed);\n3 when the run was interrupted (its process is gone without finishing).',
    )
    .action(async (ref: string, flags: WatchFlags) => {
      const { watch } = await import('./watch-action.js');
      ctx.exitCode = await watch(ctx, ref, flags);
    });
}
