/**
 * Requests in the order they completed, from a log written nearly in that order: a min-heap on the end
 * time (then the line) holding at most WINDOW requests. A log writes a request when it ends, or when
 * its thread next writes, so any request is at most a few thousand lines from its place; the window
 * puts those back in order while memory stays flat. A request that ended before one already handed
 * on (more than WINDOW lines late) is handed on at once, and counted.
 */
import type { LogRequest } from './log-request.js';

/** Requests held back to restore completion order. */
export const WINDOW = 8192;

const before = (a: LogRequest, b: LogRequest): boolean => a.endMs < b.endMs || (a.endMs === b.endMs && a.line < b.line);

export class CompletionOrder<T extends { req: LogRequest }> {
  private readonly heap: T[] = [];
  private lastEnd = -Infinity;
  /** Requests that came later than the window could put in order. */
  late = 0;

  constructor(private readonly window = WINDOW) {}

  /** Adds one; returns the one that leaves the window, if any. */
  push(item: T): T | undefined {
    // sift up with a hole: the moves of pairwise swaps, each entry written once
    const h = this.heap;
    let i = h.length;
    h.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = h[p] as T;
      if (!before(item.req, parent.req)) break;
      h[i] = parent;
      i = p;
    }
    h[i] = item;
    return h.length > this.window ? this.pop() : undefined;
  }

  /** The earliest-ending request held, or undefined. */
  pop(): T | undefined {
    const h = this.heap;
    const top = h[0];
    if (top === undefined) return undefined;
    const last = h.pop() as T;
    const n = h.length;
    if (n > 0) {
      // sift down with a hole that holds `last`: the same comparisons as swapping it down
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        let least = last;
        if (l < n && before((h[l] as T).req, least.req)) {
          m = l;
          least = h[l] as T;
        }
        if (r < n && before((h[r] as T).req, least.req)) {
          m = r;
          least = h[r] as T;
        }
        if (m === i) break;
        h[i] = least;
        i = m;
      }
      h[i] = last;
    }
    if (top.req.endMs < this.lastEnd) this.late++;
    else this.lastEnd = top.req.endMs;
    return top;
  }
}
