/**
 * The clock bracket of a shard against its store, from the HTTP `Date` headers of the store's
 * responses. A Date header names the second in which the server made the response (RFC 9110
 * §6.6.1), so the store's clock then read some s ∈ [D, D + 1000) ms; it made the response between
 * the request's start and the response's end on the shard's clock, t ∈ [start, end]. The offset
 * store − shard = s − t therefore lies in [D − end, D + 1000 − start]. Every response bounds it;
 * the bracket is the intersection of all of them (NTP's on-wire reasoning with a 1 s resolution,
 * narrowed by the responses that land just after a second boundary).
 */

/** The offset bounds one response gives (ms; all on the shard's wall time base). */
export function responseBounds(startMs: number, endMs: number, dateMs: number): { lo: number; hi: number } {
  return { lo: dateMs - endMs, hi: dateMs + 1000 - startMs };
}

/** Intersects the bounds of every response seen; constant memory. */
export class ClockBracket {
  lo = -Infinity;
  hi = Infinity;
  samples = 0;
  /** Responses whose bounds did not meet the bracket so far (a store clock that jumped): kept out. */
  inconsistent = 0;

  add(startMs: number, endMs: number, dateHeader: string): void {
    const date = Date.parse(dateHeader);
    if (!Number.isFinite(date) || endMs < startMs) return;
    const b = responseBounds(startMs, endMs, date);
    const lo = Math.max(this.lo, b.lo);
    const hi = Math.min(this.hi, b.hi);
    if (lo > hi) {
      this.inconsistent++;
      return;
    }
    this.lo = lo;
    this.hi = hi;
    this.samples++;
  }

  /** As recorded: null bounds when no response carried a Date. */
  get record(): { loMs: number | null; hiMs: number | null; samples: number } {
    return this.samples === 0
      ? { loMs: null, hiMs: null, samples: 0 }
      : { loMs: this.lo, hiMs: this.hi, samples: this.samples };
  }
}
