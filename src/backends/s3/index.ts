/**
 * The `s3` backend module: S3 with SigV4. Credentials never come from flags: the AWS_* environment
 * variables or `--profile` of the credentials file. The endpoint, bucket, region and addressing
 * style are recorded with the run (preflight details), so `clean` deletes the run's own prefix.
 */
import { UsageError } from '../../errors.js';
import { parseBytes } from '../../workload/index.js';
import { flagOn, flagValue, type BackendModule, type BackendOptionSpec } from '../backend-module.js';
import { CA_OPTION, cleanContext, recordedString, requireUrl, URL_OPTION } from '../server-options.js';
import type { S3Options } from './s3-backend.js';

/** S3's minimum size of every part but the last (s3-backend.ts says the same, loaded only on create). */
const MIN_PART_BYTES = 5 * 2 ** 20;
/** The most buckets one run spreads over (RGW's default max_buckets per user is 1,000; AWS accounts start lower). */
const MAX_BUCKETS = 1000;

const s3Option = (flag: string, help: string, more: Partial<BackendOptionSpec> = {}): BackendOptionSpec => ({
  flag,
  help: `S3: ${help}`,
  ...more,
});
const BUCKET = s3Option('--bucket', 'bucket to write into', { value: '<name>' });
const BUCKETS = s3Option(
  '--buckets',
  'spread the objects over K buckets <bucket>-0 … <bucket>-(K-1), object g in bucket g mod K (as hsbench does)',
  { value: '<K>', default: '1' },
);
const REGION = s3Option('--region', 'region of the signature', { value: '<region>', default: 'us-east-1' });
const PATH_STYLE = s3Option(
  '--path-style',
  'address the bucket in the path (default for IP and localhost endpoints), not as a virtual host',
);
const PROFILE = s3Option(
  '--profile',
  'read credentials from this profile of ~/.aws/credentials (default: AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN)',
  { value: '<name>', commands: ['run', 'clean'] },
);
const UNSIGNED = s3Option('--unsigned-payload', 'sign UNSIGNED-PAYLOAD instead of the SHA-256 of each body');
const THRESHOLD = s3Option('--multipart-threshold', 'multipart upload above this size', {
  value: '<size>',
  default: '64MiB',
});
const PART_SIZE = s3Option(
  '--part-size',
  'multipart part size (at least 5MiB, as S3 requires, unless --allow-small-parts)',
  { value: '<size>', default: '16MiB' },
);
const SMALL_PARTS = s3Option(
  '--allow-small-parts',
  'accept --part-size below 5MiB (for stores that take smaller parts; AWS S3 does not)',
);
const CREATE_BUCKET = s3Option('--create-bucket', 'create the bucket when it does not exist');
const ALLOW_EXISTING = s3Option(
  '--allow-existing',
  "write into a bucket that already holds objects (under the run's own prefix)",
);

/** S3Options before the URL is checked: pathStyle is decided from the endpoint when not given. */
export type S3ModuleOptions = Omit<S3Options, 'pathStyle'> & { pathStyle?: boolean };

function partSize(flags: Readonly<Record<string, unknown>>): number {
  const text = flagValue(flags, PART_SIZE) ?? '16MiB';
  const bytes = parseBytes(text, '--part-size');
  if (bytes < 1) throw new UsageError('E_BAD_FLAG', '--part-size must be at least 1 byte', 'e.g. --part-size 16MiB');
  if (bytes < MIN_PART_BYTES && !flagOn(flags, SMALL_PARTS)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--part-size ${Number((bytes / 2 ** 20).toFixed(3))} MiB is below the 5 MiB S3 requires of every part but the last`,
      'use --part-size 5MiB or more, or add --allow-small-parts for a store that accepts smaller parts',
    );
  }
  return bytes;
}

function bucketCount(flags: Readonly<Record<string, unknown>>): number {
  const text = flagValue(flags, BUCKETS) ?? '1';
  const k = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(k) || k < 1 || k > MAX_BUCKETS) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--buckets "${text}" is not a whole number from 1 to ${MAX_BUCKETS}`,
      'e.g. --buckets 8 (objects go to <bucket>-0 … <bucket>-7)',
    );
  }
  return k;
}

export const s3: BackendModule<S3ModuleOptions> = {
  name: 's3',
  description:
    'S3 with SigV4 (--url http://HOST:PORT --bucket NAME): one object per datastream, multipart above a threshold',
  options: [
    URL_OPTION,
    CA_OPTION,
    BUCKET,
    BUCKETS,
    REGION,
    PATH_STYLE,
    PROFILE,
    UNSIGNED,
    THRESHOLD,
    PART_SIZE,
    SMALL_PARTS,
    CREATE_BUCKET,
    ALLOW_EXISTING,
  ],
  instead: { '--user': 's3 signs with AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or --profile): drop --user' },
  fromFlags(flags, ctx) {
    const url = requireUrl(flags, 's3');
    const bucket = flagValue(flags, BUCKET);
    if (!bucket) throw new UsageError('E_BAD_FLAG', '--backend s3 needs --bucket', 'e.g. --bucket ingest-bench');
    const profile = flagValue(flags, PROFILE);
    const caFile = flagValue(flags, CA_OPTION);
    return {
      url,
      bucket,
      buckets: bucketCount(flags),
      region: flagValue(flags, REGION) ?? 'us-east-1',
      ...(flagOn(flags, PATH_STYLE) ? { pathStyle: true } : {}),
      ...(profile === undefined ? {} : { profile }),
      ...(caFile === undefined ? {} : { caFile }),
      ...(ctx.timeouts === undefined ? {} : { timeouts: ctx.timeouts }),
      connections: ctx.concurrency,
      unsignedPayload: flagOn(flags, UNSIGNED),
      multipartThreshold: parseBytes(flagValue(flags, THRESHOLD) ?? '64MiB', '--multipart-threshold'),
      partSize: partSize(flags),
      // a shard (run --shard) fills the run's buckets with its siblings: each is created if absent
      // (a sibling's is success) and holds the siblings' keys, so it is never refused as not empty
      createBucket: flagOn(flags, CREATE_BUCKET) || ctx.shared === true,
      allowExisting: flagOn(flags, ALLOW_EXISTING) || ctx.shared === true,
      runId: ctx.runId,
      workload: ctx.workload,
      purpose: 'run',
    };
  },
  fromRecorded(run, access) {
    const bucket = recordedString(run, 'bucket');
    if (bucket === undefined)
      throw new UsageError(
        'E_USAGE',
        `run ${run.id} recorded no S3 bucket, so clean cannot find its keys`,
        "remove what the run stored with the store's own tools",
      );
    const ctx = cleanContext(run, access);
    const profile = flagValue(access.flags, PROFILE);
    const caFile = flagValue(access.flags, CA_OPTION);
    return {
      options: {
        url: recordedString(run, 'endpoint') ?? run.target,
        bucket,
        buckets: typeof run.targetInfo?.details?.buckets === 'number' ? run.targetInfo.details.buckets : 1,
        region: recordedString(run, 'region') ?? 'us-east-1',
        pathStyle: run.targetInfo?.details?.pathStyle === true,
        ...(profile === undefined ? {} : { profile }),
        ...(caFile === undefined ? {} : { caFile }),
        connections: ctx.concurrency,
        unsignedPayload: false,
        multipartThreshold: 64 * 2 ** 20,
        partSize: 16 * 2 ** 20,
        createBucket: false,
        allowExisting: false,
        runId: run.id,
        workload: run.workload,
        purpose: 'clean',
      },
    };
  },
  async create(o) {
    const [{ S3Backend }, { parseTargetUrl }] = await Promise.all([
      import('./s3-backend.js'),
      import('../http/http-target.js'),
    ]);
    const url = parseTargetUrl(o.url).href;
    const host = new URL(url).hostname;
    const local = host === 'localhost' || /^[\d.]+$/.test(host) || host.startsWith('[');
    return new S3Backend({ ...o, url, pathStyle: o.pathStyle ?? local });
  },
};
