/** `ingest-scale report RUN`: Markdown, JSON, JUnit or a self-contained HTML page, to stdout or a file. */
import { Command, Option } from 'commander';
import type { CliContext } from './context.js';
import { fromRun } from './gate-flags.js';
import { dbFromEnv } from './parse-flags.js';
import { UsageError } from '../errors.js';
import type { ReportFlags } from './report-action.js';
import type { HistoryReportFlags } from './report-history.js';

/** The formats of --format, in the order --help lists them. */
export const REPORT_FORMATS = ['markdown', 'json', 'junit', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const collectDb = (v: string, previous: string[] | undefined): string[] => [...(previous ?? []), v];
const oneDb = (dbs: string[]): string => {
  if (dbs.length > 1)
    throw new UsageError(
      'E_BAD_FLAG',
      'report of a run takes one --db',
      'give --db once (several only with --history)',
    );
  return dbs[0] as string;
};

export function reportCommand(ctx: CliContext): Command {
  return new Command('report')
    .description(
      'render a recorded run (optionally against a baseline run) as Markdown, JSON, JUnit XML or a self-contained HTML page; or a compare as an HTML page',
    )
    .argument('[run]', 'run id (or a unique prefix of it), or "last"')
    .option(
      '--compare <id>',
      'instead of a run: the HTML page of a compare (id, unique prefix, or "last"): the targets overlaid per phase, the ratio series with its trend and CI band',
    )
    .addOption(
      new Option(
        '--format <format>',
        'markdown (fits $GITHUB_STEP_SUMMARY), json (schemas/report.schema.json), junit, html',
      )
        .choices([...REPORT_FORMATS])
        .default('markdown'),
    )
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .option('--baseline <run>', 'compare with this run of the same workload (paired batches)')
    .option('--force', 'compare even when the two runs ran different workloads')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB); with --history repeatable', collectDb)
    .option('--max-growth <ratio>', fromRun('growth limit of the gates', '1.10'))
    .option('--max-level-change <fraction>', 'also gate the level difference against the baseline (e.g. 0.25)')
    .option('--max-error-rate <fraction>', fromRun('error budget shown in the report', '0.01'))
    .option(
      '--gate-probes',
      'count the probe verdicts as check --gate-probes does: a FAILing probe kind fails its JUnit test case',
    )
    .option(
      '--history',
      'instead of a run: the history of the databases (as `ingest-scale history`, with --by, --order, --from, --max-growth, --max-level-change), as markdown, json or html',
    )
    .option('--by <key>', 'with --history: the tag of the groups', 'version')
    .addOption(
      new Option('--order <order>', 'with --history: time or semver').choices(['time', 'semver']).default('time'),
    )
    .option('--from <s3-location>', 'with --history: also every .db key under s3://BUCKET/PREFIX (needs --url)')
    .option('--url <endpoint>', 'with --history --from: the S3 endpoint')
    .option(
      '--allow-partial',
      'judge a run that did not complete on the batches it recorded (as check --allow-partial)',
    )
    .option(
      '--forecast <counts>',
      "the forecast at these fills, as check --forecast (e.g. 20k,1M; at most 100x the run's fill): a table, the projection in the charts, the forecast fields in JSON (docs/forecast.md)",
    )
    .addHelpText(
      'after',
      '\nA run that did not complete (running, interrupted, aborted) is headed INCONCLUSIVE with how far it got, a failed run by its failure;\nreport itself exits 0 either way (0, 2 bad usage, 4 database problems). Gate with `ingest-scale check`.',
    )
    .action(async (ref: string | undefined, given: Record<string, unknown>) => {
      const f = given as unknown as Omit<ReportFlags, 'db'> & { db?: string[]; history?: boolean };
      const dbs = f.db ?? [dbFromEnv()];
      if (f.history) {
        const { reportHistory } = await import('./report-history.js');
        ctx.exitCode = await reportHistory(ctx, ref, { ...(given as unknown as HistoryReportFlags), db: dbs });
        return;
      }
      // the store, the evaluation and the renderers load only when the command runs
      const { report } = await import('./report-action.js');
      ctx.exitCode = await report(ctx, ref, { ...f, db: oneDb(dbs) });
    });
}
