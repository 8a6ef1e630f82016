/** `ingest-scale import FILE`: store a published per-batch series as a run, so `check` can gate it. */
import { Command, Option } from 'commander';
import type { CliContext } from './context.js';
import type { ImportFlags } from './import-action.js';
import { dbFromEnv } from './parse-flags.js';
import { collectTag, TAG_FLAG_HELP } from './tag-flags.js';

export function importCommand(ctx: CliContext): Command {
  return new Command('import')
    .description('store one column of per-batch milliseconds from a CSV file as a run (prints its run id)')
    .argument('<file>', 'CSV file with a header row and one row per batch')
    .addOption(new Option('--format <format>', 'input format').choices(['csv']).default('csv'))
    .requiredOption('--column <name>', 'header of the column that holds per-batch milliseconds')
    .requiredOption('--batch-size <n>', 'objects per batch in the source series')
    .option('--label <text>', 'label of the new run (default FILE:COLUMN)')
    .option('--tag <key=value>', TAG_FLAG_HELP, collectTag)
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--json', 'print {"runId": ...}')
    .addHelpText(
      'after',
      '\nExample: ingest-scale import fixtures/series/fedora3-vs-fedora4.csv --column fedora4_minimal_ms --batch-size 1000',
    )
    .action(async (file: string, flags: ImportFlags) => {
      // the store and the importer load only when the command runs
      const { importSeries } = await import('./import-action.js');
      await importSeries(ctx, file, flags);
    });
}
