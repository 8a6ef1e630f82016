/**
 * Reusable body buffers for generated request bodies: a body is written into a buffer taken from
 * here and the buffer comes back once the write client reports that the kernel has every byte
 * (Http1Result.bodyReleased). A buffer whose body was still queued, or whose request failed, is
 * simply not given back: the garbage collector frees it once the socket lets go, so a reused
 * buffer can never change bytes that are still on their way.
 *
 * Why: a fresh buffer per body costs more than sending it. V8 frees large buffers only at its
 * next garbage collection, in bursts, so their memory goes back to the system and every new one
 * page-faults afresh (measured: most of the engine's CPU per 1 MiB request; reports/perf.md).
 * A handful of buffers reused in turn stay mapped and in cache.
 */
export class BodyPool {
  private readonly free: Buffer[] = [];

  /**
   * @param capacity bytes of every buffer (the largest body it serves)
   * @param keep at most this many idle buffers are kept (the rest are left to the collector)
   */
  constructor(
    readonly capacity: number,
    private readonly keep: number,
  ) {}

  /** A buffer of `capacity` bytes (its content is whatever the last body left). */
  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.capacity);
  }

  /** Returns a buffer from take() whose body has left; never one whose bytes may still be read. */
  give(buf: Buffer): void {
    if (buf.length === this.capacity && this.free.length < this.keep) this.free.push(buf);
  }

  /** Idle buffers kept now (for tests and diagnostics). */
  get idle(): number {
    return this.free.length;
  }
}
