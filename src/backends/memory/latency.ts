/**
 * The memory backend's simulated latency: a fixed wait (`2ms`, `500us`, `0ms`), `uniform:1ms-3ms`
 * (inclusive) or `lognormal:MEDIAN:SIGMA` (clamped to MEDIAN·e^(±3σ), as workload sizes are). It
 * is a cost the backend adds on purpose, per operation, drawn from a seeded generator so that two
 * runs with the same setting wait the same sequence of times.
 */
import { parseDurationMs } from '../../duration.js';
import { UsageError } from '../../errors.js';
import { mulberry32 } from '../../generate/index.js';

export type LatencySpec =
  | { kind: 'fixed'; ms: number }
  | { kind: 'uniform'; minMs: number; maxMs: number }
  | { kind: 'lognormal'; medianMs: number; sigma: number };

const MAX_MS = 60_000;
const HINT = 'e.g. --latency 2ms, --latency 500us, --latency uniform:1ms-3ms or --latency lognormal:2ms:0.5';

/** A duration inside the flag's value (src/duration.ts: a unit always, up to the 60 s a simulated operation may take). */
function durationMs(text: string, flag: string, fix: (d: string) => string): number {
  return parseDurationMs(text, flag, { maxMs: MAX_MS, fix });
}

export function parseLatency(text: string, flag = '--latency'): LatencySpec {
  const [kind, ...rest] = text.split(':');
  if (kind === 'uniform' && rest.length === 1) {
    const [lo, hi] = (rest[0] as string).split('-');
    if (lo === undefined || hi === undefined)
      throw new UsageError('E_BAD_FLAG', `${flag} "${text}" needs a range MIN-MAX`, HINT);
    const minMs = durationMs(lo, flag, (d) => `${flag} uniform:${d}-${hi}`);
    const maxMs = durationMs(hi, flag, (d) => `${flag} uniform:${lo}-${d}`);
    if (maxMs < minMs) throw new UsageError('E_BAD_FLAG', `${flag} "${text}": the range ends below its start`, HINT);
    return { kind: 'uniform', minMs, maxMs };
  }
  if (kind === 'lognormal' && rest.length === 2) {
    const sigma = Number(rest[1]);
    if (!Number.isFinite(sigma) || sigma < 0 || sigma > 3)
      throw new UsageError('E_BAD_FLAG', `${flag} "${text}": SIGMA must be a number from 0 to 3`, HINT);
    const fix = (d: string): string => `${flag} lognormal:${d}:${rest[1]}`;
    return { kind: 'lognormal', medianMs: durationMs(rest[0] as string, flag, fix), sigma };
  }
  if (rest.length > 0)
    throw new UsageError('E_BAD_FLAG', `${flag} "${text}" is not a duration or a distribution`, HINT);
  return { kind: 'fixed', ms: durationMs(text, flag, (d) => `${flag} ${d}`) };
}

/** Draws waits from a spec with a small seeded generator (mulberry32), so a setting repeats exactly. */
export class LatencySampler {
  private readonly uniform01: () => number;

  constructor(
    readonly spec: LatencySpec,
    seed = 1,
  ) {
    this.uniform01 = mulberry32(seed);
  }

  /** The next wait in milliseconds. */
  next(): number {
    const s = this.spec;
    if (s.kind === 'fixed') return s.ms;
    if (s.kind === 'uniform') return s.minMs + (s.maxMs - s.minMs) * this.uniform01();
    // Box-Muller, clamped to ±3σ
    const z = Math.sqrt(-2 * Math.log(1 - this.uniform01())) * Math.cos(2 * Math.PI * this.uniform01());
    return s.medianMs * Math.exp(s.sigma * Math.max(-3, Math.min(3, z)));
  }
}
