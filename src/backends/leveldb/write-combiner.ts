/**
 * Group commit above the native binding: writes queued while one is in flight, or while the main
 * thread is still busy, go together as the next single batch() (one of 64 KiB or more goes at
 * once), each caller resolved when its own operations are written. LevelDB groups concurrent writers internally too, but every native call
 * is a thread-pool round trip (a pool thread woken, then the event loop), about 60 µs of CPU on
 * each side on the 2-core benchmark machine whether it carries one write or twelve, which was the
 * backend's limit.
 *
 * Each caller's operations stay atomic (they are never split across two writes), and writes reach
 * the store in the order they were asked for: one native write at a time, groups in arrival order.
 * A write may depend on an earlier one (a datastream on its object record): if that one failed,
 * the dependent write is refused without being written, so nothing is stored under an object
 * whose record is not.
 */
import type { ClassicLevel } from 'classic-level';

/** Queued bytes that make a batch worth writing without waiting for more. */
const FULL_BATCH_BYTES = 64 * 1024;

export type PutOp = { type: 'put'; key: string; value: Buffer };

/** A queued write: `done` settles when its operations are in the store (or were refused). */
export interface Write {
  readonly done: Promise<void>;
}

class Pending implements Write {
  readonly done: Promise<void>;
  failure: unknown = null;
  resolve!: () => void;
  reject!: (e: unknown) => void;

  constructor(
    readonly ops: PutOp[],
    readonly after: Pending | null,
  ) {
    this.done = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  fail(e: unknown): void {
    this.failure = e ?? new Error('write failed');
    this.reject(e);
  }
}

export class WriteCombiner {
  private queue: Pending[] = [];
  private queuedBytes = 0;
  private inFlight = false;
  private scheduled = false;
  private readonly flushLater = (): void => {
    this.scheduled = false;
    if (!this.inFlight) this.flush();
  };

  constructor(private readonly db: ClassicLevel<string, Buffer>) {}

  /** Queues ops as one atomic write; `after` (a write queued earlier) must have succeeded first. */
  write(ops: PutOp[], after: Write | null = null): Write {
    const w = new Pending(ops, after as Pending | null);
    this.queue.push(w);
    for (const op of ops) this.queuedBytes += op.value.length;
    if (!this.inFlight) this.flushOrSchedule();
    return w;
  }

  private flush(): void {
    if (this.queue.length === 0) return;
    const group: Pending[] = [];
    for (const w of this.queue) {
      // the write it depends on was in an earlier group, already settled (one write at a time)
      if (w.after?.failure) w.fail(w.after.failure);
      else group.push(w);
    }
    this.queue = [];
    this.queuedBytes = 0;
    if (group.length === 0) return;
    this.inFlight = true;
    const ops = group.length === 1 ? (group[0] as Pending).ops : group.flatMap((w) => w.ops);
    this.db.batch(ops).then(
      () => this.settle(group, null),
      (e: unknown) => this.settle(group, e ?? new Error('write failed')),
    );
  }

  /**
   * Flushes once the main thread has run what it has to run (setImmediate: after the current
   * callbacks and their microtasks, before the next wait for I/O), so that every write queued
   * meanwhile goes in the same batch().
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.flushLater);
  }

  /** A full batch goes at once: waiting would only add the time spent generating the next ones. */
  private flushOrSchedule(): void {
    if (this.queuedBytes >= FULL_BATCH_BYTES) this.flush();
    else this.schedule();
  }

  private settle(group: readonly Pending[], error: unknown): void {
    for (const w of group) {
      if (error === null) w.resolve();
      else w.fail(error);
    }
    this.inFlight = false;
    // the callers just resolved queue their next writes in the microtasks that follow: let them join
    this.flushOrSchedule();
  }
}
