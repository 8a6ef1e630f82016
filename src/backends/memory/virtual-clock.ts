/**
 * The memory backend's virtual clock (docs/backends.md, "memory: the virtual clock"): a
 * deterministic discrete-event clock. A `sleep` puts a timer in a heap ordered by its deadline (ties
 * in the order they were set) and takes no host time. Once the process has nothing else to do for
 * the moment (a setImmediate callback runs only after every pending promise continuation has), the
 * clock jumps to the earliest deadline and wakes that one timer; whatever the woken code does
 * (settle an operation, start the next one, set new timers) runs before the next jump. The time read
 * between two jumps is the last deadline, so a run whose waits are all on this clock gets the same
 * batch times on any host, busy or quiet, every time.
 *
 * The rules this asks of the code it times: every wait is a `sleep` of this clock (a host timer or
 * an I/O callback in between is not waited for: virtual time may jump past it), and nothing that
 * decides the order of events reads the host's time.
 */
import type { Clock } from '../../model/clock.js';

interface Timer {
  at: bigint;
  seq: number;
  wake: () => void;
}

const before = (a: Timer, b: Timer): boolean => a.at < b.at || (a.at === b.at && a.seq < b.seq);

export class VirtualClock implements Clock {
  private now = 0n;
  private seq = 0;
  private readonly heap: Timer[] = [];
  private jumpSet = false;

  nowNs(): bigint {
    return this.now;
  }

  /** Resolves when the clock reaches now + ms (ms rounded to the nanosecond). */
  sleep(ms: number): Promise<void> {
    if (!(ms > 0)) return Promise.resolve();
    return new Promise((wake) => {
      this.push({ at: this.now + BigInt(Math.round(ms * 1e6)), seq: this.seq++, wake });
      this.setJump();
    });
  }

  /** Timers waiting (for tests and for a run's sanity: 0 once a run has ended). */
  get pending(): number {
    return this.heap.length;
  }

  private setJump(): void {
    if (this.jumpSet) return;
    this.jumpSet = true;
    setImmediate(() => this.jump());
  }

  private jump(): void {
    this.jumpSet = false;
    const t = this.pop();
    if (t === undefined) return;
    if (t.at > this.now) this.now = t.at;
    t.wake();
    if (this.heap.length > 0) this.setJump();
  }

  private push(t: Timer): void {
    const h = this.heap;
    h.push(t);
    for (let i = h.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before(h[i] as Timer, h[parent] as Timer)) break;
      [h[i], h[parent]] = [h[parent] as Timer, h[i] as Timer];
      i = parent;
    }
  }

  private pop(): Timer | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length === 0 || last === undefined) return top;
    h[0] = last;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && before(h[l] as Timer, h[m] as Timer)) m = l;
      if (r < h.length && before(h[r] as Timer, h[m] as Timer)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m] as Timer, h[i] as Timer];
      i = m;
    }
    return top;
  }
}
