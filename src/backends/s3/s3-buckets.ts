/**
 * The buckets of an S3 run (docs/scale-out.md, "S3 across buckets"): `--buckets K` spreads the objects over K buckets
 * named `<bucket>-0 … <bucket>-(K-1)`, as hsbench does; object g (its global index) goes to bucket
 * g mod K, so consecutive objects — and so the objects in flight inside a batch — land in
 * different buckets and every bucket fills at the same rate. With K = 1 the bucket is `--bucket`
 * itself, unchanged. Each bucket is checked before the run (ListObjectsV2, max-keys=1) and, with
 * --create-bucket, created when absent; a bucket that another process (a sibling shard) created in
 * between is success, not an error.
 */
import { createHash } from 'node:crypto';
import { UsageError } from '../../errors.js';
import { asTargetError, headerValue } from '../http/http-target.js';
import { OpError } from '../op-timer.js';
import { EMPTY_SHA256, type S3Client } from './s3-client.js';

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The bucket names of a run: `base` alone for one bucket, `base-0 … base-(k-1)` for more. */
export function bucketNames(base: string, k: number): string[] {
  const names = k === 1 ? [base] : Array.from({ length: k }, (_, i) => `${base}-${i}`);
  for (const name of names) {
    if (!BUCKET_NAME.test(name)) {
      const why = name === base ? '' : ` (--buckets ${k} makes "${name}")`;
      throw new UsageError(
        'E_BAD_FLAG',
        `--bucket "${base}" is not a valid bucket name${why}`,
        'use 3-63 lowercase letters, digits, "." and "-" (with --buckets K, short enough for the "-<n>" suffix)',
      );
    }
  }
  return names;
}

/** Which of k buckets holds object g: g mod k (a negative index, from an id without one, maps into range too). */
export const bucketOf = (g: number, k: number): number => ((g % k) + k) % k;

/** The hint of an S3 request that the run (or clean) needs: server-side failures say so, with the attempts made. */
export function s3Hint(e: unknown, what: string): string | undefined {
  const status = e instanceof OpError ? e.httpStatus : null;
  if (status === null || status < 500) return undefined;
  const attempts = (e as { attempts?: number }).attempts;
  return `${what}: the S3 endpoint failed on its side${attempts && attempts > 1 ? ` (${attempts} attempts)` : ''}; check its log and health, then run again`;
}

export const xmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface BucketCheck {
  state: 'created' | 'existing, empty' | 'existing, not empty';
  server?: string;
}

export interface BucketPolicy {
  region: string;
  createBucket: boolean;
  purpose: 'run' | 'clean';
}

/** Creates a bucket; false when it exists already (made since our listing, e.g. by a sibling shard). */
async function createBucket(s3: S3Client, name: string, region: string): Promise<boolean> {
  const body =
    region === 'us-east-1'
      ? ''
      : `<CreateBucketConfiguration><LocationConstraint>${xmlEscape(region)}</LocationConstraint></CreateBucketConfiguration>`;
  try {
    await s3.send({
      method: 'PUT',
      key: '',
      headers: { 'content-length': String(Buffer.byteLength(body)) },
      payloadHash: createHash('sha256').update(body).digest('hex'),
      body: () => body,
      what: `CreateBucket ${name}`,
    });
    return true;
  } catch (e) {
    // AWS and MinIO say BucketAlreadyOwnedByYou; s3rver (no owners) says BucketAlreadyExists, which on
    // AWS means someone else's bucket: the listing that follows tells which (theirs is AccessDenied)
    if (
      e instanceof OpError &&
      (e.errorCode === 'E_S3_BucketAlreadyOwnedByYou' || e.errorCode === 'E_S3_BucketAlreadyExists')
    )
      return false;
    throw e;
  }
}

const listOne = (s3: S3Client, name: string) =>
  s3.send({
    method: 'GET',
    key: '',
    query: 'list-type=2&max-keys=1',
    payloadHash: EMPTY_SHA256,
    what: `ListObjectsV2 ${name}`,
  });

/** Lists one bucket (one key at most) and, when it is missing and the policy allows, creates it. */
export async function checkBucket(s3: S3Client, name: string, p: BucketPolicy): Promise<BucketCheck> {
  let list;
  try {
    list = await listOne(s3, name);
  } catch (e) {
    if (!(e instanceof OpError && e.errorCode === 'E_S3_NoSuchBucket'))
      throw asTargetError(e, s3.display, s3Hint(e, `bucket ${name} could not be listed`));
    if (!p.createBucket || p.purpose !== 'run')
      throw new UsageError(
        'E_BAD_FLAG',
        `bucket ${name} does not exist at ${s3.http.display}`,
        'create it, or add --create-bucket',
      );
    const created = await createBucket(s3, name, p.region).catch((c: unknown) => {
      throw asTargetError(
        c,
        s3.display,
        s3Hint(c, `bucket ${name} could not be created`) ??
          `bucket ${name} could not be created: check the name and that the credentials may create buckets`,
      );
    });
    if (created) return { state: 'created' };
    // made by another process in between: it must list for us, as any existing bucket must
    list = await listOne(s3, name).catch((c: unknown) => {
      throw asTargetError(
        c,
        s3.display,
        s3Hint(c, `bucket ${name} could not be listed`) ??
          `bucket ${name} exists but cannot be listed with these credentials: is it someone else's?`,
      );
    });
  }
  const keys = Number(
    /<KeyCount>(\d+)<\/KeyCount>/.exec(list.res.text)?.[1] ?? (/<Contents>/.test(list.res.text) ? 1 : 0),
  );
  const server = headerValue(list.res.headers, 'server');
  return { state: keys > 0 ? 'existing, not empty' : 'existing, empty', ...(server ? { server } : {}) };
}

/** One line for the run's target details: the single bucket's state, or how many of K were in each state. */
export function bucketStates(checks: readonly BucketCheck[]): string {
  if (checks.length === 1) return checks[0]?.state ?? '';
  const counts = new Map<string, number>();
  for (const c of checks) counts.set(c.state, (counts.get(c.state) ?? 0) + 1);
  return `${checks.length} buckets: ${[...counts].map(([s, n]) => `${n} ${s}`).join(', ')}`;
}
