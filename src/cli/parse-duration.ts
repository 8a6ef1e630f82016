/**
 * Durations of flags such as --request-timeout and --stop-grace, in whole milliseconds: the one
 * duration syntax of src/duration.ts (`250us`, `500ms`, `1.5s`, `5m`, `1h`; a bare number refused).
 */
import { formatDuration, parseDurationMs } from '../duration.js';

export { formatDuration };

/** Whole milliseconds of a duration flag, between min and max (inclusive, in ms). */
export function parseDuration(value: string, flag: string, bounds: { minMs?: number; maxMs?: number } = {}): number {
  return Math.round(parseDurationMs(value, flag, bounds));
}
