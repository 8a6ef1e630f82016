/** `ingest-scale compare --targets FILE`: two or more stores filled side by side in interleaved (ABBA) batches. */
import { Command } from 'commander';
import type { CliContext } from './context.js';
import type { CompareFlags } from './compare-action.js';
import { dbFromEnv } from './parse-flags.js';
import { addWorkloadOptions } from './workload-options.js';

export function compareCommand(ctx: CliContext): Command {
  return addWorkloadOptions(
    new Command('compare').description(
      'fill two or more targets with the same workload in interleaved batches (ABBA order), with optional cold and warm reads, and compare each with the first: level ratio and scaling verdict',
    ),
  )
    .requiredOption(
      '--targets <file.json>',
      'the targets: {"targets": {"old": {"backend": "ldp", "url": "…"}, "new": {…}}}; keys are each backend\'s run flags in camelCase, plus passwordEnv/tokenEnv naming environment variables; the first target is the reference',
    )
    .option('--warmup-batches <w>', 'batches run and recorded but not compared', '1')
    .option(
      '--phases <list>',
      'comma list of put, get-cold, get-warm: after each batch the get phases read the same seeded sample of objects from every target, SHA-256 verified',
      'put',
    )
    .option('--sample <k>', 'objects read per batch by the get phases (the oldest and newest among them)', '10')
    .option(
      '--max-growth <ratio>',
      "scaling: FAIL when a target's per-batch ratio to the reference surely grows by more than this over the compare",
      '1.10',
    )
    .option(
      '--max-level-change <fraction>',
      'level: FAIL when a target is surely more than this much slower than the reference (as check --baseline; default: reported, not gated)',
    )
    .option(
      '--max-error-rate <fraction>',
      'a target whose operations fail more than this share stops the compare (exit 4)',
      '0.01',
    )
    .option('--retries <n>', 'attempts after the first of an operation that failed in a way worth retrying', '2')
    .option(
      '--request-timeout <duration>',
      'HTTP backends: a request with no answer for this long fails as E_TIMEOUT',
      '60s',
    )
    .option(
      '--connect-timeout <duration>',
      'HTTP backends: no connection within this fails as E_CONNECT_TIMEOUT',
      '10s',
    )
    .option(
      '--max-datastream-size <size>',
      'refuse a workload whose datastreams can be larger than this (exit 2)',
      '64GiB',
    )
    .option('--label <text>', "a label prefix: each target's run is labelled LABEL/NAME (default: the target's name)")
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--json', 'print the answer as one JSON object')
    .option(
      '--no-progress',
      'no live progress line on stderr (batch k of N, the target, elapsed, ETA; drawn only on a terminal anyway)',
    )
    .option(
      '--stop-grace <duration>',
      'after the first Ctrl-C or SIGTERM, wait this long for the batch in flight before abandoning it',
      '10s',
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 PASS or WARN, 1 FAIL (a level or scaling gate failed), 2 bad usage or targets file, 3 INCONCLUSIVE, 4 a target failed, 130/143 stopped by a signal.\nExample: ingest-scale compare --targets targets.json -n 8000 --batch-size 200 --phases put,get-cold,get-warm',
    )
    .action(async (flags: CompareFlags) => {
      const { compare } = await import('./compare-action.js');
      ctx.exitCode = await compare(ctx, flags);
    });
}
