/** Number formatting shared by the text renderers. */

/** Milliseconds with a unit that keeps three significant digits: "850 ms", "12.3 s", "2.1 min". */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  // the unit is chosen after rounding, so 999.6 ms prints as "1.00 s", not "1000 ms"
  const a = Math.abs(ms);
  if (Math.abs(Number(ms.toFixed(2))) < 1) return `${ms.toFixed(2)} ms`;
  if (Math.abs(Number(ms.toFixed(a < 10 ? 1 : 0))) < 1000) return `${ms.toFixed(a < 10 ? 1 : 0)} ms`;
  const s = ms / 1000;
  const sDigits = a < 10_000 ? 2 : 1;
  if (Math.abs(Number(s.toFixed(sDigits))) < 60) return `${s.toFixed(sDigits)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

export { formatCount } from '../model/format-count.js';

/** Bytes per second as MB/s (decimal, as storage vendors quote it). */
export function formatMBps(bytes: number, ms: number): string {
  if (!(ms > 0)) return '-';
  return `${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`;
}

/** A signed percentage: "+6.9%", "-0.3%". */
export function formatPct(fraction: number, digits = 1): string {
  const v = fraction * 100;
  return `${v >= 0 ? '+' : ''}${v.toFixed(digits)}%`;
}
