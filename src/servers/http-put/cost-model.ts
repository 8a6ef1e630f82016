/**
 * The ground-truth cost of the reference PUT store (`serve --protocol http-put --cost ...`): how long
 * the server itself takes to answer a PUT, as a function of how many resources it stores. This is a
 * model of a store's cost, not the tool faking its own latency: the server really waits (a timer)
 * before it answers, and the client measures that wait like any other store's work. Timers fire in
 * whole milliseconds; the fractions are carried from one PUT to the next (fine-wait.ts), so a
 * batch's mean wait follows the model (a line, not 1 ms stairs; 500us costs 500 µs on average).
 *
 *   constant            every PUT costs the base cost
 *   linear:F            cost grows linearly with the fill: base * (1 + (F - 1) * n / fill), so the
 *                       PUT that finds `fill` resources stored costs F times the first one (and the
 *                       line goes on past the fill)
 *   step:AT:F           base until AT resources are stored, base * F from then on (a cliff)
 *   stalls:EVERY:FOR    base, and every EVERY-th stored resource pauses the whole server for FOR
 *
 * n = resources stored when the PUT arrives (0 for the first). With one datastream per object
 * (`--datastream D:1KiB`) a resource is one of the tool's objects.
 */
import { parseDurationMs } from '../../duration.js';
import { UsageError } from '../../errors.js';

export type CostModel =
  | { kind: 'constant' }
  | { kind: 'linear'; factor: number }
  | { kind: 'step'; at: number; factor: number }
  | { kind: 'stalls'; every: number; forMs: number };

export interface CostSettings {
  model: CostModel;
  /** Cost of a PUT into the empty store, ms. */
  baseMs: number;
  /** The expected fill that `linear:F` scales to (resources). */
  fill: number;
}

/** --base-cost and the FOR of stalls: the one syntax of every duration flag (src/duration.ts), a unit always. */
export { parseDurationMs };

function positive(text: string | undefined, flag: string, what: string, integer: boolean): number {
  const v = Number(text);
  if (text === undefined || text === '' || !Number.isFinite(v) || v <= 0 || (integer && !Number.isInteger(v))) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${flag}: ${what} must be a ${integer ? 'whole ' : ''}number > 0, got "${text ?? ''}"`,
      'for example --cost linear:3, step:10000:2 or stalls:1000:200ms',
    );
  }
  return v;
}

/** Parses the --cost flag. */
export function parseCostModel(text: string): CostModel {
  const parts = text.trim().split(':');
  const flag = '--cost';
  switch (parts[0]) {
    case 'constant':
      if (parts.length === 1) return { kind: 'constant' };
      break;
    case 'linear':
      if (parts.length === 2) return { kind: 'linear', factor: positive(parts[1], flag, 'the factor', false) };
      break;
    case 'step':
      if (parts.length === 3)
        return {
          kind: 'step',
          at: positive(parts[1], flag, 'AT', true),
          factor: positive(parts[2], flag, 'the factor', false),
        };
      break;
    case 'stalls':
      if (parts.length === 3)
        return {
          kind: 'stalls',
          every: positive(parts[1], flag, 'EVERY', true),
          forMs: parseDurationMs(parts[2] ?? '', flag, { fix: (d) => `${flag} stalls:${parts[1]}:${d}` }),
        };
      break;
  }
  throw new UsageError(
    'E_BAD_FLAG',
    `--cost: "${text}" is not a cost model`,
    'use constant, linear:FACTOR, step:AT:FACTOR or stalls:EVERY:FOR',
  );
}

/** The wait (ms) of a PUT that finds `stored` resources in the store, before any stall. */
export function putCostMs(s: CostSettings, stored: number): number {
  const m = s.model;
  switch (m.kind) {
    case 'constant':
    case 'stalls':
      return s.baseMs;
    case 'linear':
      return s.baseMs * (1 + ((m.factor - 1) * stored) / s.fill);
    case 'step':
      return stored >= m.at ? s.baseMs * m.factor : s.baseMs;
  }
}

/** The pause (ms) of the whole server once the store holds `storedAfter` resources (0: none). */
export function stallAfterMs(s: CostSettings, storedAfter: number): number {
  const m = s.model;
  return m.kind === 'stalls' && storedAfter > 0 && storedAfter % m.every === 0 ? m.forMs : 0;
}

/** "step:10000:2 (base 2ms, fill 20,000)" for the start line. */
export function describeCost(s: CostSettings): string {
  const m = s.model;
  const name =
    m.kind === 'constant'
      ? 'constant'
      : m.kind === 'linear'
        ? `linear:${m.factor}`
        : m.kind === 'step'
          ? `step:${m.at}:${m.factor}`
          : `stalls:${m.every}:${m.forMs}ms`;
  return `${name} (base ${s.baseMs}ms${m.kind === 'linear' ? `, fill ${s.fill}` : ''})`;
}
