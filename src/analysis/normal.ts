/** The standard normal upper tail, for naming the level of a normal quantile. */

/** 1 - Phi(z) (Abramowitz-Stegun 26.2.17, |error| < 7.5e-8). */
export function normalUpperTail(z: number): number {
  const x = Math.abs(z);
  const t = 1 / (1 + 0.2316419 * x);
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const q = (Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI)) * poly;
  return z >= 0 ? q : 1 - q;
}
