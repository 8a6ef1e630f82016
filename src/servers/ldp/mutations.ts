/**
 * The logical changes a request makes. A handler validates against a view and returns a list of
 * mutations; applyMutations() turns them into key writes on an overlay. Plain requests apply them
 * to a fresh overlay on the committed store and flush it as one batch; a transaction applies them
 * to its own overlay (so it reads its writes) and replays the same list on a fresh overlay at
 * commit, so containment changes merge with whatever other requests added meanwhile instead of
 * overwriting a stale child list.
 */
import type { ContainmentStore } from './containment.js';
import type { KvOverlay } from './kv-overlay.js';
import { rdfKey, resourceKey, tombKey } from './ldp-keys.js';
import { decodeRecord, encodeJson, nextModified, type ResourceRecord, type TombstoneRecord } from './ldp-records.js';

export type Mutation =
  /** Writes a resource record; rdf: Buffer sets the stored RDF body, null removes it, absent keeps it. */
  | { op: 'put'; path: string; record: ResourceRecord; rdf?: Buffer | null }
  /** Removes a resource record, its RDF body and (for a container) its child list. */
  | { op: 'remove'; path: string; container: boolean }
  | { op: 'link'; parent: string; name: string }
  | { op: 'unlink'; parent: string; name: string }
  /** Moves a container's last-modified forward because its children changed (read at apply time). */
  | { op: 'touch'; path: string; at: number }
  | { op: 'tomb'; path: string; at: number }
  | { op: 'untomb'; path: string }
  /** A binary body no longer referenced once this change is durable: removed after the flush. */
  | { op: 'dropBlob'; blob: string };

export interface Applied {
  droppedBlobs: string[];
}

export async function applyMutations(
  kv: KvOverlay,
  containment: ContainmentStore,
  muts: readonly Mutation[],
): Promise<Applied> {
  const droppedBlobs: string[] = [];
  for (const m of muts) {
    switch (m.op) {
      case 'put':
        kv.put(resourceKey(m.path), encodeJson(m.record));
        if (m.rdf === null) kv.del(rdfKey(m.path));
        else if (m.rdf !== undefined) kv.put(rdfKey(m.path), m.rdf);
        break;
      case 'remove':
        kv.del(resourceKey(m.path));
        kv.del(rdfKey(m.path));
        if (m.container) await containment.clear(kv, m.path);
        break;
      case 'link':
        await containment.add(kv, m.parent, m.name);
        break;
      case 'unlink':
        await containment.remove(kv, m.parent, m.name);
        break;
      case 'touch': {
        const buf = await kv.get(resourceKey(m.path));
        if (buf === undefined) break;
        const r = decodeRecord(buf);
        r.modified = nextModified(r.modified, m.at);
        kv.put(resourceKey(m.path), encodeJson(r));
        break;
      }
      case 'tomb': {
        const t: TombstoneRecord = { deleted: m.at };
        kv.put(tombKey(m.path), encodeJson(t));
        break;
      }
      case 'untomb':
        kv.del(tombKey(m.path));
        break;
      case 'dropBlob':
        droppedBlobs.push(m.blob);
        break;
    }
  }
  return { droppedBlobs };
}
