/**
 * Strict parsers for flag values. Each failure is a UsageError naming the flag and the fix; nothing
 * is guessed (e.g. "10k" is not a count, "1.1x" is not a ratio).
 */
import { UsageError } from '../errors.js';
import type { ReportGates } from '../report/index.js';

export function parseIntFlag(value: string, flag: string, min: number, max: number): number {
  const clean = value.trim().replace(/_/g, '');
  if (!/^\d+$/.test(clean)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${flag} "${value}" is not a whole number`,
      `give ${flag} a number from ${min} to ${max}`,
    );
  }
  const n = Number(clean);
  if (n < min || n > max) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${flag} ${value} is out of range`,
      `give ${flag} a number from ${min} to ${max}`,
    );
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
  return parseNumberFlag(
    value,
    '--max-growth',
    (n) => n > 1 && n < 1000,
    'give a ratio above 1, e.g. --max-growth 1.10 (fail above +10% growth)',
  );
}

/** The gates of `report` and `check --baseline`: --max-growth, --max-error-rate, --max-level-change. */
export function parseGates(f: { maxGrowth: string; maxLevelChange?: string; maxErrorRate?: string }): ReportGates {
  return {
    maxGrowth: parseMaxGrowth(f.maxGrowth),
    maxErrorRate: parseNumberFlag(
      f.maxErrorRate ?? '0.01',
      '--max-error-rate',
      (n) => n >= 0 && n <= 1,
      'give a fraction from 0 to 1, e.g. 0.01',
    ),
    ...(f.maxLevelChange === undefined
      ? {}
      : {
          maxLevelChange: parseNumberFlag(
            f.maxLevelChange,
            '--max-level-change',
            (n) => n > 0 && n < 100,
            'give a fraction above 0, e.g. --max-level-change 0.25 (fail above +25%)',
          ),
        }),
  };
}

export const DEFAULT_DB = 'reports/ingest-scale.db';
export const dbFromEnv = (): string => process.env.INGEST_SCALE_DB ?? DEFAULT_DB;
