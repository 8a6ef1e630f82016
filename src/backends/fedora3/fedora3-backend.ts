/**
 * `fedora3`: the Fedora 3 REST API (API-M/API-A). Per object: `POST /objects/{pid}` (empty body,
 * Fedora adds DC), then one `POST /objects/{pid}/datastreams/{dsID}?controlGroup=M&…` per
 * datastream with the body streamed and its SHA-256 sent for the server to check. Object creation
 * and each datastream are separate timed operations. Basic auth (or a bearer token) is sent
 * preemptively. The preflight (fedora3-preflight.ts) checks the repository and API-M write access.
 */
import { contentChunks, contentSha256, type DatastreamPlan, type ObjectPlan } from '../../generate/index.js';
import type {
  Backend,
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
import { findObjectsPage, modifyDatastream } from './fedora3-probes.js';
import { authError, HttpTarget, type HttpTargetOptions } from '../http/http-target.js';
import { OpError, timeOp } from '../op-timer.js';
import { checkAddDatastream, checkCreateObject, checkPurge, type Asked } from './fedora3-responses.js';
import { preflightFedora3 } from './fedora3-preflight.js';
import { toPid, validateNamespace } from './pid.js';

export interface Fedora3Options extends HttpTargetOptions {
  pidNamespace: string;
}

const q = (params: Record<string, string>): string => new URLSearchParams(params).toString();

export class Fedora3Backend
  implements
    Backend,
    ReadCapability,
    RemoveCapability,
    HeadCapability,
    RangeReadCapability,
    ListPageCapability,
    UpdateCapability
{
  readonly name = 'fedora3';
  private readonly http: HttpTarget;
  private readonly ns: string;
  /** The run's object id prefix (ids are prefix + index), learned from its first object: the `list` probe's PID pattern. */
  private idPrefix: string | null = null;

  constructor(o: Fedora3Options) {
    this.ns = validateNamespace(o.pidNamespace);
    this.http = new HttpTarget(o);
  }

  private path(rest: string): string {
    return `${this.http.basePath}${rest}`;
  }

  private asked(method: string, path: string): Asked {
    return { method, path, target: this.http.display, sent: this.http.sentAuth };
  }

  async preflight(): Promise<TargetInfo> {
    return preflightFedora3(this.http, this.ns, this.name);
  }

  async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
    const pid = toPid(this.ns, plan.id);
    this.idPrefix ??= plan.id.replace(/\d+$/, '');
    const meta = { objectId: plan.id, objectIndex: plan.index };
    const created = await timeOp({ ...meta, kind: 'create-object', datastreamId: null, bytes: 0 }, async () => {
      const path = this.path(`/objects/${pid}?${q({ label: plan.id })}`);
      const r = await this.http.request('POST', path, { body: '', readText: true });
      checkCreateObject(r, pid, this.asked('POST', path));
      return { ttfbMs: r.ttfbMs, httpStatus: r.status };
    });
    if (created.status === 'failed') return [created];
    const ops = [created];
    for (const ds of plan.datastreams) {
      ops.push(
        await timeOp({ ...meta, kind: 'add-datastream', datastreamId: ds.id, bytes: ds.size }, () =>
          this.addDatastream(pid, ds),
        ),
      );
    }
    return ops;
  }

  private async addDatastream(pid: string, ds: DatastreamPlan): Promise<Partial<OpTiming>> {
    const sha256 = contentSha256(ds);
    const params = q({
      controlGroup: 'M',
      dsLabel: ds.id,
      mimeType: ds.mime,
      checksumType: 'SHA-256',
      checksum: sha256,
    });
    const path = this.path(`/objects/${pid}/datastreams/${ds.id}?${params}`);
    const r = await this.http.request('POST', path, {
      headers: { 'content-type': ds.mime, 'content-length': String(ds.size) },
      body: contentChunks(ds),
      readText: true,
    });
    checkAddDatastream(r, pid, ds.id, this.asked('POST', path));
    return { ttfbMs: r.ttfbMs, httpStatus: r.status, sha256 };
  }

  async *read(objectId: string, datastreamId: string): AsyncIterable<Uint8Array> {
    const pid = toPid(this.ns, objectId);
    const path = this.path(`/objects/${pid}/datastreams/${datastreamId}/content`);
    const res = await this.http.open('GET', path);
    if (res.status !== 200) {
      const text = await res.body.text().catch(() => '');
      if (res.status === 401 || res.status === 403)
        throw authError('GET', path, res.status, res.headers, text, this.asked('GET', path));
      throw new OpError(
        res.status === 404 ? 'E_NOT_FOUND' : `E_HTTP_${res.status}`,
        `GET ${pid}/${datastreamId}: HTTP ${res.status} ${text.slice(0, 120)}`,
        res.status,
      );
    }
    yield* res.body;
  }

  head(objectId: string, datastreamId: string): Promise<{ size: number | null; httpStatus: number }> {
    const path = this.path(`/objects/${toPid(this.ns, objectId)}/datastreams/${datastreamId}/content`);
    return headSize(this.http, path, this.asked('HEAD', path));
  }

  readRange(objectId: string, datastreamId: string, range: { start: number; end: number }): AsyncIterable<Uint8Array> {
    const path = this.path(`/objects/${toPid(this.ns, objectId)}/datastreams/${datastreamId}/content`);
    return rangeBody(this.http, path, range, this.asked('GET', path));
  }

  update(plan: ObjectPlan, ds: DatastreamPlan): Promise<Partial<OpTiming>> {
    const path = this.path(`/objects/${toPid(this.ns, plan.id)}/datastreams/${ds.id}`);
    return modifyDatastream(this.http, path, ds, this.asked('PUT', path));
  }

  /** findObjects on the run's PID prefix (the namespace's until an object was stored). */
  listFirstPage(max: number): Promise<{ entries: number; httpStatus: number }> {
    return findObjectsPage(this.http, `${this.ns}:${this.idPrefix ?? ''}*`, max, (p) => this.asked('GET', p));
  }

  async remove({ id: objectId }: ObjectRef): Promise<void> {
    const pid = toPid(this.ns, objectId);
    const path = this.path(`/objects/${pid}?${q({ logMessage: 'ingest-scale clean' })}`);
    const r = await this.http.request('DELETE', path, { readText: true });
    checkPurge(r, pid, this.asked('DELETE', path));
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}
