/**
 * Reads of the resource tree through a view (the committed store, or a transaction's overlay on
 * it), and the commit of a mutation list to the store. Lookups follow Fedora 6 (§2.5): a path at
 * or below a tombstone is gone, not missing.
 */
import { containmentStore, type Containment, type ContainmentStore } from './containment.js';
import { BlobStore } from './blob-store.js';
import { KvOverlay } from './kv-overlay.js';
import type { KvReader, KvStore } from './kv-store.js';
import { TOMB_PREFIX, rdfKey, resourceKey, tombKey } from './ldp-keys.js';
import { ancestorsOf, childPath } from './ldp-path.js';
import { decodeRecord, type ResourceRecord } from './ldp-records.js';
import { applyMutations, type Mutation } from './mutations.js';

export type Lookup =
  | { state: 'found'; path: string; record: ResourceRecord }
  /** `tombstone` is the deleted path at or above the requested one. */
  | { state: 'gone'; path: string; tombstone: string }
  | { state: 'missing'; path: string };

export class Repository {
  readonly containment: ContainmentStore;
  readonly blobs: BlobStore;

  constructor(
    readonly kv: KvStore,
    mode: Containment,
    chunkSize?: number,
  ) {
    this.containment = containmentStore(mode);
    this.blobs = new BlobStore(kv, chunkSize);
  }

  async record(view: KvReader, path: string): Promise<ResourceRecord | undefined> {
    const buf = await view.get(resourceKey(path));
    return buf === undefined ? undefined : decodeRecord(buf);
  }

  async hasTombstone(view: KvReader, path: string): Promise<boolean> {
    return (await view.get(tombKey(path))) !== undefined;
  }

  async lookup(view: KvReader, path: string): Promise<Lookup> {
    const record = await this.record(view, path);
    if (record !== undefined) return { state: 'found', path, record };
    for (const p of [path, ...ancestorsOf(path)]) {
      if (await this.hasTombstone(view, p)) return { state: 'gone', path, tombstone: p };
      if (p !== path && (await this.record(view, p)) !== undefined) break;
    }
    return { state: 'missing', path };
  }

  /** True when a new resource may not take this path (a resource or a tombstone is there). */
  async isTaken(view: KvReader, path: string): Promise<boolean> {
    return (await view.get(resourceKey(path))) !== undefined || (await this.hasTombstone(view, path));
  }

  async rdf(view: KvReader, path: string): Promise<Buffer | undefined> {
    return view.get(rdfKey(path));
  }

  /** Child paths of a container, in name order. */
  async children(view: KvReader, path: string): Promise<string[]> {
    return (await this.containment.list(view, path)).map((n) => childPath(path, n));
  }

  /** The resource and everything below it, parents before children. */
  async subtree(
    view: KvReader,
    path: string,
    record: ResourceRecord,
  ): Promise<Array<{ path: string; record: ResourceRecord }>> {
    const out = [{ path, record }];
    for (let i = 0; i < out.length; i++) {
      const node = out[i];
      if (node === undefined || node.record.kind !== 'container') continue;
      for (const c of await this.children(view, node.path)) {
        const r = await this.record(view, c);
        if (r !== undefined) out.push({ path: c, record: r });
      }
    }
    return out;
  }

  /** Tombstones strictly below a path (subsumed when the path itself is deleted). */
  async tombstonesBelow(view: KvReader, path: string): Promise<string[]> {
    const prefix = path === '' ? TOMB_PREFIX : `${TOMB_PREFIX}${path}/`;
    return (await view.keys(prefix)).map((k) => k.slice(TOMB_PREFIX.length)).filter((p) => p !== '');
  }

  /** Applies mutations to the committed store in one atomic batch, then drops released blobs. */
  async commit(muts: readonly Mutation[]): Promise<void> {
    const overlay = new KvOverlay(this.kv);
    const { droppedBlobs } = await applyMutations(overlay, this.containment, muts);
    await this.kv.write(overlay.ops());
    for (const b of droppedBlobs) await this.blobs.drop(b);
  }
}
