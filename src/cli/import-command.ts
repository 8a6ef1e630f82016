/** `ingest-scale import FILE`: store a published per-batch series as a run, so `check` can gate it. */
import { Command, Option } from 'commander';
import { ExitCode } from '../exit-codes.js';
import { readSeries } from '../import/series-import.js';
import { ResultsStore } from '../store/results-store.js';
import type { CliContext } from './context.js';
import { dbFromEnv, parseIntFlag } from './parse-flags.js';

interface ImportFlags {
  format: string;
  column: string;
  batchSize: string;
  label?: string;
  db: string;
  json?: boolean;
}

export function importCommand(ctx: CliContext): Command {
  return new Command('import')
    .description('store one column of per-batch milliseconds from a CSV file as a run (prints its run id)')
    .argument('<file>', 'CSV file with a header row and one row per batch')
    .addOption(new Option('--format <format>', 'input format').choices(['csv']).default('csv'))
    .requiredOption('--column <name>', 'header of the column that holds per-batch milliseconds')
    .requiredOption('--batch-size <n>', 'objects per batch in the source series')
    .option('--label <text>', 'label of the new run (default FILE:COLUMN)')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--json', 'print {"runId": ...}')
    .addHelpText('after', '\nExample: ingest-scale import fixtures/series/fedora3-vs-fedora4.csv --column fedora4_minimal_ms --batch-size 1000')
    .action(async (file: string, flags: ImportFlags) => {
      const batchSize = parseIntFlag(flags.batchSize, '--batch-size', 1, 1_000_000_000);
      const series = readSeries({ file, column: flags.column, batchSize, ...(flags.label === undefined ? {} : { label: flags.label }) });
      const store = await ResultsStore.open(flags.db, 'write');
      try {
        await store.importRun(series.run, series.batches);
      } finally {
        await store.close();
      }
      ctx.out(flags.json ? JSON.stringify({ runId: series.run.id }) : series.run.id);
      ctx.exitCode = ExitCode.Ok;
    });
}
