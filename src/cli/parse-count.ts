/**
 * Counts of objects as flags such as `check --forecast` take them: a whole number, or a number with
 * a suffix k (thousand), M (million) or G (billion): `20000`, `2.5k`, `10M`. Lists are
 * comma-separated (`--forecast 20k,1M`).
 */
import { UsageError } from '../errors.js';

const SUFFIX: Record<string, number> = { '': 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9 };
const COUNT = /^(\d+(?:\.\d+)?)([kKMG]?)$/;

/** One count of objects (a whole number ≥ 1 once the suffix is applied). */
export function parseCount(value: string, flag: string): number {
  const m = COUNT.exec(value.trim());
  const n = m === null ? Number.NaN : Number(m[1]) * (SUFFIX[m[2] as string] as number);
  if (!Number.isFinite(n) || n < 1 || !Number.isInteger(Math.round(n * 1e6) / 1e6)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${flag} "${value}" is not a count of objects`,
      `give a whole number, or one with k, M or G: e.g. ${flag} 20000, ${flag} 2.5k or ${flag} 10M`,
    );
  }
  return Math.round(n);
}

/** A comma-separated list of counts, each at most once, in the order given. */
export function parseCountList(value: string, flag: string): number[] {
  const out: number[] = [];
  for (const part of value.split(',')) {
    const n = parseCount(part, flag);
    if (!out.includes(n)) out.push(n);
  }
  return out;
}
