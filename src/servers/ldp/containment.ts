/**
 * Where a container's child list lives: THE point of this server (docs/protocols.md §4 item 1).
 *
 * - `keyed`: one LevelDB key per child (`child|{parent}|{name}`). Adding or removing a child
 *   writes one small key whatever the container holds: insert cost is independent of the number
 *   of children.
 * - `document`: the whole child list is ONE value (`doc|{parent}`, a JSON array of names) that is
 *   read, parsed, searched, modified, serialised and rewritten on every insert and delete — what
 *   ModeShape did with a JCR node's child references, so each insert costs O(children) in CPU and
 *   in bytes written, and ingesting n children into one container costs O(n²).
 *
 * Both answer the same listing (children in name order), so the HTTP behaviour is identical; only
 * the cost differs. Nothing here waits or does work beyond the honest read-modify-write.
 */
import type { KvReader } from './kv-store.js';
import type { KvOverlay } from './kv-overlay.js';
import { childKey, childPrefix, docKey } from './ldp-keys.js';

export type Containment = 'keyed' | 'document';

export interface ContainmentStore {
  readonly mode: Containment;
  add(kv: KvOverlay, parent: string, name: string): Promise<void>;
  remove(kv: KvOverlay, parent: string, name: string): Promise<void>;
  /** Drops the whole list of a container that is being deleted. */
  clear(kv: KvOverlay, parent: string): Promise<void>;
  /** Child names (encoded segments) in name order. */
  list(kv: KvReader, parent: string): Promise<string[]>;
}

const EMPTY = Buffer.alloc(0);

class KeyedContainment implements ContainmentStore {
  readonly mode = 'keyed' as const;

  async add(kv: KvOverlay, parent: string, name: string): Promise<void> {
    kv.put(childKey(parent, name), EMPTY);
  }

  async remove(kv: KvOverlay, parent: string, name: string): Promise<void> {
    kv.del(childKey(parent, name));
  }

  async clear(kv: KvOverlay, parent: string): Promise<void> {
    for (const k of await kv.keys(childPrefix(parent))) kv.del(k);
  }

  async list(kv: KvReader, parent: string): Promise<string[]> {
    const prefix = childPrefix(parent);
    return (await kv.keys(prefix)).map((k) => k.slice(prefix.length));
  }
}

class DocumentContainment implements ContainmentStore {
  readonly mode = 'document' as const;

  private async read(kv: KvReader, parent: string): Promise<string[]> {
    const buf = await kv.get(docKey(parent));
    return buf === undefined ? [] : (JSON.parse(buf.toString('utf8')) as string[]);
  }

  private write(kv: KvOverlay, parent: string, names: string[]): void {
    if (names.length === 0) kv.del(docKey(parent));
    else kv.put(docKey(parent), Buffer.from(JSON.stringify(names), 'utf8'));
  }

  async add(kv: KvOverlay, parent: string, name: string): Promise<void> {
    const names = await this.read(kv, parent);
    if (!names.includes(name)) names.push(name);
    this.write(kv, parent, names);
  }

  async remove(kv: KvOverlay, parent: string, name: string): Promise<void> {
    const names = await this.read(kv, parent);
    this.write(
      kv,
      parent,
      names.filter((n) => n !== name),
    );
  }

  async clear(kv: KvOverlay, parent: string): Promise<void> {
    kv.del(docKey(parent));
  }

  async list(kv: KvReader, parent: string): Promise<string[]> {
    return (await this.read(kv, parent)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
}

export function containmentStore(mode: Containment): ContainmentStore {
  return mode === 'document' ? new DocumentContainment() : new KeyedContainment();
}
