/**
 * Durations of flags such as --request-timeout and --stop-grace: a number and a unit, `500ms`,
 * `2s`, `1.5s`, `5m`, `1h`. A bare number is refused (is `60` seconds or milliseconds?), and so is
 * anything else that is not exactly one number and one unit.
 */
import { UsageError } from '../errors.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/;

/** Milliseconds of a duration flag, between min and max (inclusive, in ms). */
export function parseDuration(value: string, flag: string, bounds: { minMs?: number; maxMs?: number } = {}): number {
  const v = value.trim();
  const m = DURATION.exec(v);
  const example = `e.g. ${flag} 500ms, ${flag} 30s or ${flag} 5m`;
  if (!m) {
    const hint = /^\d+(\.\d+)?$/.test(v)
      ? `give a unit (ms, s, m or h): ${example}`
      : `give a number and a unit (ms, s, m or h): ${example}`;
    throw new UsageError('E_BAD_FLAG', `${flag} "${value}" is not a duration`, hint);
  }
  const ms = Number(m[1]) * (UNIT_MS[m[2] as string] as number);
  const min = bounds.minMs ?? 0;
  const max = bounds.maxMs ?? 24 * 3_600_000;
  if (!Number.isFinite(ms) || ms < min || ms > max) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${flag} ${value} is out of range`,
      `give ${flag} a duration from ${formatDuration(min)} to ${formatDuration(max)}`,
    );
  }
  return Math.round(ms);
}

/** A duration as a flag would take it: 500ms, 10s, 5m, 2h (the largest unit that divides it). */
export function formatDuration(ms: number): string {
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const) {
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}
