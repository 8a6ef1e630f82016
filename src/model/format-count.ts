/** A count as every room writes it (the verdict's sentences, the reports, the command line). */

/** A count with thousands separators: 25,000. */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
