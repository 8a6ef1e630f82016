/**
 * The gates a stored run is judged by. A run's error budget and growth limit are facts of the run
 * (recorded with it since schema v3): `check` and `report` use them, unless a flag on their own
 * command line overrides one — and then they say so. Runs from before v3 and imports have no
 * settings and are judged by the defaults, as before.
 */
import type { RunRecord } from '../model/records.js';

export const DEFAULT_MAX_GROWTH = 1.1;
export const DEFAULT_MAX_ERROR_RATE = 0.01;

/** The limits a stored run is judged by (check, report): its own settings, or the command line's. */
export interface GateSettings {
  /** --max-growth (default 1.10). */
  maxGrowth: number;
  /** --max-level-change, when the level difference against the baseline is gated (fraction, e.g. 0.25). */
  maxLevelChange?: number;
  /** --max-error-rate (default 0.01). */
  maxErrorRate: number;
  /** --min-detectable: a PASS or WARN that could not see this growth is INCONCLUSIVE (off when absent). */
  minDetectable?: number;
}

/** Gate values given on the command line of `check` or `report` (undefined: not given). */
export interface GateOverrides {
  maxGrowth?: number;
  maxErrorRate?: number;
  maxLevelChange?: number;
  /** --min-detectable: off unless the run recorded it or the command line gives it. */
  minDetectable?: number;
}

export interface ResolvedGates {
  gates: GateSettings;
  /** Where a flag overrode the run's own setting: one line each, to print. */
  notes: string[];
  /** Where each value came from. */
  source: { maxGrowth: GateSource; maxErrorRate: GateSource };
}

export type GateSource = 'run' | 'command line' | 'default';

const fmt = (v: number): string => String(Number(v.toPrecision(6)));

function pick(
  flag: string,
  given: number | undefined,
  stored: number | undefined,
  fallback: number,
  notes: string[],
): [number, GateSource] {
  if (given !== undefined) {
    if (stored !== undefined && stored !== given)
      notes.push(`${flag} ${fmt(given)} from the command line overrides the run's own ${fmt(stored)}`);
    return [given, 'command line'];
  }
  return stored === undefined ? [fallback, 'default'] : [stored, 'run'];
}

export function resolveGates(run: RunRecord, o: GateOverrides): ResolvedGates {
  const s = run.settings ?? null;
  const notes: string[] = [];
  const [maxGrowth, g] = pick('--max-growth', o.maxGrowth, s?.maxGrowth, DEFAULT_MAX_GROWTH, notes);
  const [maxErrorRate, e] = pick('--max-error-rate', o.maxErrorRate, s?.maxErrorRate, DEFAULT_MAX_ERROR_RATE, notes);
  // off by default: a run that recorded none and a command line that gives none leave it off
  const stored = s?.minDetectable ?? undefined;
  const minDetectable = o.minDetectable ?? stored;
  if (minDetectable !== undefined) pick('--min-detectable', o.minDetectable, stored, minDetectable, notes);
  return {
    gates: {
      maxGrowth,
      maxErrorRate,
      ...(o.maxLevelChange === undefined ? {} : { maxLevelChange: o.maxLevelChange }),
      ...(minDetectable === undefined ? {} : { minDetectable }),
    },
    notes,
    source: { maxGrowth: g, maxErrorRate: e },
  };
}
