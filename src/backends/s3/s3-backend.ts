/**
 * `s3`: each datastream is an object `ingest-scale/<run id>/<layout path>/<object id>/<datastream id>`
 * (the layout decides how keys spread over prefixes, which is what stresses index shards). Single
 * PUTs below --multipart-threshold, multipart uploads above; readback with GET; clean lists the
 * run's prefix and deletes with batched DeleteObjects.
 */
import { createHash, hash } from 'node:crypto';
import { contentBuffer, contentChunks, contentSha256 } from '../../generate/content.js';
import { layoutPath, type DatastreamPlan, type ObjectPlan } from '../../generate/plan.js';
import { RunFailedError, UsageError } from '../../errors.js';
import type { Workload } from '../../workload/workload.js';
import type { Backend, BulkCleanCapability, BulkCleanResult, HeadCapability, ListPageCapability, ObjectRef, RangeReadCapability, ReadCapability, RemoveCapability, UpdateCapability } from '../backend.js';
import type { OpTiming, TargetInfo } from '../../model/timings.js';
import { s3HeadSize, s3ListPage, s3RangeBody, s3RemoveKeys } from './s3-probes.js';
import { asTargetError, headerValue, type HttpTimeouts } from '../http/http-target.js';
import { OpError, timeOp } from '../op-timer.js';
import { loadCredentials } from './credentials.js';
import { multipartUpload } from './multipart.js';
import { EMPTY_SHA256, S3Client, UNSIGNED } from './s3-client.js';

/** S3's smallest part of a multipart upload (all but the last part). */
export const MIN_PART_SIZE = 5 * 2 ** 20;

/** A single-PUT body up to this size is generated once and kept for the request (and its retries). */
const WHOLE_BODY_MAX = 1024 * 1024;

export interface S3Options {
  url: string;
  bucket: string;
  region: string;
  pathStyle: boolean;
  profile?: string;
  caFile?: string;
  timeouts?: HttpTimeouts;
  connections: number;
  unsignedPayload: boolean;
  multipartThreshold: number;
  partSize: number;
  createBucket: boolean;
  allowExisting: boolean;
  runId: string;
  workload: Pick<Workload, 'layout' | 'fanout'>;
  purpose: 'run' | 'clean';
}

/** The hint of an S3 request that the run (or clean) needs: server-side failures say so, with the attempts made. */
function s3Hint(e: unknown, what: string): string | undefined {
  const status = e instanceof OpError ? e.httpStatus : null;
  if (status === null || status < 500) return undefined;
  const attempts = (e as { attempts?: number }).attempts;
  return `${what}: the S3 endpoint failed on its side${attempts && attempts > 1 ? ` (${attempts} attempts)` : ''}; check its log and health, then run again`;
}

const xmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export class S3Backend implements Backend, ReadCapability, BulkCleanCapability, HeadCapability, RangeReadCapability, ListPageCapability, RemoveCapability, UpdateCapability {
  readonly name = 's3';
  private readonly s3: S3Client;
  private readonly root: string;
  /** The datastream ids of the run's objects, learned from the first object stored (an object is one key per datastream). */
  private dsIds: string[] | null = null;

  constructor(private readonly o: S3Options) {
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(o.bucket)) {
      throw new UsageError('E_BAD_FLAG', `--bucket "${o.bucket}" is not a valid bucket name`, 'use 3-63 lowercase letters, digits, "." and "-"');
    }
    this.s3 = new S3Client({ ...o, credentials: loadCredentials(o.profile) });
    this.root = `ingest-scale/${o.runId}`;
  }

  private key(id: string, index: number, dsId: string): string {
    return [this.root, ...layoutPath(this.o.workload, id, index), id, dsId].join('/');
  }

  async preflight(): Promise<TargetInfo> {
    let list;
    try {
      list = await this.s3.send({ method: 'GET', key: '', query: 'list-type=2&max-keys=1', payloadHash: EMPTY_SHA256, what: `ListObjectsV2 ${this.o.bucket}` });
    } catch (e) {
      if (e instanceof OpError && e.errorCode === 'E_S3_NoSuchBucket') {
        if (!this.o.createBucket || this.o.purpose !== 'run') {
          throw new UsageError('E_BAD_FLAG', `bucket ${this.o.bucket} does not exist at ${this.s3.http.display}`, 'create it, or add --create-bucket');
        }
        await this.createBucket().catch((c: unknown) => {
          throw asTargetError(c, this.s3.display, s3Hint(c, `bucket ${this.o.bucket} could not be created`) ?? `bucket ${this.o.bucket} could not be created: check the name and that the credentials may create buckets`);
        });
        return this.info('created');
      }
      throw asTargetError(e, this.s3.display, s3Hint(e, 'the bucket could not be listed'));
    }
    const keys = Number(/<KeyCount>(\d+)<\/KeyCount>/.exec(list.res.text)?.[1] ?? (/<Contents>/.test(list.res.text) ? 1 : 0));
    if (keys > 0 && !this.o.allowExisting && this.o.purpose === 'run') {
      throw new UsageError('E_BAD_FLAG', `bucket ${this.o.bucket} is not empty`, 'use an empty bucket, or add --allow-existing (the run writes under its own prefix ingest-scale/<run id>/)');
    }
    return this.info(keys > 0 ? 'existing, not empty' : 'existing, empty', headerValue(list.res.headers, 'server'));
  }

  private info(bucketState: string, server?: string): TargetInfo {
    return {
      backend: this.name,
      target: this.s3.display,
      ...(server ? { product: server } : {}),
      details: { endpoint: this.o.url, bucket: this.o.bucket, region: this.o.region, bucketState, prefix: `${this.root}/`, pathStyle: this.o.pathStyle, payload: this.o.unsignedPayload ? UNSIGNED : 'sha256' },
    };
  }

  private async createBucket(): Promise<void> {
    const body = this.o.region === 'us-east-1' ? '' : `<CreateBucketConfiguration><LocationConstraint>${xmlEscape(this.o.region)}</LocationConstraint></CreateBucketConfiguration>`;
    await this.s3.send({
      method: 'PUT', key: '', headers: { 'content-length': String(Buffer.byteLength(body)) },
      payloadHash: createHash('sha256').update(body).digest('hex'), body: () => body, what: `CreateBucket ${this.o.bucket}`,
    });
  }

  async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
    this.dsIds ??= plan.datastreams.map((d) => d.id);
    const ops: OpTiming[] = [];
    for (const ds of plan.datastreams) {
      const meta = { kind: 'add-datastream' as const, objectId: plan.id, objectIndex: plan.index, datastreamId: ds.id, bytes: ds.size };
      ops.push(await timeOp(meta, () => this.put(this.key(plan.id, plan.index, ds.id), ds)));
    }
    return ops;
  }

  private async put(key: string, ds: DatastreamPlan): Promise<Partial<OpTiming>> {
    try {
      if (ds.size > this.o.multipartThreshold) {
        const r = await multipartUpload(this.s3, key, ds, this.o.partSize, this.o.unsignedPayload);
        return { attempt: r.attempts };
      }
      // up to 1 MiB the body is made once, hashed for the signature and sent (again on a retry) from
      // the same Buffer; a larger one is made twice, streamed for its hash and then for the send
      const whole = ds.size <= WHOLE_BODY_MAX ? contentBuffer(ds, WHOLE_BODY_MAX) : null;
      const sha256 = this.o.unsignedPayload ? undefined : whole ? hash('sha256', whole, 'hex') : contentSha256(ds);
      const r = await this.s3.send({
        method: 'PUT', key, headers: { 'content-type': ds.mime, 'content-length': String(ds.size) },
        payloadHash: sha256 ?? UNSIGNED, body: () => whole ?? contentChunks(ds), what: `PutObject ${key}`,
      });
      return { attempt: r.attempts, ttfbMs: r.res.ttfbMs, httpStatus: r.res.status, ...(sha256 ? { sha256 } : {}) };
    } catch (e) {
      const attempts = (e as { attempts?: number }).attempts;
      if (e instanceof OpError && attempts !== undefined && attempts > 1) throw Object.assign(e, { message: `${e.message} (after ${attempts} attempts)` });
      throw e;
    }
  }

  async *read(objectId: string, datastreamId: string): AsyncIterable<Uint8Array> {
    const index = Number(/(\d+)$/.exec(objectId)?.[1] ?? -1);
    const key = this.key(objectId, index, datastreamId);
    const res = await this.s3.open(key);
    if (res.status !== 200) {
      const text = await res.body.text().catch(() => '');
      if (res.status === 403) throw new RunFailedError('E_AUTH', `${this.s3.display} refused GET ${key} (HTTP 403)`, { hint: 'check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY' });
      throw new OpError(res.status === 404 ? 'E_NOT_FOUND' : `E_HTTP_${res.status}`, `GET ${key}: HTTP ${res.status} ${text.slice(0, 120)}`, res.status);
    }
    yield* res.body;
  }

  private keyOf(objectId: string, datastreamId: string): string {
    return this.key(objectId, Number(/(\d+)$/.exec(objectId)?.[1] ?? -1), datastreamId);
  }

  head(objectId: string, datastreamId: string): Promise<{ size: number | null; httpStatus: number }> {
    return s3HeadSize(this.s3, this.keyOf(objectId, datastreamId));
  }

  readRange(objectId: string, datastreamId: string, range: { start: number; end: number }): AsyncIterable<Uint8Array> {
    return s3RangeBody(this.s3, this.keyOf(objectId, datastreamId), range);
  }

  listFirstPage(max: number): Promise<{ entries: number; httpStatus: number }> {
    return s3ListPage(this.s3, `${this.root}/`, max);
  }

  /** The next version of a datastream: a PUT to the same key (multipart above the threshold, as in ingest). */
  update(plan: ObjectPlan, ds: DatastreamPlan): Promise<Partial<OpTiming>> {
    return this.put(this.key(plan.id, plan.index, ds.id), ds);
  }

  /** DeleteObject on each datastream key of the object (the delete probe; clean uses cleanAll). */
  remove(ref: ObjectRef): Promise<void> {
    return s3RemoveKeys(this.s3, (this.dsIds ?? []).map((ds) => this.key(ref.id, ref.index, ds)));
  }

  /** Lists every key under the run's prefix and deletes them 1,000 at a time with DeleteObjects. */
  async cleanAll(): Promise<BulkCleanResult> {
    try {
      return await this.deleteRunPrefix();
    } catch (e) {
      // a listing or a DeleteObjects that fails as a whole leaves the clean undone: the target's failure
      throw asTargetError(e, this.s3.display, s3Hint(e, "the run's keys could not be listed or deleted"));
    }
  }

  private async deleteRunPrefix(): Promise<BulkCleanResult> {
    const out: BulkCleanResult = { removed: 0, failed: 0, errors: {} };
    let token: string | undefined;
    for (let page = 0; page < 1_000_000; page++) {
      const q = `list-type=2&max-keys=1000&prefix=${encodeURIComponent(`${this.root}/`)}${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}`;
      const list = await this.s3.send({ method: 'GET', key: '', query: q, payloadHash: EMPTY_SHA256, what: `ListObjectsV2 ${this.root}/` });
      const keys = [...list.res.text.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1] ?? '').map((k) => k.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'));
      if (keys.length > 0) {
        const body = Buffer.from(`<Delete><Quiet>true</Quiet>${keys.map((k) => `<Object><Key>${xmlEscape(k)}</Key></Object>`).join('')}</Delete>`);
        const del = await this.s3.send({
          method: 'POST', key: '', query: 'delete=',
          headers: { 'content-type': 'application/xml', 'content-length': String(body.length), 'content-md5': createHash('md5').update(body).digest('base64') },
          payloadHash: createHash('sha256').update(body).digest('hex'), body: () => body, what: `DeleteObjects ${keys.length} keys`,
        });
        const failed = [...del.res.text.matchAll(/<Error>[\s\S]*?<Code>([^<]*)<\/Code>[\s\S]*?<\/Error>/g)].map((m) => m[1] ?? 'unknown');
        for (const c of failed) out.errors[`E_S3_${c}`] = (out.errors[`E_S3_${c}`] ?? 0) + 1;
        out.failed += failed.length;
        out.removed += keys.length - failed.length;
      }
      token = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(list.res.text)?.[1];
      if (!token || !/<IsTruncated>true<\/IsTruncated>/.test(list.res.text)) break;
    }
    return out;
  }

  close(): Promise<void> {
    return this.s3.close();
  }
}
