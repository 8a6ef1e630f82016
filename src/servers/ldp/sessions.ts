/**
 * Who a request acts as — the committed store, or an open transaction named by `Atomic-ID`
 * (docs/protocols.md §2.7: a full transaction URI or a bare id; anything invalid, unknown, closed or
 * expired → 409) — and the one door every write goes through: validate against the session's view,
 * check locks, then apply, all under a single write mutex so read-modify-write sequences (above all
 * the document containment's child lists) never interleave.
 */
import { KeyedMutex } from '../common/keyed-mutex.js';
import { HttpError } from '../common/http-error.js';
import type { KvReader } from './kv-store.js';
import { applyMutations, type Mutation } from './mutations.js';
import type { Repository } from './repository.js';
import type { LockTarget } from './tx-locks.js';
import type { Transaction, TxManager } from './transactions.js';

export interface Session {
  tx?: Transaction;
  /** The transaction URI echoed as the Atomic-ID response header. */
  txUri?: string;
}

export interface WritePlan<T> {
  muts: Mutation[];
  locks: LockTarget[];
  result: T;
}

const conflict = (message: string): HttpError => new HttpError(409, message);

export function txUri(base: string, id: string): string {
  return `${base}/fcr:tx/${id}`;
}

/** Resolves the Atomic-ID header against the transactions base `{base}/fcr:tx/`. */
export function resolveSession(header: string | undefined, base: string, txm: TxManager): Session {
  if (header === undefined) return {};
  const value = header.trim();
  const prefix = `${base}/fcr:tx/`;
  const id = value.startsWith(prefix) ? value.slice(prefix.length) : value;
  if (!/^[0-9a-f-]+$/.test(id)) throw conflict(`Invalid transaction id in Atomic-ID: ${value}`);
  const found = txm.find(id);
  if (typeof found === 'string')
    throw conflict(found === 'unknown' ? `Transaction ${id} does not exist` : `Transaction ${id} is ${found}`);
  return { tx: found, txUri: txUri(base, id) };
}

export class Writer {
  private readonly mutex = new KeyedMutex();

  constructor(
    readonly repo: Repository,
    readonly txm: TxManager,
  ) {}

  view(session: Session): KvReader {
    return session.tx?.overlay ?? this.repo.kv;
  }

  /** Runs fn with the write mutex held (transaction commit and rollback use it too). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.mutex.run('repository', fn);
  }

  /**
   * Validates and applies one request's change. `newBlob` (already uploaded) is dropped when the
   * change fails, and handed to the transaction (dropped on rollback) when it succeeds inside one.
   */
  async write<T>(session: Session, plan: (view: KvReader) => Promise<WritePlan<T>>, newBlob?: string): Promise<T> {
    try {
      return await this.exclusive(async () => {
        const tx = session.tx;
        if (tx !== undefined && !this.txm.isLive(tx.id)) throw conflict(`Transaction ${tx.id} is ${tx.state}`);
        const p = await plan(this.view(session));
        const blocked = this.txm.locks.conflict(tx?.id, p.locks);
        if (blocked !== undefined)
          throw conflict(`Conflict: ${blocked === '' ? 'the root' : `/${blocked}`} is locked by a transaction`);
        if (tx === undefined) {
          await this.repo.commit(p.muts);
        } else {
          this.txm.locks.acquire(tx.id, p.locks);
          await applyMutations(tx.overlay, this.repo.containment, p.muts);
          tx.log.push(...p.muts);
          if (newBlob !== undefined) tx.newBlobs.add(newBlob);
        }
        return p.result;
      });
    } catch (e) {
      if (newBlob !== undefined) await this.repo.blobs.drop(newBlob).catch(() => undefined);
      throw e;
    }
  }
}
