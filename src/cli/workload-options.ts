/** The workload flags that `run` and `compare` share (-n, --batch-size, --datastream, --seed, …): the options, and the workload they give. */
import { type Command, Option } from 'commander';
import {
  LAYOUTS,
  parseDatastreamFlag,
  VERIFY_MODES,
  type Layout,
  type VerifyMode,
  type WorkloadOverrides,
} from '../workload/index.js';
import { parseChoice, parseIntFlag } from './parse-flags.js';

export interface WorkloadFlags {
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
}

export function addWorkloadOptions(cmd: Command): Command {
  return cmd
    .option('-n, --objects <n>', 'objects to ingest (default 60000)')
    .option('--batch-size <n>', 'objects per batch; the gate fits one point per batch (default 100)')
    .option('--concurrency <n>', 'objects in flight inside a batch (default 4)')
    .option(
      '--datastream <ID:SIZE[:KIND]>',
      'a datastream of every object; repeat for several. SIZE: 512, 100KB, 100KiB, 4MiB, uniform:1KiB-1MiB, lognormal:MEDIAN:SIGMA. KIND: random (default) or compressible',
      (v: string, acc: string[] | undefined) => [...(acc ?? []), v],
    )
    .option('--seed <n>', 'seed of sizes and content; same seed, same bytes (default 1)')
    .addOption(
      new Option('--layout <layout>', 'where objects go: flat (all under one container), pairtree, fanout').choices([
        ...LAYOUTS,
      ]),
    )
    .option('--fanout-width <n>', 'children per level for --layout fanout (default 16)')
    .option('--fanout-depth <n>', 'levels for --layout fanout (default 2)')
    .addOption(
      new Option(
        '--verify <mode>',
        'readback: read every datastream back after its batch and compare SHA-256 (not timed)',
      ).choices([...VERIFY_MODES]),
    )
    .option(
      '--workload <file.json>',
      'read the workload from a JSON file (see fixtures/workloads/); flags override its fields',
    );
}

/** The workload overrides the flags give (each value checked; a bad one is a usage error naming its flag). */
export function workloadFromFlags(f: WorkloadFlags): WorkloadOverrides {
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
