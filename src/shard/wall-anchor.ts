/**
 * A shard's time base: the wall clock read once, then the monotonic clock. Every time a shard
 * records is `anchor + (monotonic now − monotonic at the anchor)`, so a wall clock stepped by NTP
 * during the run moves nothing; the wall clock is never read per operation.
 */
export class WallAnchor {
  /** Unix ms at the anchor. */
  readonly wallMs: number;
  private readonly ns: bigint;

  /** skewMs: added to the wall reading (tests inject a shard whose clock is off this way). */
  constructor(skewMs = 0) {
    this.ns = process.hrtime.bigint();
    this.wallMs = Date.now() + skewMs;
  }

  /** ms after the anchor of a monotonic reading (process.hrtime.bigint()). */
  offsetOf(ns: bigint): number {
    return Number(ns - this.ns) / 1e6;
  }

  /** Unix ms of a monotonic reading, on this time base. */
  wallOf(ns: bigint): number {
    return this.wallMs + this.offsetOf(ns);
  }

  nowMs(): number {
    return this.wallOf(process.hrtime.bigint());
  }
}
