/** `ingest-scale history`: runs grouped by a tag across one or more databases, pooled, change points named. */
import { Command, Option } from 'commander';
import type { CliContext } from './context.js';
import type { HistoryFlags } from './history-action.js';
import { dbFromEnv } from './parse-flags.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function historyCommand(ctx: CliContext): Command {
  return new Command('history')
    .description(
      'read runs from one or more results databases, group them by a tag (default version), pool the repeats of each group into one growth and one level with CIs, name the groups where growth or level changed, and judge the newest group against the last stable segment before it',
    )
    .option('--db <path>', 'a results database (repeatable; env INGEST_SCALE_DB when none is given)', collect)
    .option('--from <s3-location>', 'also read every .db key under s3://BUCKET/PREFIX (as merge --from)')
    .option('--url <endpoint>', 'with --from: the S3 endpoint, e.g. http://127.0.0.1:7480')
    .option('--region <region>', 'with --from: region of the signature', 'us-east-1')
    .option('--path-style', 'with --from: path-style addressing (http://host/bucket/key)')
    .option('--profile <name>', 'with --from: read credentials from this profile of ~/.aws/credentials')
    .option('--by <key>', 'the tag whose values are the groups', 'version')
    .addOption(
      new Option('--order <order>', "order of the groups: by each group's first run, or by semantic version")
        .choices(['time', 'semver'])
        .default('time'),
    )
    .option(
      '--max-growth <ratio>',
      "FAIL when the newest group's growth over the last stable segment's surely exceeds this",
      '1.10',
    )
    .option(
      '--max-level-change <fraction>',
      "FAIL when the newest group's level surely exceeds the segment's by more than this (e.g. 0.2)",
    )
    .option(
      '--min-detectable <ratio>',
      'INCONCLUSIVE (exit 3) when the newest group could not have seen growth of this ratio (80% power)',
    )
    .option('--json', 'print one JSON object (schemas/history.schema.json)')
    .option('--no-chart', 'no chart over the groups')
    .addHelpText(
      'after',
      `\nExit codes: 0 PASS (underpowered said), 1 FAIL, 2 bad usage or input, 3 INCONCLUSIVE (fewer than two groups, or --min-detectable not reached), 4 a database could not be read.\nExample: ingest-scale history --db nightly-1.db --db nightly-2.db --by version --order semver --max-level-change 0.2`,
    )
    .action(async (f: HistoryFlags) => {
      const { history } = await import('./history-action.js');
      ctx.exitCode = await history(ctx, { ...f, db: f.db ?? (f.from === undefined ? [dbFromEnv()] : []) });
    });
}
