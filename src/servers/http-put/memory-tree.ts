/**
 * The reference PUT store's contents: a tree of collections and resources held in memory, with the
 * semantics a WebDAV-style PUT store gives them (nginx dav_methods with create_full_put_path):
 * a PUT creates missing parent collections, MKCOL needs its parent, DELETE of a collection removes
 * everything under it. Paths are normalised absolute paths without a trailing slash ('' is the root).
 */

export type PutOutcome = 'created' | 'replaced' | 'is-collection' | 'parent-is-resource';
export type MkcolOutcome = 'created' | 'exists' | 'no-parent';

export function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

export class MemoryTree {
  private readonly resources = new Map<string, Buffer>();
  private readonly collections = new Set<string>(['']);

  /** Resources stored now (what the cost model counts). */
  get resourceCount(): number {
    return this.resources.size;
  }

  isCollection(path: string): boolean {
    return this.collections.has(path);
  }

  get(path: string): Buffer | undefined {
    return this.resources.get(path);
  }

  put(path: string, body: Buffer): PutOutcome {
    if (this.collections.has(path)) return 'is-collection';
    const missing: string[] = [];
    for (let p = parentOf(path); !this.collections.has(p); p = parentOf(p)) {
      if (this.resources.has(p)) return 'parent-is-resource';
      missing.push(p);
    }
    for (const p of missing) this.collections.add(p);
    const replaced = this.resources.has(path);
    this.resources.set(path, body);
    return replaced ? 'replaced' : 'created';
  }

  mkcol(path: string): MkcolOutcome {
    if (this.collections.has(path) || this.resources.has(path)) return 'exists';
    if (!this.collections.has(parentOf(path))) return 'no-parent';
    this.collections.add(path);
    return 'created';
  }

  /** Removes a resource, or a collection with everything under it; false when nothing is there. */
  delete(path: string): boolean {
    if (this.resources.delete(path)) return true;
    if (path === '' || !this.collections.has(path)) return false;
    const prefix = `${path}/`;
    for (const k of [...this.resources.keys()]) if (k.startsWith(prefix)) this.resources.delete(k);
    for (const k of [...this.collections]) if (k === path || k.startsWith(prefix)) this.collections.delete(k);
    return true;
  }

  /** Names of a collection's direct members (collections end in '/'), sorted. */
  list(path: string): string[] {
    const prefix = `${path}/`;
    const out = new Set<string>();
    const add = (k: string, suffix: string): void => {
      if (k.startsWith(prefix) && k.length > prefix.length && !k.slice(prefix.length).includes('/'))
        out.add(k.slice(prefix.length) + suffix);
    };
    for (const k of this.resources.keys()) add(k, '');
    for (const k of this.collections) add(k, '/');
    return [...out].sort();
  }
}
