/**
 * The shard files of a sharded run read from an S3 prefix, for `merge --from s3://BUCKET/PREFIX`
 * (docs/scale-out.md): the shards of a Kubernetes Job upload their results databases to one prefix,
 * and the merge needs no aws-cli to fetch them. Every key under the prefix that ends in `.db` is a
 * shard file (other keys are left alone); each is streamed to a private temporary folder, the merge
 * reads them there like local files, and the folder is removed afterwards. Signed with SigV4 by the
 * s3 backend's client (credentials from the environment or `--profile`, never from a flag); a
 * listing that finds no `.db` file is a usage error (exit 2), a store that refuses or cannot be
 * reached fails the command (exit 4).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadS3Access, type S3Access, type S3Client } from '../backends/index.js';
import { isIngestScaleError, RunFailedError, UsageError } from '../errors.js';

export interface S3Location {
  bucket: string;
  /** Key prefix ('' for the whole bucket). */
  prefix: string;
}

/** "s3://bucket/runs/r1/" -> { bucket: 'bucket', prefix: 'runs/r1/' }. */
export function parseS3Location(text: string): S3Location {
  const m = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(text.trim());
  if (m === null || m[1] === undefined || m[1] === '')
    throw new UsageError(
      'E_BAD_FLAG',
      `--from: "${text}" is not an S3 location`,
      'write it as s3://BUCKET/PREFIX, e.g. s3://ingest-results/runs/fill01/',
    );
  return { bucket: m[1], prefix: m[2] ?? '' };
}

export interface S3SourceOptions {
  /** The store's endpoint (e.g. http://127.0.0.1:7480). */
  url: string;
  region: string;
  pathStyle: boolean;
  profile?: string;
  caFile?: string;
  env?: NodeJS.ProcessEnv;
}

export interface FetchedShards {
  /** The keys read, in key order, and where each was written. */
  files: { key: string; path: string; bytes: number }[];
  /** Removes the temporary folder and everything in it. */
  cleanup(): Promise<void>;
}

/** Every key under the prefix (ListObjectsV2, page by page; at most 10,000 pages). */
async function listKeys(s3: S3Client, listAllKeys: S3Access['listAllKeys'], prefix: string): Promise<string[]> {
  const { keys, complete } = await listAllKeys(s3, prefix, 10_000);
  if (complete) return keys;
  throw new RunFailedError('E_TARGET', `ListObjectsV2 ${prefix}: more than 10,000 pages of keys`, {
    hint: 'give a narrower prefix: the folder the shards of one run wrote to',
  });
}

/** An S3 or network failure as the command's error (exit 4), naming where. */
function asTargetError(e: unknown, where: string): Error {
  if (isIngestScaleError(e)) return e;
  return new RunFailedError('E_TARGET', `${where}: ${(e as Error).message}`, {
    hint: 'check --url, the bucket and the credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or --profile)',
    cause: e,
  });
}

/** Lists `loc`, streams every `.db` key to a temporary folder; the caller must call cleanup(). */
export async function fetchShardFiles(loc: S3Location, o: S3SourceOptions): Promise<FetchedShards> {
  const where = `s3://${loc.bucket}/${loc.prefix}`;
  const { S3Client, loadCredentials, listAllKeys } = await loadS3Access();
  const s3 = new S3Client({
    url: o.url,
    bucket: loc.bucket,
    region: o.region,
    pathStyle: o.pathStyle,
    credentials: loadCredentials(o.profile, o.env ?? process.env),
    connections: 2,
    ...(o.caFile === undefined ? {} : { caFile: o.caFile }),
  });
  const dir = await mkdtemp(join(tmpdir(), 'ingest-scale-merge-'));
  const cleanup = (): Promise<void> => rm(dir, { recursive: true, force: true });
  try {
    const keys = (
      await listKeys(s3, listAllKeys, loc.prefix).catch((e: unknown) => Promise.reject(asTargetError(e, where)))
    )
      .filter((k) => k.endsWith('.db'))
      .sort();
    if (keys.length === 0)
      throw new UsageError(
        'E_MERGE',
        `no shard file (a key ending in .db) under ${where}`,
        'give the prefix the shards uploaded their --db files to',
      );
    const files: FetchedShards['files'] = [];
    for (const [i, key] of keys.entries()) {
      // a name of our own per key: keys may repeat a base name in different folders
      const path = join(dir, `${String(i).padStart(4, '0')}-${key.split('/').pop() ?? 'shard.db'}`);
      try {
        const res = await s3.open(key);
        if (res.status !== 200) {
          const text = await res.body.text().catch(() => '');
          throw new RunFailedError('E_TARGET', `GetObject ${key}: HTTP ${res.status} ${text.slice(0, 200)}`);
        }
        const out = createWriteStream(path, { mode: 0o600 });
        await pipeline(res.body, out);
        files.push({ key, path, bytes: out.bytesWritten });
      } catch (e) {
        throw asTargetError(e, `${where}: ${key}`);
      }
    }
    return { files, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  } finally {
    await s3.close();
  }
}
