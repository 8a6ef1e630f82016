/** `ingest-scale run`: ingest a workload in batches, record everything, print chart and verdict. */
import { Command, Option } from 'commander';
import { BACKEND_NAMES } from '../backends/backend-names.js';
import { FLAVORS } from '../backends/ldp/flavor.js';
import { EARLY_STOP_MIN_PLANNED } from '../engine/early-stop-default.js';
import { LAYOUTS, VERIFY_MODES } from '../workload/workload.js';
import type { CliContext } from './context.js';
import { dbFromEnv } from './parse-flags.js';
import type { RunFlags } from './run-action.js';

export function runCommand(ctx: CliContext): Command {
  return new Command('run')
    .description('ingest a workload in fixed batches, record every batch in SQLite, and print a chart and the growth verdict')
    .option('-n, --objects <n>', 'objects to ingest (default 10000)')
    .option('--batch-size <n>', 'objects per batch; the gate fits one point per batch (default 400)')
    .option('--concurrency <n>', 'objects in flight inside a batch (default 4)')
    .option('--datastream <ID:SIZE[:KIND]>', 'a datastream of every object; repeat for several. SIZE: 512, 100KB, 100KiB, 4MiB, uniform:1KiB-1MiB, lognormal:MEDIAN:SIGMA. KIND: random (default) or compressible', (v: string, acc: string[] | undefined) => [...(acc ?? []), v])
    .option('--seed <n>', 'seed of sizes and content; same seed, same bytes (default 1)')
    .addOption(new Option('--layout <layout>', 'where objects go: flat (all under one container), pairtree, fanout').choices([...LAYOUTS]))
    .option('--fanout-width <n>', 'children per level for --layout fanout (default 16)')
    .option('--fanout-depth <n>', 'levels for --layout fanout (default 2)')
    .addOption(new Option('--verify <mode>', 'readback: read every datastream back after its batch and compare SHA-256 (not timed)').choices([...VERIFY_MODES]))
    .option('--workload <file.json>', 'read the workload from a JSON file (see fixtures/workloads/); flags override its fields')
    .option('--backend <name>', `target store: ${BACKEND_NAMES.join(', ')}`, 'leveldb')
    .option('--data <dir>', 'data directory of the embedded store, kept after the run (default: reports/data/<run id>, removed after the run)')
    .option('--keep-data', 'keep the default data directory after the run')
    .option('--url <url>', 'target URL of a server backend, e.g. http://127.0.0.1:8080/fedora')
    .option('--user <name>', 'user for HTTP Basic auth (sent preemptively); the password is read from the INGEST_SCALE_PASSWORD environment variable. For a bearer token set INGEST_SCALE_TOKEN instead (not with --user)')
    .option('--ca <file.pem>', 'trust this CA for an https target (certificates are always verified)')
    .option('--pid-namespace <ns>', 'Fedora 3 PID namespace of the objects (default bench)')
    .addOption(new Option('--flavor <name>', 'LDP server kind: how binaries, digests and transactions are spoken (default fedora6)').choices([...FLAVORS]))
    .addOption(new Option('--create <method>', 'LDP: create object containers with PUT at a chosen path, or POST with a Slug (default put)').choices(['put', 'post']))
    .option('--bucket <name>', 'S3: bucket to write into')
    .option('--region <region>', 'S3: region of the signature (default us-east-1)')
    .option('--path-style', 'S3: address the bucket in the path (default for IP and localhost endpoints), not as a virtual host')
    .option('--profile <name>', 'S3: read credentials from this profile of ~/.aws/credentials (default: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN)')
    .option('--unsigned-payload', 'S3: sign UNSIGNED-PAYLOAD instead of the SHA-256 of each body')
    .option('--multipart-threshold <size>', 'S3: multipart upload above this size (default 64MiB)')
    .option('--part-size <size>', 'S3: multipart part size (default 16MiB; at least 5MiB, as S3 requires, unless --allow-small-parts)')
    .option('--allow-small-parts', 'S3: accept --part-size below 5MiB (for stores that take smaller parts; AWS S3 does not)')
    .option('--create-bucket', 'S3: create the bucket when it does not exist')
    .option('--allow-existing', 'S3: write into a bucket that already holds objects (under the run\'s own prefix)')
    .addOption(new Option('--collections <mode>', 'http-put: make the run\'s collection, each layout level and each object\'s collection with WebDAV MKCOL first (mkcol, default; Apache mod_dav, rclone), or PUT straight to each path (none; servers that make paths themselves)').choices(['mkcol', 'none']))
    .addOption(new Option('--tx <mode>', 'LDP: one transaction per batch, its commit timed as its own operation (default none)').choices(['none', 'per-batch']))
    .option('--db <path>', 'results database (env INGEST_SCALE_DB)', dbFromEnv())
    .option('--label <text>', 'a label for the run in lists and reports')
    .option('--max-growth <ratio>', 'FAIL when per-batch time surely grows by more than this over the run', '1.10')
    .option('--max-error-rate <fraction>', 'stop the run (exit 4) when more than this share of operations fail', '0.01')
    .option('--json', 'print one JSON object (run, batches summary, verdict) instead of text')
    .option('--no-progress', 'no live progress line on stderr (it is drawn only on a terminal anyway)')
    .option('--no-chart', 'do not print the chart')
    .option('--stop-early', `stop with FAIL as soon as the growth is certain (default on for runs of ${EARLY_STOP_MIN_PLANNED}+ batches)`)
    .option('--no-stop-early', 'always run every planned batch')
    .option('--request-timeout <duration>', 'HTTP backends: a request with no answer (or whose answer stops) for this long fails as E_TIMEOUT, counted by the error budget', '60s')
    .option('--connect-timeout <duration>', 'HTTP backends: no connection within this fails as E_CONNECT_TIMEOUT', '10s')
    .option('--retries <n>', 'try an operation again up to N times, with exponential backoff and jitter, on 503, 429, S3 SlowDown, a refused or reset connection and a timeout (transaction begin/commit only when the store declined); every attempt is recorded', '2')
    .option('--probe <kinds>', 'after each batch, outside its clock, probe the read side: a comma list of get, head, range, list, delete, or all (each kind gets its own verdict in check)')
    .option('--probe-sample <k>', 'with --probe: probes of each kind per batch, on seeded objects including the oldest and newest (default 10)')
    .option('--probe-stop-above <duration>', 'with --probe: stop the run (stopped-early, FAIL) when a probe kind\'s median latency in a batch is above this (e.g. 1s)')
    .option('--max-datastream-size <size>', 'refuse a workload whose datastreams can be larger than this (exit 2); raise it for huge datastreams', '64GiB')
    .option('--ignore-free-space', 'start an embedded-store run even when its planned bytes exceed the free space of its data directory')
    .option('--stop-grace <duration>', 'after the first Ctrl-C or SIGTERM, wait this long for the current batch before abandoning it (e.g. 500ms, 30s, 2m)', '10s')
    .addHelpText('after', '\nExit codes: 0 PASS or WARN, 1 FAIL, 2 bad usage or input, 3 INCONCLUSIVE, 4 the run failed, 130 stopped by Ctrl-C (SIGINT), 143 stopped by SIGTERM.\nCtrl-C or SIGTERM stops after the current batch (status aborted, finished batches kept, the default data directory kept); a second signal or --stop-grace abandons the batch in flight.\nExample: ingest-scale run -n 5000 --batch-size 250 --datastream OBJ:100KiB --datastream META:2KiB:compressible')
    .action(async (flags: RunFlags, cmd: Command) => {
      // the engine, the backends and the store load only when the command runs
      const { run } = await import('./run-action.js');
      ctx.exitCode = await run(ctx, flags, { backendDefaulted: cmd.getOptionValueSource('backend') === 'default' });
    });
}
