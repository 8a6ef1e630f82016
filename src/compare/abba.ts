/**
 * The interleaved order of a compare's batches (ABBA): batches go in pairs, the pair's second batch
 * in the reverse order of its first, so within every pair each target runs once before and once
 * after the others; with more than two targets the order also rotates by one every pair, so each
 * target leads in turn. With two targets the reversal already covers both places: A B, B A, A B, …
 *
 *   two targets:   batch 1: A B   batch 2: B A   batch 3: A B   batch 4: B A
 *   three targets: batch 1: A B C  batch 2: C B A  batch 3: B C A  batch 4: A C B  batch 5: C A B …
 */

/** The order of the targets (their indices, 0 = the reference) for 1-based batch `batch` of `n` targets. */
export function batchOrder(batch: number, n: number): number[] {
  if (!Number.isInteger(batch) || batch < 1)
    throw new RangeError(`batchOrder: batch must be an integer >= 1, got ${batch}`);
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`batchOrder: n must be an integer >= 1, got ${n}`);
  const k = batch - 1;
  const pair = Math.floor(k / 2);
  const shift = n > 2 ? pair % n : 0;
  const order = Array.from({ length: n }, (_, i) => (i + shift) % n);
  return k % 2 === 0 ? order : order.reverse();
}

/** The whole schedule: (batch, target) turns in the order they run, batch 1 first. */
export function schedule(batches: number, n: number): { batch: number; target: number }[] {
  const out: { batch: number; target: number }[] = [];
  for (let b = 1; b <= batches; b++) for (const t of batchOrder(b, n)) out.push({ batch: b, target: t });
  return out;
}
