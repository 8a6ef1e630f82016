/**
 * Resource locks held by open transactions (Fedora 6 locks what a transaction writes; a second
 * writer gets 409, docs/protocols.md §2.7). A transaction locks every path it creates, replaces or
 * purges, and a deleted path as a whole tree. Another writer — another transaction or a plain
 * request — conflicts when it touches a locked path, writes below a tree lock, or deletes a tree
 * that holds someone else's lock. Locks of an expired transaction are released lazily, when found.
 */
import { ancestorsOf, isBelow } from './ldp-path.js';

export interface LockTarget {
  path: string;
  /** The whole subtree (a delete), not just the one path. */
  tree: boolean;
}

interface Held {
  owner: string;
  tree: boolean;
}

export class LockTable {
  private readonly held = new Map<string, Held>();
  private readonly byOwner = new Map<string, Set<string>>();

  /** isLive(owner) may release that owner's locks (lazy expiry) before answering false. */
  constructor(private readonly isLive: (owner: string) => boolean) {}

  private foreign(h: Held | undefined, owner: string | undefined): boolean {
    return h !== undefined && h.owner !== owner && this.isLive(h.owner);
  }

  /** The first target another live owner's lock blocks, or undefined. */
  conflict(owner: string | undefined, targets: readonly LockTarget[]): string | undefined {
    for (const t of targets) {
      if (this.foreign(this.held.get(t.path), owner)) return t.path;
      for (const a of ancestorsOf(t.path)) {
        const h = this.held.get(a);
        if (h?.tree && this.foreign(h, owner)) return t.path;
      }
      if (t.tree) {
        for (const [p, h] of this.held) if (isBelow(p, t.path) && this.foreign(h, owner)) return t.path;
      }
    }
    return undefined;
  }

  /** True when another live owner holds a lock exactly at this path (a POST Slug must not take it). */
  heldByOther(owner: string | undefined, path: string): boolean {
    return this.foreign(this.held.get(path), owner);
  }

  acquire(owner: string, targets: readonly LockTarget[]): void {
    let mine = this.byOwner.get(owner);
    if (mine === undefined) this.byOwner.set(owner, (mine = new Set()));
    for (const t of targets) {
      const h = this.held.get(t.path);
      this.held.set(t.path, { owner, tree: t.tree || (h?.owner === owner && h.tree) });
      mine.add(t.path);
    }
  }

  release(owner: string): void {
    for (const p of this.byOwner.get(owner) ?? []) if (this.held.get(p)?.owner === owner) this.held.delete(p);
    this.byOwner.delete(owner);
  }

  get size(): number {
    return this.held.size;
  }
}
