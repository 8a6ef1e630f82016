/**
 * `ldp`: Fedora 4/5/6 and plain LDP (Solid). An object is a container; each datastream a binary
 * (NonRDFSource) inside it, with a Content-Disposition filename and the flavor's Digest header.
 * All of a run's objects live under one run container, spread by the layout; intermediate
 * containers are created once, before the batch clock starts, and timed as their own operations.
 */
import { createHash } from 'node:crypto';
import {
  contentChunks,
  contentSha256,
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
  TransactionCapability,
  UpdateCapability,
} from '../backend.js';
import type { OpTiming, TargetInfo } from '../../model/timings.js';
import type { ObjectRef } from '../../model/records.js';
import { headSize, probeFailure, rangeBody } from '../http/probe-requests.js';
import {
  asTargetError,
  HttpTarget,
  refusal,
  type Asked,
  type HttpResult,
  type HttpTargetOptions,
} from '../http/http-target.js';
import { OpError, timeOp } from '../op-timer.js';
import { BINARY_LINK, CONTAINER_LINK, FLAVOR, type Flavor, type FlavorName } from './flavor.js';
import { checkDelete, checkWrite, containedIris, locationPath } from './ldp-responses.js';
import { preflightLdp } from './ldp-preflight.js';
import { beginTx, commitTx, rollbackTx, type OpenTx } from './ldp-transactions.js';
import type { SolidOidcClient } from '../http/solid-oidc-login.js';

export interface LdpOptions extends HttpTargetOptions {
  flavor: FlavorName;
  create: 'put' | 'post';
  tx: 'none' | 'per-batch';
  purgeTombstones: boolean;
  runId: string;
  workload: Pick<Workload, 'layout' | 'fanout'>;
  /** 'clean' opens an existing run's container instead of creating it; 'resume' writes on into it. */
  purpose: 'run' | 'clean' | 'resume';
  /** A shard of a sharded run (run --shard): the run container and layout levels a sibling shard made are success. */
  shared?: boolean;
  /** The Solid-OIDC login (--oidc-issuer): its issuer is recorded with the run, the credentials never. */
  oidc?: SolidOidcClient;
}

export class LdpBackend
  implements
    Backend,
    ReadCapability,
    RemoveCapability,
    BatchLifecycle,
    CleanupCapability,
    HeadCapability,
    RangeReadCapability,
    ListPageCapability,
    UpdateCapability,
    TransactionCapability
{
  readonly name = 'ldp';
  private readonly http: HttpTarget;
  private readonly flavor: Flavor;
  /** Path of the run container, e.g. /rest/ingest-scale-<run id>. */
  private readonly runPath: string;
  private readonly made = new Set<string>();
  /** Objects whose server-chosen path differs from the planned one (Slug collisions). */
  private readonly renamed = new Map<string, string>();
  private tx: OpenTx | null = null;

  constructor(private readonly o: LdpOptions) {
    this.http = new HttpTarget(o);
    this.flavor = FLAVOR[o.flavor];
    this.runPath = `${this.http.basePath}/ingest-scale-${o.runId}`;
  }

  private slash(path: string): string {
    return this.flavor.containerSlash ? `${path}/` : path;
  }

  /** The request path inside the open transaction (Fedora 4/5 prefix), and its headers. */
  private scoped(path: string, headers: Record<string, string> = {}): [string, Record<string, string>] {
    if (this.tx?.prefix && path.startsWith(this.http.basePath))
      return [this.tx.prefix + path.slice(this.http.basePath.length), headers];
    if (this.tx?.atomicId) return [path, { ...headers, 'atomic-id': this.tx.atomicId }];
    return [path, headers];
  }

  private objectPath(ref: ObjectRef): string {
    return (
      this.renamed.get(ref.id) ?? [this.runPath, ...layoutPath(this.o.workload, ref.id, ref.index), ref.id].join('/')
    );
  }

  private asked(method: string, path: string): Asked {
    return { method, path, target: this.http.display, sent: this.http.sentAuth };
  }

  async preflight(): Promise<TargetInfo> {
    const info = await preflightLdp(this.http, this.flavor);
    if (this.o.purpose === 'run') {
      // the run container is needed by every object: its failure is the target's, not an operation's
      await this.putContainer(this.runPath).catch((e: unknown) => {
        if (this.o.shared === true && e instanceof OpError && e.errorCode === 'E_EXISTS') return;
        throw asTargetError(
          e,
          this.http.display,
          'the run container could not be created: check that the user may create containers under --url',
        );
      });
      this.made.add(this.runPath);
    }
    if (this.o.purpose === 'resume') this.made.add(this.runPath);
    return {
      ...info,
      details: {
        ...info.details,
        runContainer: this.slash(this.runPath),
        create: this.o.create,
        tx: this.o.tx,
        ...(this.o.oidc ? { oidcIssuer: this.o.oidc.issuer } : {}),
      },
    };
  }

  /** PUT a new container; `If-None-Match: *` makes an existing one a 412 (E_EXISTS), never a silent replace. */
  private async putContainer(path: string): Promise<HttpResult> {
    const [p, headers] = this.scoped(this.slash(path), {
      link: CONTAINER_LINK,
      'content-type': 'text/turtle',
      prefer: 'return=minimal',
      'if-none-match': '*',
    });
    const r = await this.http.request('PUT', p, { headers, body: '', readText: true });
    checkWrite(r, `container ${path}`, this.asked('PUT', p));
    return r;
  }

  async prepareBatch(plans: readonly ObjectPlan[]): Promise<OpTiming[]> {
    const ops: OpTiming[] = [];
    for (const plan of plans) {
      let path = this.runPath;
      for (const segment of plan.path) {
        path = `${path}/${segment}`;
        if (this.made.has(path)) continue;
        const at = path;
        ops.push(
          await timeOp(
            { kind: 'create-container', objectId: plan.id, objectIndex: plan.index, datastreamId: null, bytes: 0 },
            async () => ({ httpStatus: await this.levelContainer(at) }),
          ),
        );
        this.made.add(path);
      }
    }
    return ops;
  }

  /** A layout level's container; a resumed run's levels may exist already (412: made before the run stopped), and a shard's (made by a sibling). */
  private async levelContainer(path: string): Promise<number> {
    try {
      return (await this.putContainer(path)).status;
    } catch (e) {
      if ((this.o.purpose === 'resume' || this.o.shared === true) && e instanceof OpError && e.errorCode === 'E_EXISTS')
        return 412;
      throw e;
    }
  }

  async beginBatch(): Promise<OpTiming[]> {
    if (this.o.tx !== 'per-batch') return [];
    const op = await timeOp(
      { kind: 'begin-tx', objectId: '', objectIndex: -1, datastreamId: null, bytes: 0 },
      async () => {
        this.tx = await beginTx(this.http, this.flavor);
      },
    );
    return [op];
  }

  openTransaction(): string | null {
    return this.tx ? (this.tx.atomicId ?? `${this.http.base.origin}${this.tx.path}`) : null;
  }

  rollBackTransaction(uri: string): Promise<'rolled-back' | 'gone'> {
    return rollbackTx(this.http, this.flavor, uri);
  }

  async endBatch(): Promise<OpTiming[]> {
    const tx = this.tx;
    if (!tx) return [];
    this.tx = null;
    return [
      await timeOp({ kind: 'commit', objectId: '', objectIndex: -1, datastreamId: null, bytes: 0 }, async () => ({
        httpStatus: await commitTx(this.http, this.flavor, tx),
      })),
    ];
  }

  async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
    const meta = { objectId: plan.id, objectIndex: plan.index };
    let objectPath = this.objectPath(plan);
    // a POST repeated after a lost answer would make a second container under a server-chosen name
    const created = await timeOp(
      { ...meta, kind: 'create-object', datastreamId: null, bytes: 0, onceOnly: this.o.create === 'post' },
      async () => {
        if (this.o.create === 'put') return { httpStatus: (await this.putContainer(objectPath)).status, ttfbMs: null };
        const parent = objectPath.slice(0, objectPath.lastIndexOf('/'));
        const [p, headers] = this.scoped(this.slash(parent), {
          slug: plan.id,
          link: CONTAINER_LINK,
          'content-type': 'text/turtle',
          prefer: 'return=minimal',
        });
        const r = await this.http.request('POST', p, { headers, body: '', readText: true });
        checkWrite(r, `container ${plan.id} in ${parent}`, this.asked('POST', p));
        const actual = locationPath(r, this.http.base.origin, this.slash(objectPath)).replace(/\/$/, '');
        if (actual !== objectPath) this.renamed.set(plan.id, actual);
        objectPath = actual;
        return { httpStatus: r.status, ttfbMs: r.ttfbMs };
      },
    );
    if (created.status === 'failed') return [created];
    const ops = [created];
    for (const ds of plan.datastreams) {
      ops.push(
        await timeOp({ ...meta, kind: 'add-datastream', datastreamId: ds.id, bytes: ds.size }, () =>
          this.putBinary(objectPath, ds),
        ),
      );
    }
    return ops;
  }

  private async putBinary(objectPath: string, ds: DatastreamPlan): Promise<Partial<OpTiming>> {
    const sha256 = this.flavor.digest ? contentSha256(ds) : undefined;
    const headers: Record<string, string> = {
      'content-type': ds.mime,
      'content-length': String(ds.size),
      'content-disposition': `attachment; filename="${ds.id}"`,
      prefer: 'return=minimal',
    };
    if (this.flavor.binaryLink) headers.link = BINARY_LINK;
    if (sha256 && this.flavor.digest) headers.digest = this.flavor.digest(sha256);
    const [p, h] = this.scoped(`${objectPath}/${ds.id}`, headers);
    const r = await this.http.request('PUT', p, { headers: h, body: contentChunks(ds), readText: true });
    checkWrite(r, `binary ${objectPath}/${ds.id}`, this.asked('PUT', p), { digest: sha256 !== undefined });
    return { httpStatus: r.status, ttfbMs: r.ttfbMs, ...(sha256 ? { sha256 } : {}) };
  }

  async *read(objectId: string, datastreamId: string): AsyncIterable<Uint8Array> {
    const index = Number(/(\d+)$/.exec(objectId)?.[1] ?? -1);
    const path = `${this.objectPath({ id: objectId, index })}/${datastreamId}`;
    const res = await this.http.open(
      'GET',
      path,
      this.flavor.wantDigest ? { 'want-digest': this.flavor.wantDigest } : {},
    );
    if (res.status !== 200) {
      const text = await res.body.text().catch(() => '');
      const refused = refusal({ status: res.status, headers: res.headers, text }, this.asked('GET', path));
      if (refused) throw refused;
      throw new OpError(
        res.status === 404 || res.status === 410 ? 'E_NOT_FOUND' : `E_HTTP_${res.status}`,
        `GET ${path}: HTTP ${res.status}`,
        res.status,
      );
    }
    // where the server answered Want-Digest, its Digest must match the bytes it sent
    const claimed = /sha-?256=([0-9a-f]{64})/i.exec(String(res.headers.digest ?? ''))?.[1]?.toLowerCase();
    const hash = claimed ? createHash('sha256') : null;
    for await (const chunk of res.body) {
      hash?.update(chunk);
      yield chunk;
    }
    if (hash && claimed && hash.digest('hex') !== claimed)
      throw new OpError('E_DIGEST_HEADER', `GET ${path}: the Digest header does not match the body`);
  }

  /** The path of a stored binary (the object's index is the id's trailing number). */
  private binaryPath(objectId: string, datastreamId: string): string {
    return `${this.objectPath({ id: objectId, index: Number(/(\d+)$/.exec(objectId)?.[1] ?? -1) })}/${datastreamId}`;
  }

  head(objectId: string, datastreamId: string): Promise<{ size: number | null; httpStatus: number }> {
    const path = this.binaryPath(objectId, datastreamId);
    return headSize(this.http, path, this.asked('HEAD', path));
  }

  readRange(objectId: string, datastreamId: string, range: { start: number; end: number }): AsyncIterable<Uint8Array> {
    const path = this.binaryPath(objectId, datastreamId);
    return rangeBody(this.http, path, range, this.asked('GET', path));
  }

  /** The next version of a binary: a PUT to it (its Digest the new content's), 204 from the server. */
  update(plan: ObjectPlan, ds: DatastreamPlan): Promise<Partial<OpTiming>> {
    return this.putBinary(this.objectPath(plan), ds);
  }

  /** The run container's listing as Turtle, its `ldp:contains` children counted: LDP does not page, so all of it. */
  async listFirstPage(): Promise<{ entries: number; httpStatus: number }> {
    const path = this.slash(this.runPath);
    const r = await this.http.request('GET', path, {
      headers: {
        accept: 'text/turtle',
        prefer: 'return=representation; include="http://www.w3.org/ns/ldp#PreferContainment"',
      },
      readText: true,
    });
    if (r.status !== 200) probeFailure(r.status, r.headers, r.text, this.asked('GET', path));
    return { entries: containedIris(r.text, `${this.http.base.origin}${path}`).length, httpStatus: r.status };
  }

  async remove(ref: ObjectRef): Promise<void> {
    await this.deleteTree(this.slash(this.objectPath(ref)));
  }

  /** Deletes the resource at this exact path; on servers that refuse non-empty containers, its children first. */
  private async deleteTree(target: string): Promise<void> {
    let r = await this.http.request('DELETE', target, { readText: true });
    if (r.status === 409 && !this.flavor.recursiveDelete) {
      const listing = await this.http.request('GET', target, { headers: { accept: 'text/turtle' }, readText: true });
      for (const child of containedIris(listing.text, `${this.http.base.origin}${target}`))
        await this.deleteTree(new URL(child).pathname);
      r = await this.http.request('DELETE', target, { readText: true });
    }
    // gone already (410): a tombstone left by an earlier delete, purged too when asked
    if (r.status === 410) await this.purgeTombstone(target);
    checkDelete(r, target, this.asked('DELETE', target));
    await this.purgeTombstone(target);
  }

  private async purgeTombstone(target: string): Promise<void> {
    if (!this.o.purgeTombstones || !this.flavor.tombstones) return;
    const t = await this.http.request('DELETE', `${target}/fcr:tombstone`, { readText: true });
    if (t.status !== 204 && t.status !== 404)
      checkDelete(t, `${target}/fcr:tombstone`, this.asked('DELETE', `${target}/fcr:tombstone`));
  }

  async finishClean(): Promise<void> {
    try {
      await this.deleteTree(this.slash(this.runPath));
    } catch (e) {
      // the run container is the last thing clean removes: its failure is the target's
      if (!(e instanceof OpError && e.errorCode === 'E_NOT_FOUND')) throw asTargetError(e, this.http.display);
    }
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}
