/** Error codes counted over a run (a failed operation's code → how many): one order for every room. */

/** Codes by count (largest first), then by name: a stable order for the verdict's budget and every renderer. */
export function sortedCodes(codes: Record<string, number>): [string, number][] {
  return Object.entries(codes).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
