/** A sparkline of recent values (▁▂▃▄▅▆▇█), scaled between their own minimum and maximum. */
const BARS = '▁▂▃▄▅▆▇█';

export function sparkline(values: readonly number[], width = 20): string {
  const v = values.slice(-width).filter(Number.isFinite);
  if (v.length === 0) return '';
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  return v.map((x) => BARS[hi === lo ? 3 : Math.min(7, Math.floor(((x - lo) / (hi - lo)) * 8))]).join('');
}

/** A progress bar of `width` cells for a fraction in [0, 1]. */
export function progressBar(fraction: number, width = 20): string {
  const f = Math.min(1, Math.max(0, fraction));
  const full = Math.round(f * width);
  return `[${'#'.repeat(full)}${'.'.repeat(width - full)}]`;
}
