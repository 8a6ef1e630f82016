/**
 * A shard's time base: the wall clock read once, then the run's monotonic clock (src/model/clock.ts). Every time a shard
 * records is `anchor + (monotonic now − monotonic at the anchor)`, so a wall clock stepped by NTP
 * during the run moves nothing; the wall clock is never read per operation.
 */
import { msBetween, realClock, type Clock } from '../model/clock.js';

export class WallAnchor {
  /** Unix ms at the anchor. */
  readonly wallMs: number;
  private readonly ns: bigint;

  /** skewMs: added to the wall reading (tests inject a shard whose clock is off this way). */
  constructor(
    skewMs = 0,
    readonly clock: Clock = realClock,
  ) {
    this.ns = clock.nowNs();
    this.wallMs = Date.now() + skewMs;
  }

  /** ms after the anchor of a reading of its clock. */
  offsetOf(ns: bigint): number {
    return msBetween(this.ns, ns);
  }

  /** Unix ms of a monotonic reading, on this time base. */
  wallOf(ns: bigint): number {
    return this.wallMs + this.offsetOf(ns);
  }

  nowMs(): number {
    return this.wallOf(this.clock.nowNs());
  }
}
