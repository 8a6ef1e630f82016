/**
 * Strict parsers for flag values. Each failure is a UsageError naming the flag and the fix; nothing
 * is guessed (e.g. "10k" is not a count, "1.1x" is not a ratio).
 */
import { UsageError } from '../errors.js';

export function parseIntFlag(value: string, flag: string, min: number, max: number): number {
  const clean = value.trim().replace(/_/g, '');
  if (!/^\d+$/.test(clean)) {
    throw new UsageError('E_BAD_FLAG', `${flag} "${value}" is not a whole number`, `give ${flag} a number from ${min} to ${max}`);
  }
  const n = Number(clean);
  if (n < min || n > max) {
    throw new UsageError('E_BAD_FLAG', `${flag} ${value} is out of range`, `give ${flag} a number from ${min} to ${max}`);
  }
  return n;
}

export function parseNumberFlag(value: string, flag: string, check: (n: number) => boolean, hint: string): number {
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(n) || !check(n)) {
    throw new UsageError('E_BAD_FLAG', `${flag} "${value}" is not valid`, hint);
  }
  return n;
}

export function parseChoice<T extends string>(value: string, flag: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new UsageError('E_BAD_FLAG', `${flag} "${value}" is unknown`, `use one of: ${choices.join(', ')}`);
}

/** --max-growth: a ratio above 1 (1.10 = fail when per-batch time surely grows more than 10%). */
export function parseMaxGrowth(value: string): number {
  return parseNumberFlag(value, '--max-growth', (n) => n > 1 && n < 1000, 'give a ratio above 1, e.g. --max-growth 1.10 (fail above +10% growth)');
}

export const DEFAULT_DB = 'reports/ingest-scale.db';
export const dbFromEnv = (): string => process.env.INGEST_SCALE_DB ?? DEFAULT_DB;
