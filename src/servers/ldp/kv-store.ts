/**
 * The LevelDB store under the LDP reference server, with counters of what reaches the disk. Every
 * write goes through write() (one atomic batch) so the counters are exact: the containment test
 * reads them to show that document containment rewrites O(children) bytes per insert and keyed
 * containment does not, without timing anything.
 */
import { mkdirSync } from 'node:fs';
import { ClassicLevel } from 'classic-level';
import { RunFailedError } from '../../errors.js';
import { prefixEnd } from './ldp-keys.js';

export interface KvStats {
  /** Key plus value bytes of every put, key bytes of every delete, since the server started. */
  bytesWritten: number;
  puts: number;
  dels: number;
  /** Value bytes returned by point reads, and key bytes returned by prefix scans. */
  bytesRead: number;
  gets: number;
}

export type KvOp = { type: 'put'; key: string; value: Buffer } | { type: 'del'; key: string };

/** What a view of the data can answer: the committed store, or a transaction's overlay on it. */
export interface KvReader {
  get(key: string): Promise<Buffer | undefined>;
  /** Every key starting with `prefix`, in key order. */
  keys(prefix: string): Promise<string[]>;
}

type Db = ClassicLevel<string, Buffer>;
export type Snapshot = ReturnType<Db['snapshot']>;

export class KvStore implements KvReader {
  readonly stats: KvStats = { bytesWritten: 0, puts: 0, dels: 0, bytesRead: 0, gets: 0 };

  private constructor(private readonly db: Db) {}

  static async open(dataDir: string): Promise<KvStore> {
    try {
      mkdirSync(dataDir, { recursive: true });
      const db: Db = new ClassicLevel<string, Buffer>(dataDir, { keyEncoding: 'utf8', valueEncoding: 'buffer' });
      await db.open();
      return new KvStore(db);
    } catch (e) {
      throw new RunFailedError('E_TARGET', `cannot open the LevelDB store in ${dataDir}: ${(e as Error).message}`, {
        hint: 'the data directory must be writable and not in use by another server',
        cause: e,
      });
    }
  }

  /**
   * A point read. LevelDB answers these from its caches in microseconds, so they run synchronously
   * (getSync) instead of paying a thread-pool round trip each.
   */
  async get(key: string, snapshot?: Snapshot): Promise<Buffer | undefined> {
    const v = snapshot === undefined ? this.db.getSync(key) : this.db.getSync(key, { snapshot });
    this.stats.gets++;
    if (v !== undefined) this.stats.bytesRead += v.length;
    return v;
  }

  async keys(prefix: string): Promise<string[]> {
    const out: string[] = [];
    for await (const k of this.db.keys({ gte: prefix, lt: prefixEnd(prefix) })) {
      out.push(k);
      this.stats.bytesRead += k.length;
    }
    return out;
  }

  /** Values of keys in [gte, lt), in key order, read from `snapshot` when given. */
  async *values(gte: string, lt: string, snapshot?: Snapshot): AsyncGenerator<Buffer> {
    const it = this.db.values(snapshot === undefined ? { gte, lt } : { gte, lt, snapshot });
    try {
      for await (const v of it) yield v;
    } finally {
      await it.close();
    }
  }

  /** Applies the operations as one atomic LevelDB batch. */
  async write(ops: readonly KvOp[]): Promise<void> {
    if (ops.length === 0) return;
    await this.db.batch(
      ops.map((o) =>
        o.type === 'put' ? { type: 'put' as const, key: o.key, value: o.value } : { type: 'del' as const, key: o.key },
      ),
    );
    for (const o of ops) {
      if (o.type === 'put') {
        this.stats.puts++;
        this.stats.bytesWritten += Buffer.byteLength(o.key) + o.value.length;
      } else {
        this.stats.dels++;
        this.stats.bytesWritten += Buffer.byteLength(o.key);
      }
    }
  }

  /** Removes every key starting with `prefix` (a range delete; not atomic with other writes). */
  async clearPrefix(prefix: string): Promise<void> {
    await this.db.clear({ gte: prefix, lt: prefixEnd(prefix) });
  }

  snapshot(): Snapshot {
    return this.db.snapshot();
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
