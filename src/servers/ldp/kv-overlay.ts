/**
 * Pending writes layered over a reader: reads see the pending values first, then the base. A plain
 * request builds one over the committed store, applies its mutations and flushes the result as one
 * atomic batch; a transaction keeps one for its whole life, so its own writes are visible to it and
 * to nobody else until commit.
 */
import type { KvOp, KvReader } from './kv-store.js';

export class KvOverlay implements KvReader {
  private readonly pending = new Map<string, Buffer | null>();

  constructor(private readonly base: KvReader) {}

  async get(key: string): Promise<Buffer | undefined> {
    if (this.pending.has(key)) return this.pending.get(key) ?? undefined;
    return this.base.get(key);
  }

  /** True when this overlay itself holds a value (or a deletion) for the key. */
  holds(key: string): boolean {
    return this.pending.has(key);
  }

  async keys(prefix: string): Promise<string[]> {
    const found = new Set(await this.base.keys(prefix));
    for (const [k, v] of this.pending) {
      if (!k.startsWith(prefix)) continue;
      if (v === null) found.delete(k);
      else found.add(k);
    }
    return [...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  put(key: string, value: Buffer): void {
    this.pending.set(key, value);
  }

  del(key: string): void {
    this.pending.set(key, null);
  }

  ops(): KvOp[] {
    const out: KvOp[] = [];
    for (const [key, value] of this.pending)
      out.push(value === null ? { type: 'del', key } : { type: 'put', key, value });
    return out;
  }
}
