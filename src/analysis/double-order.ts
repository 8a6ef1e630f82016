/**
 * Doubles in their order as integers: the largest double below a value, and the midpoint of two
 * doubles by their position in that order rather than by value. A bisection by position reaches
 * two adjacent doubles in at most 64 steps from any two finite ends (a bisection by value can take
 * over a thousand steps towards 0). -0 counts as 0 throughout.
 */

const box = new Float64Array(1);
const bits = new BigInt64Array(box.buffer);
const SIGN = -0x8000000000000000n;
const MAGNITUDE = 0x7fffffffffffffffn;

/** The position of d among the doubles: ascending with d, 0 for ±0, negative for negative d. No NaN. */
export function doublePosition(d: number): bigint {
  box[0] = d + 0;
  const b = bits[0] as bigint;
  return b < 0n ? -(b & MAGNITUDE) : b;
}

/** The double at position p (doublePosition's inverse, +0 for 0). */
export function doubleAt(p: bigint): number {
  bits[0] = p < 0n ? -p | SIGN : p;
  return box[0] as number;
}

/** The largest double below d (d finite, or +Infinity). */
export function nextDown(d: number): number {
  return doubleAt(doublePosition(d) - 1n);
}

/** A double strictly between lo and hi by position (halving the doubles between them), or null when they are adjacent. */
export function positionMidpoint(lo: number, hi: number): number | null {
  const a = doublePosition(lo);
  const b = doublePosition(hi);
  if (b - a < 2n) return null;
  return doubleAt((a + b) >> 1n);
}
