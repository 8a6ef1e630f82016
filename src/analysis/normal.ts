/**
 * The standard normal upper tail, and the name of the two-sided level of a normal quantile: how
 * every report names a CI ("95%" at z = 1.959964, "97.5%" at the per-operation looks' 2.24).
 */
import { Z_95 } from './theil-sen.js';

/** 1 - Phi(z) (Abramowitz-Stegun 26.2.17, |error| < 7.5e-8). */
export function normalUpperTail(z: number): number {
  const x = Math.abs(z);
  const t = 1 / (1 + 0.2316419 * x);
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const q = (Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI)) * poly;
  return z >= 0 ? q : 1 - q;
}

/** "95%" for the default z, else the two-sided level of z ("97.5%" for 2.24). */
export function ciLevelLabel(z: number): string {
  if (Math.abs(z - Z_95) < 1e-6) return '95%';
  const level = 100 * (1 - 2 * normalUpperTail(z));
  const digits = level >= 99.9 ? 2 : 1;
  return `${Number(level.toFixed(digits))}%`;
}
