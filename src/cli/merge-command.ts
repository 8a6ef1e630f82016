/** `ingest-scale merge SHARD.db… --into RUN.db`: one run from the shards of a sharded run (docs/scale-out.md). */
import { Command, Option } from 'commander';
import type { CliContext } from './context.js';
import type { MergeFlags } from './merge-action.js';

export function mergeCommand(ctx: CliContext): Command {
  return new Command('merge')
    .description(
      'make one run of the shards of a sharded run (run --shard i/n): population from the completions of every stored object, virtual batches of --batch-size objects, the window in which every shard was active; check, report and chart read it like any run',
    )
    .argument('[shard-db...]', 'the results database of every shard (all n of them); or --from')
    .requiredOption('--into <path>', 'results database to write the merged run into (created if absent)')
    .addOption(
      new Option(
        '--clock-correct <mode>',
        "none: take each shard's wall anchor as it is; date: shift each shard by the midpoint of its clock bracket against the store (HTTP Date headers)",
      )
        .choices(['none', 'date'])
        .default('none'),
    )
    .option(
      '--from <s3-location>',
      'read the shard files from S3 instead: every key ending in .db under s3://BUCKET/PREFIX (fetched to a temporary folder, removed afterwards); credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or --profile',
    )
    .option('--url <endpoint>', 'with --from: the S3 endpoint, e.g. http://127.0.0.1:7480')
    .option('--region <region>', 'with --from: region of the signature', 'us-east-1')
    .option('--path-style', 'with --from: path-style addressing (http://host/bucket/key)')
    .option('--profile <name>', 'with --from: read credentials from this profile of ~/.aws/credentials')
    .option('--json', 'print one JSON object instead of text')
    .addHelpText(
      'after',
      '\nExit codes: 0 merged, 2 a shard is missing, incomplete or not of this run, or no .db key under --from (nothing written), 4 a database could not be written or the S3 store refused or could not be reached.\nExample: ingest-scale merge shard-0.db shard-1.db shard-2.db shard-3.db --into run.db && ingest-scale check --db run.db\nFrom S3: ingest-scale merge --from s3://ingest-results/runs/fill01/ --url http://rgw:7480 --path-style --into run.db',
    )
    .action(async (files: string[], flags: MergeFlags) => {
      const { merge } = await import('./merge-action.js');
      ctx.exitCode = await merge(ctx, files, flags);
    });
}
