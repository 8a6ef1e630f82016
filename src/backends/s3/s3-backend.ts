/**
 * `s3`: each datastream is an object `ingest-scale/<run id>/<layout path>/<object id>/<datastream id>`
 * (the layout decides how keys spread over prefixes, which is what stresses index shards), in the
 * bucket of its object (s3-buckets.ts: one bucket, or object g in bucket g mod K with --buckets K).
 * Single PUTs below --multipart-threshold, multipart uploads above; readback with GET; clean lists
 * the run's prefix in each bucket and deletes with batched DeleteObjects.
 */
import { hash } from 'node:crypto';
import {
  contentBuffer,
  contentChunks,
  contentSha256,
  layoutPath,
  type DatastreamPlan,
  type ObjectPlan,
} from '../../generate/index.js';
import { RunFailedError, UsageError } from '../../errors.js';
import type { Workload } from '../../workload/index.js';
import type {
  Backend,
  BulkCleanCapability,
  BulkCleanResult,
  HeadCapability,
  ListPageCapability,
  RangeReadCapability,
  ReadCapability,
  RemoveCapability,
  UpdateCapability,
} from '../backend.js';
import type { OpTiming, TargetInfo } from '../../model/timings.js';
import type { ObjectRef } from '../../model/records.js';
import { s3HeadSize, s3ListPage, s3RangeBody, s3RemoveKeys } from './s3-probes.js';
import { asTargetError, type HttpTimeouts } from '../http/http-target.js';
import { OpError, timeOp } from '../op-timer.js';
import { loadCredentials } from './credentials.js';
import { multipartUpload } from './multipart.js';
import { S3Client, UNSIGNED } from './s3-client.js';
import { bucketNames, bucketOf, bucketStates, checkBucket, s3Hint } from './s3-buckets.js';
import { deletePrefix } from './s3-clean.js';

/** S3's smallest part of a multipart upload (all but the last part). */
export const MIN_PART_SIZE = 5 * 2 ** 20;

/** A single-PUT body up to this size is generated once and kept for the request (and its retries). */
const WHOLE_BODY_MAX = 1024 * 1024;

export interface S3Options {
  url: string;
  bucket: string;
  /** How many buckets the objects spread over (`<bucket>-0 …`); 1 (the default) writes into `bucket` itself. */
  buckets?: number;
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
  workload: Pick<Workload, 'layout' | 'fanout'> & { datastreams?: readonly { id: string }[] };
  purpose: 'run' | 'clean';
}

export class S3Backend
  implements
    Backend,
    ReadCapability,
    BulkCleanCapability,
    HeadCapability,
    RangeReadCapability,
    ListPageCapability,
    RemoveCapability,
    UpdateCapability
{
  readonly name = 's3';
  /** One client per bucket, in bucket order (a client signs for and addresses one bucket). */
  private readonly clients: S3Client[];
  private readonly names: string[];
  private readonly root: string;
  /**
   * The datastream ids of the run's objects (an object is one key per datastream): the workload's,
   * or, when the options carry none, learned from the first object stored.
   */
  private dsIds: string[] | null;

  constructor(private readonly o: S3Options) {
    this.names = bucketNames(o.bucket, o.buckets ?? 1);
    const credentials = loadCredentials(o.profile);
    this.clients = this.names.map((bucket) => new S3Client({ ...o, bucket, credentials }));
    this.root = `ingest-scale/${o.runId}`;
    // known before the first ingest, so a resume's recovery deletes (before its first batch) remove the keys
    this.dsIds = o.workload.datastreams?.map((d) => d.id) ?? null;
  }

  /** The client of object g's bucket. */
  private s3(g: number): S3Client {
    return this.clients[bucketOf(g, this.clients.length)] as S3Client;
  }

  /** The address shown for the run: the endpoint and its bucket, or its first and last of K. */
  private get display(): string {
    const first = this.clients[0] as S3Client;
    if (this.clients.length === 1) return first.display;
    // path-style: the endpoint; virtual-hosted: the endpoint too, not the first bucket's host name
    const endpoint = this.o.pathStyle ? first.http.display : this.o.url.replace(/\/$/, '');
    return `${endpoint} buckets ${this.names[0]}…${this.names[this.names.length - 1]}`;
  }

  private key(id: string, index: number, dsId: string): string {
    return [this.root, ...layoutPath(this.o.workload, id, index), id, dsId].join('/');
  }

  async preflight(): Promise<TargetInfo> {
    const policy = { region: this.o.region, createBucket: this.o.createBucket, purpose: this.o.purpose };
    const checks = [];
    for (const [i, s3] of this.clients.entries()) checks.push(await checkBucket(s3, this.names[i] as string, policy));
    const full = checks.findIndex((c) => c.state === 'existing, not empty');
    if (full >= 0 && !this.o.allowExisting && this.o.purpose === 'run') {
      throw new UsageError(
        'E_BAD_FLAG',
        `bucket ${this.names[full]} is not empty`,
        'use an empty bucket, or add --allow-existing (the run writes under its own prefix ingest-scale/<run id>/)',
      );
    }
    return this.info(bucketStates(checks), checks.find((c) => c.server)?.server);
  }

  private info(bucketState: string, server?: string): TargetInfo {
    const k = this.clients.length;
    return {
      backend: this.name,
      target: this.display,
      ...(server ? { product: server } : {}),
      details: {
        endpoint: this.o.url,
        bucket: this.o.bucket,
        ...(k > 1 ? { buckets: k, placement: 'object g in bucket g mod K' } : {}),
        region: this.o.region,
        bucketState,
        prefix: `${this.root}/`,
        pathStyle: this.o.pathStyle,
        payload: this.o.unsignedPayload ? UNSIGNED : 'sha256',
        // what a resume uploads with (index.ts fromRecorded)
        multipartThreshold: this.o.multipartThreshold,
        partSize: this.o.partSize,
      },
    };
  }

  async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
    this.dsIds ??= plan.datastreams.map((d) => d.id);
    const ops: OpTiming[] = [];
    for (const ds of plan.datastreams) {
      const meta = {
        kind: 'add-datastream' as const,
        objectId: plan.id,
        objectIndex: plan.index,
        datastreamId: ds.id,
        bytes: ds.size,
      };
      ops.push(await timeOp(meta, () => this.put(plan.index, this.key(plan.id, plan.index, ds.id), ds)));
    }
    return ops;
  }

  private async put(g: number, key: string, ds: DatastreamPlan): Promise<Partial<OpTiming>> {
    const s3 = this.s3(g);
    try {
      if (ds.size > this.o.multipartThreshold) {
        const r = await multipartUpload(s3, key, ds, this.o.partSize, this.o.unsignedPayload);
        return { attempt: r.attempts };
      }
      // up to 1 MiB the body is made once, hashed for the signature and sent (again on a retry) from
      // the same Buffer; a larger one is made twice, streamed for its hash and then for the send
      const whole = ds.size <= WHOLE_BODY_MAX ? contentBuffer(ds, WHOLE_BODY_MAX) : null;
      const sha256 = this.o.unsignedPayload ? undefined : whole ? hash('sha256', whole, 'hex') : contentSha256(ds);
      const r = await s3.send({
        method: 'PUT',
        key,
        headers: { 'content-type': ds.mime, 'content-length': String(ds.size) },
        payloadHash: sha256 ?? UNSIGNED,
        body: () => whole ?? contentChunks(ds),
        what: `PutObject ${key}`,
      });
      return { attempt: r.attempts, ttfbMs: r.res.ttfbMs, httpStatus: r.res.status, ...(sha256 ? { sha256 } : {}) };
    } catch (e) {
      const attempts = (e as { attempts?: number }).attempts;
      if (e instanceof OpError && attempts !== undefined && attempts > 1)
        throw Object.assign(e, { message: `${e.message} (after ${attempts} attempts)` });
      throw e;
    }
  }

  /** An object's global index, from the digits that end its id (ids are `<prefix><index>`). */
  private static indexOf(objectId: string): number {
    return Number(/(\d+)$/.exec(objectId)?.[1] ?? -1);
  }

  async *read(objectId: string, datastreamId: string): AsyncIterable<Uint8Array> {
    const g = S3Backend.indexOf(objectId);
    const key = this.key(objectId, g, datastreamId);
    const s3 = this.s3(g);
    const res = await s3.open(key);
    if (res.status !== 200) {
      const text = await res.body.text().catch(() => '');
      if (res.status === 403)
        throw new RunFailedError('E_AUTH', `${s3.display} refused GET ${key} (HTTP 403)`, {
          hint: 'check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
        });
      throw new OpError(
        res.status === 404 ? 'E_NOT_FOUND' : `E_HTTP_${res.status}`,
        `GET ${key}: HTTP ${res.status} ${text.slice(0, 120)}`,
        res.status,
      );
    }
    yield* res.body;
  }

  head(objectId: string, datastreamId: string): Promise<{ size: number | null; httpStatus: number }> {
    const g = S3Backend.indexOf(objectId);
    return s3HeadSize(this.s3(g), this.key(objectId, g, datastreamId));
  }

  readRange(objectId: string, datastreamId: string, range: { start: number; end: number }): AsyncIterable<Uint8Array> {
    const g = S3Backend.indexOf(objectId);
    return s3RangeBody(this.s3(g), this.key(objectId, g, datastreamId), range);
  }

  /** The first ListObjectsV2 page of the run's prefix in the first bucket (with --buckets K it holds every K-th object). */
  listFirstPage(max: number): Promise<{ entries: number; httpStatus: number }> {
    return s3ListPage(this.s3(0), `${this.root}/`, max);
  }

  /** The next version of a datastream: a PUT to the same key (multipart above the threshold, as in ingest). */
  update(plan: ObjectPlan, ds: DatastreamPlan): Promise<Partial<OpTiming>> {
    return this.put(plan.index, this.key(plan.id, plan.index, ds.id), ds);
  }

  /** DeleteObject on each datastream key of the object (the delete probe; clean uses cleanAll). */
  remove(ref: ObjectRef): Promise<void> {
    return s3RemoveKeys(
      this.s3(ref.index),
      (this.dsIds ?? []).map((ds) => this.key(ref.id, ref.index, ds)),
    );
  }

  /** Lists every key under the run's prefix, bucket by bucket, and deletes them 1,000 at a time with DeleteObjects. */
  async cleanAll(): Promise<BulkCleanResult> {
    const out: BulkCleanResult = { removed: 0, failed: 0, errors: {} };
    for (const s3 of this.clients) {
      try {
        await deletePrefix(s3, `${this.root}/`, out);
      } catch (e) {
        // a listing or a DeleteObjects that fails as a whole leaves the clean undone: the target's failure
        throw asTargetError(e, s3.display, s3Hint(e, "the run's keys could not be listed or deleted"));
      }
    }
    return out;
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
  }
}
