/**
 * The collections of one http-put run: `<url>/ingest-scale-<run id>/`, the levels of its layout and
 * each object's own collection. In a run they are made with MKCOL (the run's and the levels' before
 * the batch clock starts, each recorded as a `create-container` operation; an object's inside its
 * batch, as its `create-object`); in `clean` they are deleted after their contents, deepest first.
 */
import type { ObjectPlan } from '../../generate/index.js';
import { RunFailedError } from '../../errors.js';
import type { OpTiming } from '../../model/timings.js';
import { targetError, type HttpTarget } from '../http/http-target.js';
import { OpError, timeOp } from '../op-timer.js';
import {
  deleteResource,
  depthOf,
  inSlices,
  levelPaths,
  mkcol,
  mkcolOutcome,
  type CollectionsMode,
} from './dav-collections.js';

export class RunCollections {
  /** Level collections made (in a run) or seen in the objects removed (in clean). */
  private readonly levels = new Set<string>();
  /** The run collection's MKCOL from preflight, recorded with the first batch's preparation. */
  private pending: OpTiming[] = [];
  /** Why the run acts otherwise than asked (a 501 to MKCOL), for the CLI to print. */
  warning: string | null = null;

  constructor(
    private readonly http: HttpTarget,
    /** The run's collection, without its trailing slash. */
    readonly root: string,
    public mode: CollectionsMode,
    /** Requests in flight while making or deleting levels. */
    private readonly width: number,
  ) {}

  /**
   * At a run's preflight: MKCOL of the run's collection (its answer read, for the message of a
   * failure, which stops the run before any batch); a 501 turns the run to `none`.
   */
  async makeRoot(): Promise<void> {
    if (this.mode === 'none') return;
    const path = `${this.root}/`;
    let outcome = 'made';
    const op = await timeOp(
      { kind: 'create-container', objectId: '', objectIndex: -1, datastreamId: null, bytes: 0 },
      async () => {
        const r = await this.http.request('MKCOL', path, { readText: true });
        const known = mkcolOutcome(this.http, r, path);
        if (known === null) {
          const missing = r.status === 409 || r.status === 404;
          throw targetError('MKCOL', path, r.status, r.text, {
            target: this.http.display,
            hint: missing
              ? 'the collection that --url names does not exist: check --url (it must name an existing WebDAV collection)'
              : 'check --url, or use --collections none for a server that makes paths on PUT itself',
          });
        }
        outcome = known.outcome;
        return { httpStatus: r.status, ttfbMs: r.ttfbMs };
      },
    );
    if (op.status === 'failed') {
      throw new RunFailedError(
        'E_TARGET',
        `cannot reach ${this.http.display} (${op.errorCode}) to make the run's collection ${path}`,
        { hint: 'check --url, that the server is running, and (for https) --ca' },
      );
    }
    if (outcome === 'unsupported') {
      this.mode = 'none';
      this.warning = `MKCOL answered 501 Not Implemented: the server makes paths on PUT itself, so this run PUTs straight to each path (as --collections none)`;
      return;
    }
    this.pending.push(op);
  }

  /** Before a batch's clock: MKCOL of every level its objects need that was not made yet, parents first. */
  async prepare(plans: readonly ObjectPlan[]): Promise<OpTiming[]> {
    const ops = this.pending;
    this.pending = [];
    if (this.mode === 'none') return ops;
    const wanted = new Map<string, ObjectPlan>();
    for (const plan of plans)
      for (const p of levelPaths(this.root, plan.path)) if (!this.levels.has(p) && !wanted.has(p)) wanted.set(p, plan);
    for (const [, paths] of byDepth(this.root, [...wanted.keys()], 'shallowest')) {
      ops.push(
        ...(await inSlices(paths, this.width, async (path) => {
          const plan = wanted.get(path) as ObjectPlan;
          const op = await timeOp(
            { kind: 'create-container', objectId: plan.id, objectIndex: plan.index, datastreamId: null, bytes: 0 },
            async () => {
              const r = await mkcol(this.http, path);
              if (r.outcome === 'unsupported') throw new OpError('E_HTTP_501', `MKCOL ${path}: HTTP 501`, 501);
              return { httpStatus: r.httpStatus, ttfbMs: r.ttfbMs };
            },
          );
          if (op.status === 'ok') this.levels.add(path);
          return op;
        })),
      );
    }
    return ops;
  }

  /** Inside the batch: the object's own collection, timed as its `create-object` operation. */
  makeObject(plan: ObjectPlan, dir: string): Promise<OpTiming> {
    return timeOp(
      { kind: 'create-object', objectId: plan.id, objectIndex: plan.index, datastreamId: null, bytes: 0 },
      async () => {
        const r = await mkcol(this.http, `${dir}/`);
        if (r.outcome === 'unsupported') throw new OpError('E_HTTP_501', `MKCOL ${dir}/: HTTP 501`, 501);
        return { httpStatus: r.httpStatus, ttfbMs: r.ttfbMs };
      },
    );
  }

  /** In clean: remember the levels of an object being removed, for finish(). */
  noteLevels(segments: readonly string[]): void {
    for (const p of levelPaths(this.root, segments)) this.levels.add(p);
  }

  /**
   * In clean, after every object: the levels deepest first, then the run's collection. With `none`
   * the run made no collection, but a server that makes paths on PUT left directories: the run's
   * collection is deleted (WebDAV deletes a collection with all below it); a server that cannot
   * delete directories (405, 501) is a note, not a failure.
   */
  async finish(): Promise<string | undefined> {
    if (this.mode === 'mkcol') {
      for (const [, paths] of byDepth(this.root, [...this.levels], 'deepest'))
        await inSlices(paths, this.width, (p) => deleteResource(this.http, p));
      await deleteResource(this.http, `${this.root}/`);
      return undefined;
    }
    try {
      await deleteResource(this.http, `${this.root}/`);
      return undefined;
    } catch (e) {
      if (e instanceof OpError && (e.httpStatus === 405 || e.httpStatus === 501)) {
        return `the server kept the run's directory ${this.root}/ (DELETE answered HTTP ${e.httpStatus}); its files are gone, remove the empty directories with the server's own tools`;
      }
      throw e;
    }
  }
}

/** Paths grouped by depth below the root, in the order asked. */
function byDepth(root: string, paths: readonly string[], order: 'shallowest' | 'deepest'): [number, string[]][] {
  const groups = new Map<number, string[]>();
  for (const p of paths) {
    const d = depthOf(root, p);
    const group = groups.get(d);
    if (group) group.push(p);
    else groups.set(d, [p]);
  }
  return [...groups.entries()].sort((a, b) => (order === 'shallowest' ? a[0] - b[0] : b[0] - a[0]));
}
