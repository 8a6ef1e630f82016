/** Small statistics and formatting helpers of the benchmarks. */

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

export const hrNow = (): bigint => process.hrtime.bigint();
export const msSince = (t: bigint): number => Number(process.hrtime.bigint() - t) / 1e6;

/**
 * Runs the measurements interleaved, `rounds` times: round r starts with measurement r mod k
 * (A B C, B C A, C A B, …) so none always runs first on a warmer or busier machine.
 */
export async function interleave<T>(rounds: number, fns: readonly (() => Promise<T>)[]): Promise<T[][]> {
  const out: T[][] = fns.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < fns.length; j++) {
      const k = (r + j) % fns.length;
      (out[k] as T[]).push(await (fns[k] as () => Promise<T>)());
    }
  }
  return out;
}

export function fmt(x: number, digits = 0): string {
  if (!Number.isFinite(x)) return 'n/a';
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const ratio = (ours: number, reference: number): number => (reference > 0 ? ours / reference : Number.NaN);

export function sizeLabel(bytes: number): string {
  if (bytes >= 2 ** 30 && bytes % 2 ** 30 === 0) return `${bytes / 2 ** 30} GiB`;
  if (bytes >= 2 ** 20 && bytes % 2 ** 20 === 0) return `${bytes / 2 ** 20} MiB`;
  if (bytes >= 2 ** 10 && bytes % 2 ** 10 === 0) return `${bytes / 2 ** 10} KiB`;
  return `${bytes} B`;
}
