/**
 * One batch at a time across a compare's targets, in the schedule's order (abba.ts). Each target's
 * run drives its own engine; before a batch starts the engine awaits `turn(target, batch)`, which
 * resolves when every earlier turn of the schedule has been `done`. `open()` (a target failed, or
 * the compare was stopped) releases every waiter at once so that no engine waits for ever; the
 * engines then see their abort signal and end.
 */
import { schedule } from './abba.js';

export class Turnstile {
  private readonly order: { batch: number; target: number }[];
  private next = 0;
  private opened = false;
  private readonly waiting = new Map<string, () => void>();

  constructor(batches: number, targets: number) {
    this.order = schedule(batches, targets);
  }

  private key = (target: number, batch: number): string => `${target}:${batch}`;

  private isDue(target: number, batch: number): boolean {
    const due = this.order[this.next];
    return this.opened || (due !== undefined && due.target === target && due.batch === batch);
  }

  /** Resolves when `target` may start its 1-based `batch`. */
  turn(target: number, batch: number): Promise<void> {
    if (this.isDue(target, batch)) return Promise.resolve();
    return new Promise((resolve) => this.waiting.set(this.key(target, batch), resolve));
  }

  /** `target` finished `batch` (recorded): the next turn of the schedule may start. */
  done(target: number, batch: number): void {
    const due = this.order[this.next];
    if (due === undefined || due.target !== target || due.batch !== batch) return;
    this.next++;
    const now = this.order[this.next];
    if (now === undefined) return;
    const wake = this.waiting.get(this.key(now.target, now.batch));
    if (wake) {
      this.waiting.delete(this.key(now.target, now.batch));
      wake();
    }
  }

  /** Releases every waiter and every later turn (a target failed or the compare stops). */
  open(): void {
    this.opened = true;
    for (const wake of this.waiting.values()) wake();
    this.waiting.clear();
  }
}
