/** `ingest-scale run`: ingest a workload in batches, record everything, print chart and verdict. */
import { Command } from 'commander';
import { BACKEND_NAMES } from '../backends/index.js';
import { EARLY_STOP_MIN_PLANNED } from './early-stop-default.js';
import { addBackendOptions } from './backend-options.js';
import { addWorkloadOptions } from './workload-options.js';
import type { CliContext } from './context.js';
import { dbFromEnv } from './parse-flags.js';
import type { RunFlags } from './run-action.js';
import { collectTag, TAG_FLAG_HELP } from './tag-flags.js';

// eslint-disable-next-line max-lines-per-function -- one commander declaration: the flags of `run` in the order --help lists them
export function runCommand(ctx: CliContext): Command {
  const head = addWorkloadOptions(
    new Command('run').description(
      'ingest a workload in fixed batches, record every batch in SQLite, and print a chart and the growth verdict',
    ),
  ).option('--backend <name>', `target store: ${BACKEND_NAMES.join(', ')}`, 'leveldb');
  // each backend's own options, from its module (src/backends/<name>/index.ts)
  return addBackendOptions(head, 'run')
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--label <text>', 'a label for the run in lists and reports')
    .option('--tag <key=value>', TAG_FLAG_HELP, collectTag)
    .option('--max-growth <ratio>', 'FAIL when per-batch time surely grows by more than this over the run', '1.10')
    .option(
      '--min-detectable <ratio>',
      'INCONCLUSIVE (exit 3) instead of PASS or WARN when the run could not have caught growth of this ratio with 80% power (e.g. 1.5; default off)',
    )
    .option('--max-error-rate <fraction>', 'stop the run (exit 4) when more than this share of operations fail', '0.01')
    .option('--json', 'print one JSON object (run, batches summary, verdict) instead of text')
    .option('--no-progress', 'no live progress line on stderr (it is drawn only on a terminal anyway)')
    .option('--no-live', 'no live view on stdout (drawn only when stdout is a terminal, without --json and CI)')
    .option(
      '--metrics <[host:]port>',
      'serve OpenMetrics at http://HOST:PORT/metrics while the run goes (loopback unless a host is named; off unless asked)',
    )
    .option('--no-chart', 'do not print the chart')
    .option(
      '--stop-early',
      `stop with FAIL as soon as the growth is certain (default on for runs of ${EARLY_STOP_MIN_PLANNED}+ batches)`,
    )
    .option('--no-stop-early', 'always run every planned batch')
    .option(
      '--request-timeout <duration>',
      'HTTP backends: a request with no answer (or whose answer stops) for this long fails as E_TIMEOUT, counted by the error budget',
      '60s',
    )
    .option(
      '--connect-timeout <duration>',
      'HTTP backends: no connection within this fails as E_CONNECT_TIMEOUT',
      '10s',
    )
    .option(
      '--retries <n>',
      'try an operation again up to N times, with exponential backoff and jitter, on 503, 429, S3 SlowDown, a refused or reset connection and a timeout (transaction begin/commit only when the store declined); every attempt is recorded',
      '2',
    )
    .option(
      '--probe <kinds>',
      'after each batch, outside its clock, probe the read side: a comma list of get, head, range, list, update, delete, or all (each kind gets its own verdict in check)',
    )
    .option(
      '--probe-sample <k>',
      'with --probe: probes of each kind per batch, on seeded objects including the oldest and newest (default 10)',
    )
    .option(
      '--probe-stop-above <duration>',
      "with --probe: stop the run (stopped-early, FAIL) when a probe kind's median latency in a batch is above this (e.g. 1s)",
    )
    .option(
      '--max-datastream-size <size>',
      'refuse a workload whose datastreams can be larger than this (exit 2); raise it for huge datastreams',
      '64GiB',
    )
    .option(
      '--ignore-free-space',
      'start an embedded-store run even when its planned bytes exceed the free space of its data directory',
    )
    .option(
      '--resume <run>',
      'carry on an aborted or interrupted run with its own id, workload, backend, target and settings (leveldb, fedora3, ldp, http-put, s3; give --user/--ca/--profile and the secrets again): half-written objects of its unfinished batch are removed, batches numbered on',
    )
    .option(
      '--shard <i/n>',
      'one shard of a run filled by n processes: writes the objects whose index mod n is i, into its own --db; auto/n takes i from JOB_COMPLETION_INDEX (Kubernetes Indexed Job). Gates nothing: exit 0 complete, 4 failed; `ingest-scale merge` makes one run of the shards',
    )
    .option(
      '--run-id <id>',
      'with --shard: the run id every shard shares (object ids start with its first 6 characters)',
    )
    .option(
      '--start-at <iso-time>',
      'with --shard: wait until this wall time before the first batch (at most a day ahead; how late it started is recorded)',
    )
    .option(
      '--client-warmup',
      'networked targets: before batch 1, write and remove up to 1,000 objects outside the run to warm the client (nothing recorded; off by default)',
    )
    .option(
      '--no-sink-warmup',
      "http-put: do not warm the client before batch 1 against a sink inside the tool's own process (127.0.0.1; the same backend, engine and recording code, up to 3,000 objects or 3 s, nothing sent to the target or kept; recorded in the run's settings as sinkWarmup)",
    )
    .option(
      '--stop-grace <duration>',
      'after the first Ctrl-C or SIGTERM, wait this long for the current batch before abandoning it (e.g. 500ms, 30s, 2m)',
      '10s',
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 PASS or WARN, 1 FAIL, 2 bad usage or input, 3 INCONCLUSIVE, 4 the run failed, 130 stopped by Ctrl-C (SIGINT), 143 stopped by SIGTERM.\nCtrl-C or SIGTERM stops after the current batch (status aborted, finished batches kept, the default data directory kept); a second signal or --stop-grace abandons the batch in flight.\nExample: ingest-scale run -n 5000 --batch-size 250 --datastream OBJ:100KiB --datastream META:2KiB:compressible',
    )
    .action(async (flags: RunFlags, cmd: Command) => {
      // the engine, the backends and the store load only when the command runs
      const { run } = await import('./run-action.js');
      ctx.exitCode = await run(ctx, flags, { backendDefaulted: cmd.getOptionValueSource('backend') === 'default' });
    });
}
