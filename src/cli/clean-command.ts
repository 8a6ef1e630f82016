/** `ingest-scale clean RUN`: delete a run's objects from its target (backends that can delete). */
import { Command } from 'commander';
import { addBackendOptions } from './backend-options.js';
import type { CleanFlags } from './clean-action.js';
import type { CliContext } from './context.js';
import { dbFromEnv } from './parse-flags.js';

export function cleanCommand(ctx: CliContext): Command {
  const head = new Command('clean')
    .description(
      'delete what a run stored on its target (its recorded URL or data directory): its objects, then the containers or collections it made',
    )
    .argument('<run>', 'run id (or a unique prefix of it), or "last"')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--concurrency <n>', 'deletes in flight', '4')
    .option('--json', 'print one JSON object with the counts');
  // the backends' own flags of clean, from their modules; a flag the run's backend does not take is refused
  return addBackendOptions(head, 'clean').action(async (ref: string, f: CleanFlags) => {
    // the store and the backends load only when the command runs
    const { clean } = await import('./clean-action.js');
    await clean(ctx, ref, f);
  });
}
