/**
 * The one way a user writes a duration, in every flag that takes one and inside values such as
 * `--cost stalls:1000:200ms`, `--faults slow:20ms` or `--latency uniform:1ms-3ms`: a number and a
 * unit, `250us` (or `250µs`), `2ms`, `1.5s`, `5m`, `1h` (docs/durations.md). A bare number is refused
 * with the fix in the hint: is `60` seconds or milliseconds? A leaf, as src/errors.ts is (it imports
 * nothing else), so that the CLI, the backends and the reference servers read durations alike.
 */
import { UsageError } from './errors.js';

const UNIT_MS: Readonly<Record<string, number>> = {
  us: 0.001,
  µs: 0.001,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};
const DURATION = /^(\d+(?:\.\d+)?)\s*(us|µs|ms|s|m|h)$/;
const BARE = /^\d+(?:\.\d+)?$/;
const UNITS = 'us, ms, s, m or h';

export interface DurationOptions {
  /** The smallest value allowed, in ms (inclusive; default 0). */
  minMs?: number;
  /** The largest value allowed, in ms (inclusive; default 24 h). */
  maxMs?: number;
  /**
   * The flag as the user would write it with this duration in place of theirs, for the hint: by
   * default `${flag} ${duration}`; a value inside a longer one gives the whole value
   * (`(d) => '--cost stalls:1000:' + d`).
   */
  fix?: (duration: string) => string;
}

/**
 * Milliseconds of a duration written for `flag`, fractions kept (`250us` is 0.25), between the
 * bounds. Anything but one number and one unit is a usage error naming the flag and the fix.
 */
export function parseDurationMs(value: string, flag: string, o: DurationOptions = {}): number {
  const v = value.trim();
  const fix = o.fix ?? ((d: string): string => `${flag} ${d}`);
  const m = DURATION.exec(v);
  if (!m) {
    if (BARE.test(v))
      throw new UsageError(
        'E_BAD_FLAG',
        `${flag} "${value}" has no unit`,
        `give the unit: ${fix(`${v}ms`)} or ${fix(`${v}s`)} (a duration is a number and one of ${UNITS})`,
      );
    throw new UsageError(
      'E_BAD_FLAG',
      `${flag} "${value}" is not a duration`,
      `give a number and a unit (${UNITS}), e.g. ${fix('500ms')}, ${fix('30s')} or ${fix('250us')}`,
    );
  }
  const ms = Number(m[1]) * (UNIT_MS[m[2] as string] as number);
  const min = o.minMs ?? 0;
  const max = o.maxMs ?? 24 * 3_600_000;
  if (!Number.isFinite(ms) || ms < min || ms > max) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${flag} ${value} is out of range`,
      `give ${flag} a duration from ${formatDuration(min)} to ${formatDuration(max)}`,
    );
  }
  return ms;
}

/** A duration as a flag takes it, in the largest unit that divides it: 250us, 500ms, 10s, 5m, 2h. */
export function formatDuration(ms: number): string {
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const) {
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  if (ms > 0 && !Number.isInteger(ms)) return `${Number((ms * 1000).toPrecision(12))}us`;
  return `${ms}ms`;
}
