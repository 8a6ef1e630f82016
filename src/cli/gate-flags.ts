/**
 * The gate flags of `check` and `report`. They have no defaults of their own: a value not given is
 * the run's own setting (verdict/run-gates.ts), so only what the user typed is parsed here.
 */
import type { GateOverrides } from '../verdict/index.js';
import { parseMaxGrowth, parseNumberFlag } from './parse-flags.js';

export interface GateFlags {
  maxGrowth?: string;
  maxErrorRate?: string;
  maxLevelChange?: string;
  minDetectable?: string;
}

/** --min-detectable RATIO: a ratio above 1 (at or below --max-growth it can never be met: INCONCLUSIVE, out of reach). */
export function parseMinDetectable(value: string): number {
  return parseNumberFlag(
    value,
    '--min-detectable',
    (n) => n > 1 && n < 1000,
    'give a ratio above --max-growth, e.g. --min-detectable 1.5 (INCONCLUSIVE when the run could not see x1.5)',
  );
}

export function parseGateOverrides(f: GateFlags): GateOverrides {
  return {
    ...(f.maxGrowth === undefined ? {} : { maxGrowth: parseMaxGrowth(f.maxGrowth) }),
    ...(f.maxErrorRate === undefined
      ? {}
      : {
          maxErrorRate: parseNumberFlag(
            f.maxErrorRate,
            '--max-error-rate',
            (n) => n >= 0 && n <= 1,
            'give a fraction from 0 to 1, e.g. --max-error-rate 0.01',
          ),
        }),
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
    ...(f.minDetectable === undefined ? {} : { minDetectable: parseMinDetectable(f.minDetectable) }),
  };
}

/** Help text of a gate flag whose default is the run's own setting. */
export const fromRun = (what: string, fallback: string): string =>
  `${what} (default: the run's own setting, or ${fallback} for runs that recorded none)`;
