/**
 * `ocfl`: an OCFL 1.1 storage root on the local filesystem, written by this tool's own small writer
 * (docs/backends.md says why not a library). An object per workload object: its datastreams are the
 * content files of version 1, staged under the root's `extensions/ingest-scale-staging` (each an
 * `add-datastream`, SHA-512 taken while writing), then committed as `create-object`: the version's
 * inventory and sidecar, the object's copies of both, its NAMASTE file, and one rename that makes
 * the object appear at its layout path (an existing object refuses it: E_EXISTS). The `update` probe
 * adds the next version in place: its content files, its inventory, then the root inventory
 * replaced by a rename — so each update reads and rewrites an inventory that grows with versions.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DatastreamPlan, ObjectPlan } from '../../generate/index.js';
import type { ObjectRef } from '../../model/records.js';
import type { OpTiming, TargetInfo } from '../../model/timings.js';
import type { Workload } from '../../workload/index.js';
import type {
  Backend,
  CleanupCapability,
  HeadCapability,
  ListCapability,
  ListPageCapability,
  RangeReadCapability,
  ReadCapability,
  RemoveCapability,
  UpdateCapability,
} from '../backend.js';
import { OpError, timeOp } from '../op-timer.js';
import { isMissing, removeTree, replaceFile, sweepStaging, walkObjectRoots, writeContent } from './ocfl-files.js';
import * as I from './ocfl-inventory.js';
import { layoutFor, OBJECT_NAMASTE, openStorageRoot, type OcflLayout } from './ocfl-layout.js';

export interface OcflOptions {
  /** The storage root (--data). */
  root: string;
  layout: Workload['layout'];
  /** Make the root when it is missing or empty (a run); clean and resume only open one. */
  create: boolean;
  /** Versions each object gets in its batch (--versions; default 1). */
  versions?: number;
}

/** Staged versions live here until their commit renames them into the hierarchy. */
const STAGING = join('extensions', 'ingest-scale-staging');

export class OcflBackend
  implements
    Backend,
    CleanupCapability,
    ReadCapability,
    RemoveCapability,
    ListCapability,
    HeadCapability,
    RangeReadCapability,
    ListPageCapability,
    UpdateCapability
{
  readonly name = 'ocfl';
  private readonly layout: OcflLayout;
  private staged = 0;

  constructor(private readonly o: OcflOptions) {
    this.layout = layoutFor(o.layout);
  }

  async preflight(): Promise<TargetInfo> {
    const how = await openStorageRoot(this.o.root, this.layout, this.o.create);
    const swept = how === 'opened' ? await sweepStaging(join(this.o.root, STAGING)) : 0;
    return {
      backend: this.name,
      target: this.o.root,
      product: 'OCFL 1.1 storage root (ingest-scale writer)',
      details: {
        layout: this.layout.extension,
        digestAlgorithm: 'sha512',
        root: how,
        staleStaged: swept,
        versions: this.o.versions ?? 1,
      },
    };
  }

  /** After clean removed every object: the versions a killed run staged and never committed. */
  async finishClean(): Promise<string | void> {
    const swept = await sweepStaging(join(this.o.root, STAGING));
    if (swept > 0) return `removed ${swept} uncommitted staged version${swept === 1 ? '' : 's'} of a killed run`;
  }

  private objectRoot(id: string): string {
    return join(this.o.root, ...this.layout.segments(id));
  }

  async ingest(plan: ObjectPlan): Promise<OpTiming[]> {
    const meta = { objectId: plan.id, objectIndex: plan.index, datastreamId: null, bytes: 0 };
    const dir = this.objectRoot(plan.id);
    if (await exists(dir)) {
      return [
        await timeOp({ ...meta, kind: 'create-object' }, () => {
          throw new OpError('E_EXISTS', `object ${plan.id} exists at ${dir}`);
        }),
      ];
    }
    const stage = join(this.o.root, STAGING, `${process.pid}-${++this.staged}`);
    const files: I.NewContent[] = [];
    const ops: OpTiming[] = [];
    try {
      for (const ds of plan.datastreams) {
        const op = await timeOp({ ...meta, kind: 'add-datastream', datastreamId: ds.id, bytes: ds.size }, async () => {
          await mkdir(join(stage, 'v1', 'content'), { recursive: true });
          files.push({ logicalPath: ds.id, digest: await writeContent(join(stage, 'v1', 'content', ds.id), ds) });
        });
        ops.push(op);
        if (op.status === 'failed') return ops; // nothing committed: the staged files go below
      }
      const created = await timeOp({ ...meta, kind: 'create-object' }, () => this.commit(plan.id, stage, dir, files));
      ops.unshift(created);
      if (created.status === 'ok') await this.laterVersions(plan, ops);
      return ops;
    } finally {
      await rm(stage, { recursive: true, force: true });
    }
  }

  /** Version 1 of a staged object: inventories, sidecars, NAMASTE, then the rename into the hierarchy. */
  private async commit(id: string, stage: string, dir: string, files: I.NewContent[]): Promise<void> {
    await mkdir(join(stage, 'v1', 'content'), { recursive: true });
    const inv = I.firstInventory(id, files, new Date().toISOString());
    await dropUnlisted(stage, inv, 'v1', files);
    const { text, sidecar } = I.inventoryText(inv);
    await writeFile(join(stage, 'v1', I.INVENTORY), text);
    await writeFile(join(stage, 'v1', I.SIDECAR), sidecar);
    await writeFile(join(stage, I.INVENTORY), text);
    await writeFile(join(stage, I.SIDECAR), sidecar);
    await writeFile(join(stage, OBJECT_NAMASTE), 'ocfl_object_1.1\n');
    await mkdir(dirname(dir), { recursive: true });
    try {
      await rename(stage, dir);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST') throw new OpError('E_EXISTS', `object ${id} exists at ${dir}`);
      throw e;
    }
  }

  /**
   * --versions K: versions 2..K of a committed object, each a new version of one datastream (the
   * first `versioned` one, else the first), timed as an add-datastream; stops at the first failure.
   */
  private async laterVersions(plan: ObjectPlan, ops: OpTiming[]): Promise<void> {
    const ds = plan.datastreams.find((d) => d.edit !== undefined) ?? plan.datastreams[0];
    if (ds === undefined) return;
    const meta = { objectId: plan.id, objectIndex: plan.index, kind: 'add-datastream' as const };
    for (let v = 2; v <= (this.o.versions ?? 1); v++) {
      const op = await timeOp({ ...meta, datastreamId: ds.id, bytes: ds.size }, () =>
        this.update(plan, { ...ds, version: v - 1 }),
      );
      ops.push(op);
      if (op.status === 'failed') return;
    }
  }

  /** The root inventory of a stored object, or E_NOT_FOUND. */
  private async inventory(id: string): Promise<{ dir: string; inv: I.Inventory }> {
    const dir = this.objectRoot(id);
    try {
      return { dir, inv: JSON.parse(await readFile(join(dir, I.INVENTORY), 'utf8')) as I.Inventory };
    } catch (e) {
      if (isMissing(e)) throw new OpError('E_NOT_FOUND', `object ${id} not found`);
      throw e;
    }
  }

  /** The file holding a datastream at the head version, or E_NOT_FOUND. */
  private async contentFile(objectId: string, datastreamId: string): Promise<string> {
    const { dir, inv } = await this.inventory(objectId);
    const path = I.headContentPath(inv, datastreamId);
    if (path === null) throw new OpError('E_NOT_FOUND', `datastream ${objectId}/${datastreamId} not found`);
    return join(dir, path);
  }

  /** The `update` probe: the datastream's next version (carried by `ds`) as the object's next OCFL version. */
  async update(plan: ObjectPlan, ds: DatastreamPlan): Promise<void> {
    const { dir, inv } = await this.inventory(plan.id);
    const v = I.versionName(I.versionNumber(inv.head) + 1);
    await mkdir(join(dir, v, 'content'), { recursive: true });
    const files = [{ logicalPath: ds.id, digest: await writeContent(join(dir, v, 'content', ds.id), ds) }];
    I.nextVersion(inv, files, new Date().toISOString());
    await dropUnlisted(dir, inv, v, files);
    const { text, sidecar } = I.inventoryText(inv);
    await writeFile(join(dir, v, I.INVENTORY), text);
    await writeFile(join(dir, v, I.SIDECAR), sidecar);
    await replaceFile(join(dir, I.INVENTORY), text);
    await replaceFile(join(dir, I.SIDECAR), sidecar);
  }

  async *read(objectId: string, datastreamId: string): AsyncIterable<Uint8Array> {
    yield* createReadStream(await this.contentFile(objectId, datastreamId)) as AsyncIterable<Buffer>;
  }

  /** The `head` probe: the inventory read, and the content file's size. */
  async head(objectId: string, datastreamId: string): Promise<{ size: number }> {
    return { size: (await stat(await this.contentFile(objectId, datastreamId))).size };
  }

  async *readRange(
    objectId: string,
    datastreamId: string,
    range: { start: number; end: number },
  ): AsyncIterable<Uint8Array> {
    if (range.end <= range.start) return;
    const file = await this.contentFile(objectId, datastreamId);
    yield* createReadStream(file, { start: range.start, end: range.end - 1 }) as AsyncIterable<Buffer>;
  }

  /** The `list` probe: the storage-root walk, until `max` object roots are found. */
  async listFirstPage(max: number): Promise<{ entries: number }> {
    let entries = 0;
    for await (const _dir of walkObjectRoots(this.o.root)) if (++entries >= max) break;
    return { entries };
  }

  /** Every object's id, from its inventory (a hashed layout cannot be read backwards). */
  async *list(): AsyncIterable<string> {
    for await (const dir of walkObjectRoots(this.o.root)) {
      try {
        yield (JSON.parse(await readFile(join(dir, I.INVENTORY), 'utf8')) as I.Inventory).id;
      } catch (e) {
        if (!isMissing(e)) throw e; // removed while listed
      }
    }
  }

  /** Purges an object: its root and the intermediate directories it leaves empty. */
  async remove({ id }: ObjectRef): Promise<void> {
    const dir = this.objectRoot(id);
    if (!(await exists(join(dir, OBJECT_NAMASTE)))) throw new OpError('E_NOT_FOUND', `object ${id} not found`);
    await removeTree(this.o.root, dir);
  }

  /** Nothing is held open between operations; the staging directory goes when it is empty. */
  async close(): Promise<void> {
    await rmdir(join(this.o.root, STAGING)).catch(() => undefined);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (e) {
    if (isMissing(e)) return false;
    throw e;
  }
}

/**
 * Removes written content files the version does not keep (their digest was in the manifest
 * already), and the content directory when it keeps none.
 */
async function dropUnlisted(dir: string, inv: I.Inventory, v: string, files: readonly I.NewContent[]): Promise<void> {
  const kept = I.contentPathsOf(inv, v);
  for (const f of files) {
    const path = `${v}/content/${f.logicalPath}`;
    if (!kept.has(path)) await unlink(join(dir, path));
  }
  if (kept.size === 0) await rmdir(join(dir, v, 'content'));
}
