/**
 * Seeded fault injection of the reference PUT store (`--faults 503:5%,reset:2%,hang:0.1%,slow:200ms`):
 *
 *   503:P%          answer 503 Service Unavailable (with Retry-After: 0) to a share P of requests
 *   reset:P%        destroy the connection with a TCP reset instead of answering
 *   hang:P%         never answer (the request stays open until the client gives up or the server stops)
 *   slow:D[:P%]     wait D more before answering (every request, or a share P)
 *
 * Faults touch GET, PUT, DELETE and MKCOL; OPTIONS and HEAD always answer, so a client's preflight
 * is not the thing under test. Draws come from one seeded generator (mulberry32) in the order
 * requests arrive: the same seed and the same request order give the same faults.
 */
import { UsageError } from '../../errors.js';
import { parseDurationMs } from '../../cost-model/cost-model.js';

export interface FaultSpec {
  unavailable: number;
  reset: number;
  hang: number;
  slowMs: number;
  slowShare: number;
}

export type Fault = { kind: 'none'; extraMs: number } | { kind: '503' } | { kind: 'reset' } | { kind: 'hang' };

export const NO_FAULTS: FaultSpec = { unavailable: 0, reset: 0, hang: 0, slowMs: 0, slowShare: 0 };

function share(text: string | undefined, item: string): number {
  const m = /^(\d+(?:\.\d+)?)%$/.exec(text ?? '');
  const v = m === null ? Number.NaN : Number(m[1]) / 100;
  if (!(v >= 0 && v <= 1))
    throw new UsageError(
      'E_BAD_FLAG',
      `--faults: "${item}" needs a share from 0% to 100%`,
      'for example --faults 503:5%,reset:2%,hang:0.1%,slow:200ms',
    );
  return v;
}

export function parseFaults(text: string): FaultSpec {
  const spec = { ...NO_FAULTS };
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const [kind, a, b] = item.split(':');
    if (kind === '503' && b === undefined) spec.unavailable = share(a, item);
    else if (kind === 'reset' && b === undefined) spec.reset = share(a, item);
    else if (kind === 'hang' && b === undefined) spec.hang = share(a, item);
    else if (kind === 'slow' && a !== undefined) {
      spec.slowMs = parseDurationMs(a, '--faults slow');
      spec.slowShare = b === undefined ? 1 : share(b, item);
    } else {
      throw new UsageError(
        'E_BAD_FLAG',
        `--faults: "${item}" is not a fault`,
        'use 503:P%, reset:P%, hang:P% or slow:DURATION[:P%], separated by commas',
      );
    }
  }
  if (spec.unavailable + spec.reset + spec.hang > 1) {
    throw new UsageError('E_BAD_FLAG', `--faults: 503, reset and hang add up to more than 100%`, 'lower the shares');
  }
  return spec;
}

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws one fault per request, two numbers each, from a generator seeded with `seed`. */
export class FaultDrawer {
  private readonly next: () => number;
  constructor(
    private readonly spec: FaultSpec,
    seed: number,
  ) {
    this.next = mulberry32(seed);
  }

  draw(): Fault {
    const u = this.next();
    const v = this.next();
    const s = this.spec;
    if (u < s.unavailable) return { kind: '503' };
    if (u < s.unavailable + s.reset) return { kind: 'reset' };
    if (u < s.unavailable + s.reset + s.hang) return { kind: 'hang' };
    return { kind: 'none', extraMs: v < s.slowShare ? s.slowMs : 0 };
  }
}
