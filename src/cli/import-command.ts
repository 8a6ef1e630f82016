/** `ingest-scale import FILE`: store a k6, JMeter or warp request log, or a per-batch series, as a run `check` can gate. */
import { Command, Option } from 'commander';
import type { CliContext } from './context.js';
import type { ImportFlags } from './import-action.js';
import { dbFromEnv } from './parse-flags.js';
import { collectTag, TAG_FLAG_HELP } from './tag-flags.js';

export function importCommand(ctx: CliContext): Command {
  return new Command('import')
    .description(
      'store a request log (k6 --out json, JMeter CSV/XML results, warp --benchdata; gzip or zstd read as is) or one column of per-batch milliseconds from a CSV as a run (prints its run id)',
    )
    .argument('<file>', 'the log or CSV file (.gz and .zst are read directly)')
    .addOption(
      new Option(
        '--format <format>',
        'k6, jmeter, warp or csv (default: told from the content; csv when --column is given)',
      ).choices(['k6', 'jmeter', 'warp', 'csv']),
    )
    .requiredOption(
      '--batch-size <n>',
      'objects per batch: successful ingest requests per batch of a log, or per row of a CSV',
    )
    .option('--column <name>', 'csv: header of the column that holds per-batch milliseconds')
    .option(
      '--method <list>',
      'log: the HTTP methods of ingest requests, e.g. PUT or PUT,POST (default: all but GET, HEAD, OPTIONS)',
    )
    .option('--match <regex>', 'log: only requests whose name/label or URL matches are ingests')
    .option(
      '--status <spec>',
      'log: only requests with these statuses, e.g. 2xx or 201,204 (no response is never left out)',
    )
    .option(
      '--reads-as-probes',
      'log: keep GETs that are not ingests as read probes (kind get) for the read-side verdict',
    )
    .option('--tag <key=value>', TAG_FLAG_HELP, collectTag)
    .option('--label <text>', 'label of the new run (default FILE (tool), or FILE:COLUMN)')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--json', 'print {"runId": ...} (a log: with what became of its requests)')
    .addHelpText(
      'after',
      `
A log's requests are ordered by completion; every --batch-size successful ingests make a batch whose
wall time spans its requests' earliest start to latest end; each request is stored as an operation
(failed ones as failed operations, counted against the error budget). Reads, other metrics and
requests left out by --method/--match/--status are counted in the summary (stderr).

Examples:
  ingest-scale import results.json.gz --method PUT --batch-size 500
  ingest-scale import results.jtl --match '^PUT object$' --batch-size 500
  ingest-scale import warp-put.csv.zst --batch-size 500 --reads-as-probes
  ingest-scale import fixtures/series/fedora3-vs-fedora4.csv --column fedora4_minimal_ms --batch-size 1000`,
    )
    .action(async (file: string, flags: ImportFlags) => {
      // the store and the importer load only when the command runs
      const { importFile } = await import('./import-action.js');
      await importFile(ctx, file, flags);
    });
}
