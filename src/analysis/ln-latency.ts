/**
 * Per batch, the sufficient statistics of ln latency (op-gate.ts), accumulated one duration at a
 * time in the order they are given (Welford's running mean and sum of squared deviations, the same
 * doubles as lnLatencyStats over the same list). The store feeds it the durations of a run's
 * successful ingest operations in stored order (src/store/op-durations.ts).
 */
import { DEFAULT_LATENCY_FLOOR_MS, type LnLatencyStats } from './op-gate.js';

class Accumulator {
  n = 0;
  mean = 0;
  m2 = 0;

  add(d: number): void {
    const x = Math.log(Math.max(d, DEFAULT_LATENCY_FLOOR_MS));
    this.n++;
    const delta = x - this.mean;
    this.mean += delta / this.n;
    this.m2 += delta * (x - this.mean);
  }

  stats(): LnLatencyStats {
    return { n: this.n, mean: this.mean, variance: this.n > 1 ? this.m2 / (this.n - 1) : 0 };
  }
}

/** ln(max(latency, floor)) statistics per batch index. */
export class LnLatencyAccumulator {
  private readonly byBatch = new Map<number, Accumulator>();

  /** One operation's duration (ms) in batch `batch`; within a batch, in the order the operations ran. */
  add(batch: number, durationMs: number): void {
    let a = this.byBatch.get(batch);
    if (a === undefined) {
      a = new Accumulator();
      this.byBatch.set(batch, a);
    }
    a.add(durationMs);
  }

  /** The statistics of every batch given at least one duration, in batch order. */
  stats(): Map<number, LnLatencyStats> {
    const out = new Map<number, LnLatencyStats>();
    for (const b of [...this.byBatch.keys()].sort((p, q) => p - q))
      out.set(b, (this.byBatch.get(b) as Accumulator).stats());
    return out;
  }
}
