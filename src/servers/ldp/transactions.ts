/**
 * Fedora 6 transactions (docs/protocols.md §2.7, §5.22). Isolation provided: a transaction reads
 * its own writes over the committed store (read committed for everything it has not touched; a
 * container's child list it has changed is the one it saw then, plus its own changes). Nothing it
 * writes is visible to other requests until commit, which replays its mutation log as ONE atomic
 * LevelDB batch against the current store (so children others added meanwhile are kept). Binary
 * bodies uploaded inside it are written to fresh blobs at once (memory stays bounded) but nothing
 * points at them until commit; rollback and expiry drop them. Paths it writes are locked (see
 * tx-locks.ts), so a competing write gets 409 and commit itself cannot conflict.
 *
 * Expiry (default 3 minutes, refreshed by POST) is checked lazily whenever the transaction or one
 * of its locks is looked at: no timers.
 */
import { randomUUID } from 'node:crypto';
import { KvOverlay } from './kv-overlay.js';
import { LockTable } from './tx-locks.js';
import type { Mutation } from './mutations.js';
import type { Repository } from './repository.js';

export const DEFAULT_TX_TIMEOUT_MS = 180_000;
const CLOSED_MEMORY = 10_000;

export type TxState = 'open' | 'committed' | 'rolled back' | 'expired';

export interface Transaction {
  readonly id: string;
  state: TxState;
  expiresAt: number;
  readonly overlay: KvOverlay;
  readonly log: Mutation[];
  /** Blobs uploaded inside the transaction: dropped on rollback or expiry. */
  readonly newBlobs: Set<string>;
}

export class TxManager {
  private readonly open = new Map<string, Transaction>();
  private readonly closed = new Map<string, TxState>();
  private readonly cleanups = new Set<Promise<void>>();
  readonly locks = new LockTable((id) => this.isLive(id));

  constructor(
    private readonly repo: Repository,
    readonly timeoutMs = DEFAULT_TX_TIMEOUT_MS,
  ) {}

  create(): Transaction {
    for (const tx of [...this.open.values()]) this.expireIfDue(tx);
    const tx: Transaction = {
      id: randomUUID(),
      state: 'open',
      expiresAt: Date.now() + this.timeoutMs,
      overlay: new KvOverlay(this.repo.kv),
      log: [],
      newBlobs: new Set(),
    };
    this.open.set(tx.id, tx);
    return tx;
  }

  /** The open transaction, or its final state, or 'unknown'. Expires it first when due. */
  find(id: string): Transaction | TxState | 'unknown' {
    const tx = this.open.get(id);
    if (tx !== undefined) {
      this.expireIfDue(tx);
      if (tx.state === 'open') return tx;
    }
    return this.closed.get(id) ?? 'unknown';
  }

  isLive(id: string): boolean {
    const tx = this.open.get(id);
    if (tx === undefined) return false;
    this.expireIfDue(tx);
    return tx.state === 'open';
  }

  refresh(tx: Transaction): void {
    tx.expiresAt = Date.now() + this.timeoutMs;
  }

  /** Applies the log atomically. The caller holds the repository's write mutex. */
  async commit(tx: Transaction): Promise<void> {
    await this.repo.commit(tx.log);
    this.close(tx, 'committed');
  }

  rollback(tx: Transaction, state: 'rolled back' | 'expired' = 'rolled back'): void {
    const blobs = [...tx.newBlobs];
    this.close(tx, state);
    if (blobs.length === 0) return;
    const p = (async () => {
      for (const b of blobs) await this.repo.blobs.drop(b).catch(() => undefined);
    })();
    this.cleanups.add(p);
    void p.finally(() => this.cleanups.delete(p));
  }

  /** Rolls back every open transaction (the server is closing: nothing uncommitted survives). */
  rollbackAll(): void {
    for (const tx of [...this.open.values()]) this.rollback(tx);
  }

  /** Waits for blob clean-ups of rolled back or expired transactions (before the store closes). */
  async settle(): Promise<void> {
    await Promise.all([...this.cleanups]);
  }

  private expireIfDue(tx: Transaction): void {
    if (tx.state === 'open' && Date.now() >= tx.expiresAt) this.rollback(tx, 'expired');
  }

  private close(tx: Transaction, state: Exclude<TxState, 'open'>): void {
    tx.state = state;
    this.open.delete(tx.id);
    this.locks.release(tx.id);
    this.closed.set(tx.id, state);
    if (this.closed.size > CLOSED_MEMORY) {
      const oldest = this.closed.keys().next().value;
      if (oldest !== undefined) this.closed.delete(oldest);
    }
  }
}
