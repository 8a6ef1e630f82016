/**
 * `http-put`: the plainest HTTP store — each datastream PUT to
 * `<url>/ingest-scale-<run id>/<layout path>/<object id>/<datastream id>`, read back with GET,
 * removed with DELETE. With `--collections mkcol` (the default) every collection on the way is made
 * with WebDAV MKCOL first (run-collections.ts), as Apache mod_dav and rclone need; `none` PUTs
 * straight to the path, for servers that make paths themselves (nginx create_full_put_path). It is
 * the path the overhead benchmarks compare with autocannon.
 */
import {
  contentBuffer,
  contentChunks,
  contentInto,
  layoutPath,
  type DatastreamPlan,
  type ObjectPlan,
} from '../../generate/index.js';
import type { Workload } from '../../workload/index.js';
import type {
  Backend,
  BatchLifecycle,
  CleanupCapability,
  HeadCapability,
  ListPageCapability,
  RangeReadCapability,
  ReadCapability,
  RemoveCapability,
  UpdateCapability,
} from '../backend.js';
import type { OpTiming, TargetInfo } from '../../model/timings.js';
import type { ObjectRef } from '../../model/records.js';
import { headSize, rangeBody } from '../http/probe-requests.js';
import { propfindMembers, putVersion, refuseUnlistable } from './http-put-probes.js';
import { BodyPool, COPY_LIMIT } from '../../http1/index.js';
import {
  headerValue,
  HttpTarget,
  refusal,
  targetError,
  unreachable,
  type HttpTargetOptions,
} from '../http/http-target.js';
import { OpError, timeOp } from '../op-timer.js';
import { asked, deleteResource, type CollectionsMode } from './dav-collections.js';
import { RunCollections } from './run-collections.js';

/**
 * Bodies are generated in pieces of this size (the same bytes as the 64 KiB default): a body up to
 * 1 MiB goes as one Buffer in one write with its headers, a larger one streams in 1 MiB pieces.
 * Fewer, larger writes halve the client's CPU per MiB sent (see bench/ and reports/perf.md).
 */
export const BODY_CHUNK = 1024 * 1024;

/** A body made whole: its bytes, and the pooled buffer they sit in (to give back once sent). */
interface Body {
  bytes: Buffer;
  slot: Buffer | null;
}

export interface HttpPutOptions extends HttpTargetOptions {
  runId: string;
  workload: Pick<Workload, 'layout' | 'fanout' | 'datastreams'>;
  /** mkcol (default): make each collection with MKCOL before writing into it; none: PUT straight to the path. */
  collections?: CollectionsMode;
  /** 'clean' reopens an existing run's collection instead of making it; 'resume' makes it again (405: it exists). */
  purpose?: 'run' | 'clean' | 'resume';
}

export class HttpPutBackend
  implements
    Backend,
    ReadCapability,
    RemoveCapability,
    BatchLifecycle,
    CleanupCapability,
    HeadCapability,
    RangeReadCapability,
    ListPageCapability,
    UpdateCapability
{
  readonly name = 'http-put';
  private readonly http: HttpTarget;
  /** Buffers for bodies above COPY_LIMIT (smaller ones the write client copies behind their head) up to BODY_CHUNK, reused once their bytes have left. */
  private readonly bodies: BodyPool;

  constructor(private readonly o: HttpPutOptions) {
    this.http = new HttpTarget(o);
    this.bodies = new BodyPool(BODY_CHUNK, Math.max(1, o.connections) + 2);
    this.root = `${this.http.basePath}/ingest-scale-${o.runId}`;
    this.dirs = new RunCollections(this.http, this.root, o.collections ?? 'mkcol', Math.max(1, o.connections));
  }

  private readonly root: string;
  private readonly dirs: RunCollections;
  /** The body made ahead by prepare(): the next object's first datastream, or null. */
  private ready: { objectIndex: number; datastreamId: string; body: Body } | null = null;

  /** The object's own collection (no trailing slash). */
  private objectDir(id: string, index: number, segments?: readonly string[]): string {
    let p = this.root;
    for (const s of segments ?? layoutPath(this.o.workload, id, index)) p += `/${encodeURIComponent(s)}`;
    return `${p}/${encodeURIComponent(id)}`;
  }

  private path(id: string, index: number, dsId: string, segments?: readonly string[]): string {
    return `${this.objectDir(id, index, segments)}/${encodeURIComponent(dsId)}`;
  }

  async preflight(): Promise<TargetInfo> {
    let r;
    try {
      r = await this.http.request('OPTIONS', this.http.basePath || '/', { readText: true });
    } catch (e) {
      throw unreachable(e, this.http.display);
    }
    const options = asked(this.http, 'OPTIONS', this.http.basePath || '/');
    const refused = refusal(r, options);
    if (refused) throw refused;
    // a plain PUT store need not implement OPTIONS (501); any other 5xx is the target failing
    if (r.status >= 500 && r.status !== 501) throw targetError(options.method, options.path, r.status, r.text, options);
    const server = headerValue(r.headers, 'server');
    if (this.o.purpose !== 'clean') await this.dirs.makeRoot();
    const details: Record<string, string> = {
      allow: headerValue(r.headers, 'allow') ?? (r.status === 501 ? 'OPTIONS not implemented' : 'not announced'),
      collections: this.dirs.mode,
      runCollection: `${this.root}/`,
    };
    if (this.dirs.warning !== null) details.warning = this.dirs.warning;
    return { backend: this.name, target: this.http.display, ...(server ? { product: server } : {}), details };
  }

  prepareBatch(plans: readonly ObjectPlan[]): Promise<OpTiming[]> {
    return this.dirs.prepare(plans);
  }

  beginBatch(): Promise<OpTiming[]> {
    return Promise.resolve([]);
  }

  endBatch(): Promise<OpTiming[]> {
    return Promise.resolve([]);
  }

  /**
   * Makes the first body (up to BODY_CHUNK) of the object after the one in flight: one body, so the
   * work stays shorter than most answers, and at most one pooled buffer more. A body left from an
   * earlier object (a run that stopped) is dropped first.
   */
  prepare(plan: ObjectPlan): void {
    const ds = plan.datastreams[0];
    this.ready =
      ds !== undefined && ds.size <= BODY_CHUNK
        ? { objectIndex: plan.index, datastreamId: ds.id, body: this.body(ds) as Body }
        : null;
  }

  /** A body up to BODY_CHUNK as one Buffer (a pooled one above COPY_LIMIT), a longer one as pieces. */
  private body(ds: DatastreamPlan): Body | Iterable<Buffer> {
    if (ds.size > BODY_CHUNK) return contentChunks(ds, BODY_CHUNK);
    if (ds.size <= COPY_LIMIT) return { bytes: contentBuffer(ds, BODY_CHUNK), slot: null };
    const slot = this.bodies.take();
    return { bytes: contentInto(ds, slot), slot };
  }

  async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
    const ops: OpTiming[] = [];
    if (this.dirs.mode === 'mkcol') {
      const made = await this.dirs.makeObject(plan, this.objectDir(plan.id, plan.index, plan.path));
      ops.push(made);
      if (made.status === 'failed') return ops;
    }
    for (const ds of plan.datastreams) {
      const meta = {
        kind: 'add-datastream' as const,
        objectId: plan.id,
        objectIndex: plan.index,
        datastreamId: ds.id,
        bytes: ds.size,
      };
      ops.push(
        await timeOp(meta, async () => {
          // a body up to BODY_CHUNK leaves with its head in one write; one made ahead by prepare() is used as it is
          let made: Body | Iterable<Buffer>;
          const pre = this.ready;
          if (pre !== null && pre.objectIndex === plan.index && pre.datastreamId === ds.id) {
            made = pre.body;
            this.ready = null;
          } else made = this.body(ds);
          const slot = 'slot' in made ? made.slot : null;
          const body = 'bytes' in made ? made.bytes : made;
          const path = this.path(plan.id, plan.index, ds.id, plan.path);
          const r = await this.http.send(
            'PUT',
            path,
            { 'content-type': ds.mime, 'content-length': String(ds.size) },
            body,
          );
          if (slot && r.bodyReleased) this.bodies.give(slot);
          const refused = refusal(r, asked(this.http, 'PUT', path));
          if (refused) throw refused;
          if (r.status !== 200 && r.status !== 201 && r.status !== 204)
            throw new OpError(`E_HTTP_${r.status}`, `PUT ${plan.id}/${ds.id}: HTTP ${r.status}`, r.status);
          return { httpStatus: r.status, ttfbMs: r.ttfbMs };
        }),
      );
    }
    return ops;
  }

  async *read(objectId: string, datastreamId: string): AsyncIterable<Uint8Array> {
    const index = Number(/(\d+)$/.exec(objectId)?.[1] ?? -1);
    const res = await this.http.open('GET', this.path(objectId, index, datastreamId));
    if (res.status !== 200) {
      await res.body.dump().catch(() => undefined);
      throw new OpError(
        res.status === 404 ? 'E_NOT_FOUND' : `E_HTTP_${res.status}`,
        `GET ${objectId}/${datastreamId}: HTTP ${res.status}`,
        res.status,
      );
    }
    yield* res.body;
  }

  /** Probes (http-put-probes.ts): HEAD and Range GET on the datastream's path, PROPFIND Depth 1 on the run collection. */
  head(objectId: string, datastreamId: string): Promise<{ size: number | null; httpStatus: number }> {
    const path = this.path(objectId, Number(/(\d+)$/.exec(objectId)?.[1] ?? -1), datastreamId);
    return headSize(this.http, path, asked(this.http, 'HEAD', path));
  }

  readRange(objectId: string, datastreamId: string, range: { start: number; end: number }): AsyncIterable<Uint8Array> {
    const path = this.path(objectId, Number(/(\d+)$/.exec(objectId)?.[1] ?? -1), datastreamId);
    return rangeBody(this.http, path, range, asked(this.http, 'GET', path));
  }

  update(plan: ObjectPlan, ds: DatastreamPlan): Promise<{ httpStatus: number; ttfbMs: number }> {
    const path = this.path(plan.id, plan.index, ds.id);
    return putVersion(this.http, path, ds, asked(this.http, 'PUT', path));
  }

  /** Before preflight: a server that cannot answer PROPFIND refuses --probe list (exit 2), nothing written. */
  async checkProbes(kinds: readonly string[]): Promise<void> {
    if (kinds.includes('list')) await refuseUnlistable(this.http, this.http.basePath || '/');
  }

  listFirstPage(): Promise<{ entries: number; httpStatus: number }> {
    return propfindMembers(this.http, `${this.root}/`, asked(this.http, 'PROPFIND', `${this.root}/`));
  }

  /** Each datastream of the workload, then (with mkcol) the object's collection; its levels are left to finishClean. */
  async remove(ref: ObjectRef): Promise<void> {
    const segments = layoutPath(this.o.workload, ref.id, ref.index);
    this.dirs.noteLevels(segments);
    let found = false;
    for (const ds of this.o.workload.datastreams)
      if (await deleteResource(this.http, this.path(ref.id, ref.index, ds.id, segments))) found = true;
    if (
      this.dirs.mode === 'mkcol' &&
      (await deleteResource(this.http, `${this.objectDir(ref.id, ref.index, segments)}/`))
    )
      found = true;
    if (!found) throw new OpError('E_NOT_FOUND', `${ref.id} not found`);
  }

  /** After every object: the layout's levels deepest first, then the run's collection. */
  finishClean(): Promise<string | undefined> {
    return this.dirs.finish();
  }

  close(): Promise<void> {
    this.ready = null;
    return this.http.close();
  }
}
