/** `check --forecast`, `--slo` and `--slo-at` into a forecast request (docs/forecast.md). */
import { UsageError } from '../errors.js';
import { parseDurationMs } from '../duration.js';
import type { ForecastMetric } from '../analysis/forecast-run.js';
import type { ForecastRequest } from '../verdict/index.js';
import { parseCount, parseCountList } from './parse-count.js';

export interface ForecastFlags {
  forecast?: string;
  slo?: string;
  sloAt?: string;
}

const METRICS: readonly ForecastMetric[] = ['batch', 'p50', 'p95'];

function parseSlo(value: string): { ms: number; metric: ForecastMetric } {
  const [duration = '', metric = 'batch', ...rest] = value.split(':');
  if (rest.length > 0 || !(METRICS as readonly string[]).includes(metric)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--slo "${value}" is not DURATION[:batch|p50|p95]`,
      'e.g. --slo 2s (per batch), --slo 50ms:p95 or --slo 20ms:p50',
    );
  }
  const ms = parseDurationMs(duration, '--slo', { fix: (d) => `--slo ${d}${metric === 'batch' ? '' : `:${metric}`}` });
  if (!(ms > 0)) throw new UsageError('E_BAD_FLAG', `--slo ${value} must be above zero`, 'e.g. --slo 50ms:p95');
  return { ms, metric: metric as ForecastMetric };
}

/** The request, or null when none of the three flags was given. */
export function parseForecastFlags(f: ForecastFlags): ForecastRequest | null {
  if (f.forecast === undefined && f.slo === undefined && f.sloAt === undefined) return null;
  if (f.sloAt !== undefined && f.slo === undefined) {
    throw new UsageError('E_FLAG_CONFLICT', '--slo-at needs --slo', 'e.g. --slo 50ms:p95 --slo-at 2M');
  }
  return {
    targets: f.forecast === undefined ? [] : parseCountList(f.forecast, '--forecast'),
    ...(f.slo === undefined ? {} : { slo: parseSlo(f.slo) }),
    ...(f.sloAt === undefined ? {} : { sloAt: parseCount(f.sloAt, '--slo-at') }),
  };
}
