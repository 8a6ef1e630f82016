/**
 * The ground-truth cost of a store: how long a write takes, as a function of how many resources the
 * store holds. A leaf shared by the reference PUT store (`serve --protocol http-put --cost ...`,
 * which really waits that long before it answers, and the client measures the wait like any other
 * store's work) and the memory backend (`--cost`, which waits it on its clock: the host's, or its
 * virtual clock, docs/backends.md). Imports only src/errors.ts.
 *
 *   constant            every PUT costs the base cost
 *   linear:F            cost grows linearly with the fill: base * (1 + (F - 1) * n / fill), so the
 *                       PUT that finds `fill` resources stored costs F times the first one (and the
 *                       line goes on past the fill)
 *   log:F               cost grows with the logarithm of the fill: base * (1 + (F - 1) * ln(1 + n) /
 *                       ln(1 + fill)), F times the first at `fill` (an index's depth)
 *   step:AT:F           base until AT resources are stored, base * F from then on (a cliff)
 *   stalls:EVERY:FOR    base, and every EVERY-th stored resource pauses the whole server for FOR
 *
 * n = resources stored when the PUT arrives (0 for the first). With one datastream per object
 * (`--datastream D:1KiB`) a resource is one of the tool's objects.
 */
import { parseDurationMs } from '../duration.js';
import { UsageError } from '../errors.js';

export type CostModel =
  | { kind: 'constant' }
  | { kind: 'linear'; factor: number }
  | { kind: 'log'; factor: number }
  | { kind: 'step'; at: number; factor: number }
  | { kind: 'stalls'; every: number; forMs: number };

export interface CostSettings {
  model: CostModel;
  /** Cost of a PUT into the empty store, ms. */
  baseMs: number;
  /** The expected fill that `linear:F` and `log:F` scale to (resources). */
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
      'for example --cost linear:3, log:2, step:10000:2 or stalls:1000:200ms',
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
    case 'log':
      if (parts.length === 2) return { kind: 'log', factor: positive(parts[1], flag, 'the factor', false) };
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
    'use constant, linear:FACTOR, log:FACTOR, step:AT:FACTOR or stalls:EVERY:FOR',
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
    case 'log':
      return s.baseMs * (1 + ((m.factor - 1) * Math.log1p(stored)) / Math.log1p(s.fill));
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
        : m.kind === 'log'
          ? `log:${m.factor}`
          : m.kind === 'step'
            ? `step:${m.at}:${m.factor}`
            : `stalls:${m.every}:${m.forMs}ms`;
  return `${name} (base ${s.baseMs}ms${m.kind === 'linear' || m.kind === 'log' ? `, fill ${s.fill}` : ''})`;
}
