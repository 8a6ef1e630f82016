/** `ingest-scale clean RUN`: delete a run's objects from its target (backends that can delete). */
import { Command } from 'commander';
import type { CleanFlags } from './clean-action.js';
import type { CliContext } from './context.js';
import { dbFromEnv } from './parse-flags.js';

export function cleanCommand(ctx: CliContext): Command {
  return new Command('clean')
    .description("delete what a run stored on its target (its recorded URL or data directory): its objects, then the containers or collections it made")
    .argument('<run>', 'run id (or a unique prefix of it), or "last"')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--user <name>', 'user for HTTP Basic auth; the password is read from INGEST_SCALE_PASSWORD')
    .option('--ca <file.pem>', 'trust this CA for an https target')
    .option('--concurrency <n>', 'deletes in flight', '4')
    .option('--profile <name>', 'S3: credentials profile (default: the AWS_* environment variables)')
    .option('--purge-tombstones', 'LDP (Fedora): also delete the tombstones deletes leave, so the paths can be reused')
    .option('--json', 'print one JSON object with the counts')
    .action(async (ref: string, f: CleanFlags) => {
      // the store and the backends load only when the command runs
      const { clean } = await import('./clean-action.js');
      await clean(ctx, ref, f);
    });
}
