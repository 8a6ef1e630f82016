/** `ingest-scale run`: ingest a workload in batches, record everything, print chart and verdict. */
import { Command, Option } from 'commander';
import { backendNames, backendEntry } from '../backends/registry.js';
import { EARLY_STOP_MIN_PLANNED } from '../engine/early-stop.js';
import { evaluateRun } from '../engine/evaluate-run.js';
import { prepareRun, runSession, type PrepareOptions } from '../engine/run-session.js';
import { exitCodeForVerdict, ExitCode } from '../exit-codes.js';
import { isIngestScaleError, UsageError } from '../errors.js';
import { FLAVORS, type FlavorName } from '../backends/ldp/flavor.js';
import { ResultsStore } from '../store/results-store.js';
import { parseDatastreamFlag } from '../workload/datastream-spec.js';
import { parseBytes } from '../workload/size.js';
import { readWorkloadFile, type WorkloadOverrides } from '../workload/workload-file.js';
import { resolveWorkload } from '../workload/resolve.js';
import { LAYOUTS, plannedBatches, VERIFY_MODES, type Layout, type VerifyMode } from '../workload/workload.js';
import type { CliContext } from './context.js';
import { parseChoice, parseIntFlag, parseMaxGrowth, parseNumberFlag, dbFromEnv } from './parse-flags.js';
import { ProgressLine } from './progress-line.js';
import { renderRunSummary } from './run-output.js';

interface RunFlags {
  objects?: string;
  batchSize?: string;
  concurrency?: string;
  datastream?: string[];
  seed?: string;
  layout?: string;
  fanoutWidth?: string;
  fanoutDepth?: string;
  verify?: string;
  workload?: string;
  backend: string;
  data?: string;
  keepData?: boolean;
  url?: string;
  user?: string;
  ca?: string;
  pidNamespace?: string;
  flavor?: FlavorName;
  create?: 'put' | 'post';
  tx?: 'none' | 'per-batch';
  bucket?: string;
  region?: string;
  pathStyle?: boolean;
  profile?: string;
  unsignedPayload?: boolean;
  multipartThreshold?: string;
  partSize?: string;
  createBucket?: boolean;
  allowExisting?: boolean;
  db: string;
  label?: string;
  maxGrowth: string;
  maxErrorRate: string;
  json?: boolean;
  progress: boolean;
  chart: boolean;
  stopEarly?: boolean;
}

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
    .option('--backend <name>', `target store: ${backendNames().join(', ')}`, 'leveldb')
    .option('--data <dir>', 'data directory of the embedded store, kept after the run (default: reports/data/<run id>, removed after the run)')
    .option('--keep-data', 'keep the default data directory after the run')
    .option('--url <url>', 'target URL of a server backend, e.g. http://127.0.0.1:8080/fedora')
    .option('--user <name>', 'user for HTTP Basic auth (sent preemptively); the password is read from the INGEST_SCALE_PASSWORD environment variable')
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
    .option('--part-size <size>', 'S3: multipart part size (default 16MiB; S3 wants at least 5MiB)')
    .option('--create-bucket', 'S3: create the bucket when it does not exist')
    .option('--allow-existing', 'S3: write into a bucket that already holds objects (under the run\'s own prefix)')
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
    .addHelpText('after', '\nExit codes: 0 PASS or WARN, 1 FAIL, 2 bad usage or input, 3 INCONCLUSIVE, 4 the run failed, 130 interrupted.\nExample: ingest-scale run -n 5000 --batch-size 250 --datastream OBJ:100KiB --datastream META:2KiB:compressible')
    .action(async (flags: RunFlags) => {
      ctx.exitCode = await run(ctx, flags);
    });
}

function workloadFromFlags(f: RunFlags): WorkloadOverrides {
  const o: WorkloadOverrides = {};
  if (f.objects !== undefined) o.objects = parseIntFlag(f.objects, '--objects', 1, 1_000_000_000);
  if (f.batchSize !== undefined) o.batchSize = parseIntFlag(f.batchSize, '--batch-size', 1, 1_000_000_000);
  if (f.concurrency !== undefined) o.concurrency = parseIntFlag(f.concurrency, '--concurrency', 1, 1024);
  if (f.seed !== undefined) o.seed = parseIntFlag(f.seed, '--seed', 0, 2 ** 32 - 1);
  if (f.layout !== undefined) o.layout = parseChoice<Layout>(f.layout, '--layout', LAYOUTS);
  if (f.verify !== undefined) o.verify = parseChoice<VerifyMode>(f.verify, '--verify', VERIFY_MODES);
  if (f.fanoutWidth !== undefined || f.fanoutDepth !== undefined) {
    o.fanout = {
      ...(f.fanoutWidth === undefined ? {} : { width: parseIntFlag(f.fanoutWidth, '--fanout-width', 2, 4096) }),
      ...(f.fanoutDepth === undefined ? {} : { depth: parseIntFlag(f.fanoutDepth, '--fanout-depth', 1, 8) }),
    };
  }
  if (f.datastream !== undefined) o.datastreams = f.datastream.map(parseDatastreamFlag);
  return o;
}

function positive(n: number, flag: string): number {
  if (n < 1) throw new UsageError('E_BAD_FLAG', `${flag} must be at least 1 byte`, `e.g. ${flag} 16MiB`);
  return n;
}

function targetFromFlags(f: RunFlags): PrepareOptions['target'] {
  const password = process.env.INGEST_SCALE_PASSWORD;
  return {
    ...(f.url === undefined ? {} : { url: f.url }),
    ...(f.user === undefined ? {} : { user: f.user }),
    ...(f.user !== undefined && password ? { password } : {}),
    ...(f.ca === undefined ? {} : { caFile: f.ca }),
    ...(f.pidNamespace === undefined ? {} : { pidNamespace: f.pidNamespace }),
    ldp: { ...(f.flavor ? { flavor: f.flavor } : {}), ...(f.create ? { create: f.create } : {}), ...(f.tx ? { tx: f.tx } : {}) },
    s3: {
      ...(f.bucket === undefined ? {} : { bucket: f.bucket }),
      ...(f.region === undefined ? {} : { region: f.region }),
      ...(f.pathStyle ? { pathStyle: true } : {}),
      ...(f.profile === undefined ? {} : { profile: f.profile }),
      ...(f.unsignedPayload ? { unsignedPayload: true } : {}),
      ...(f.multipartThreshold === undefined ? {} : { multipartThreshold: parseBytes(f.multipartThreshold, '--multipart-threshold') }),
      ...(f.partSize === undefined ? {} : { partSize: positive(parseBytes(f.partSize, '--part-size'), '--part-size') }),
      ...(f.createBucket ? { createBucket: true } : {}),
      ...(f.allowExisting ? { allowExisting: true } : {}),
    },
  };
}

async function run(ctx: CliContext, f: RunFlags): Promise<ExitCode | 130> {
  // everything a user typed is checked before anything is opened or written
  const limit = parseMaxGrowth(f.maxGrowth);
  const maxErrorRate = parseNumberFlag(f.maxErrorRate, '--max-error-rate', (n) => n >= 0 && n <= 1, 'give a fraction from 0 to 1, e.g. --max-error-rate 0.01');
  const fromFile = f.workload === undefined ? undefined : readWorkloadFile(f.workload);
  const workload = resolveWorkload(fromFile, workloadFromFlags(f));
  backendEntry(f.backend);
  if (f.tx === 'per-batch' && f.flavor === 'solid') {
    throw new UsageError('E_BAD_FLAG', '--tx per-batch: Solid servers have no transactions', 'use --tx none with --flavor solid');
  }

  const prepared = await prepareRun({
    workload,
    backend: f.backend,
    ...(f.data === undefined ? {} : { dataDir: f.data }),
    keepData: f.keepData === true,
    target: targetFromFlags(f),
  });
  let store: ResultsStore | undefined;
  const abort = new AbortController();
  const onSigint = (): void => {
    abort.abort();
    ctx.err('\ninterrupted: stopping after the current batch (Ctrl-C again to quit at once)');
    process.removeListener('SIGINT', onSigint);
  };
  process.on('SIGINT', onSigint);
  const progress = f.progress && ctx.stderrTty && !f.json ? new ProgressLine(process.stderr, workload) : undefined;
  try {
    store = await ResultsStore.open(f.db, 'write');
    const result = await runSession(prepared, {
      store,
      ...(f.label === undefined ? {} : { label: f.label }),
      maxErrorRate,
      ...((f.stopEarly ?? plannedBatches(workload) >= EARLY_STOP_MIN_PLANNED) ? { stopEarly: { limit } } : {}),
      signal: abort.signal,
      onStart: (r) => {
        if (!f.json) ctx.err(`run ${r.id}: ${workload.objects} objects in ${r.plannedBatches} batches into ${prepared.info.backend} at ${prepared.info.target}${prepared.info.version ? ` (${prepared.info.product ?? ''} ${prepared.info.version})` : ''}`);
      },
      onBatch: (p) => progress?.update(p),
    });
    progress?.done();
    const evaluation = await evaluateRun(store, result.run, limit);
    ctx.out(renderRunSummary(evaluation, { json: f.json === true, chart: f.chart, color: ctx.color, width: ctx.width }));
    if (result.run.status === 'aborted') return 130;
    return exitCodeForVerdict(evaluation.verdict);
  } catch (e) {
    progress?.done();
    if (isIngestScaleError(e) && e.exitCode === ExitCode.RunFailed && f.json) {
      ctx.out(JSON.stringify({ status: 'failed', error: { code: e.code, message: e.message, hint: e.hint ?? null } }));
    }
    throw e;
  } finally {
    process.removeListener('SIGINT', onSigint);
    await prepared.release();
    await store?.close();
  }
}
