/**
 * The phases of a compare (`--phases put,get-cold,get-warm`, default put), like the proxy harness's
 * PUT, cold GET and warm GET: `put` is the fill itself (per batch: its wall time), `get-cold` and
 * `get-warm` the two reads of the get probe after each batch (probe-runner.ts), on the same seeded
 * sample of objects in every target, each read SHA-256 verified (per batch: the median latency).
 */
import { UsageError } from '../errors.js';

export const PHASES = ['put', 'get-cold', 'get-warm'] as const;
export type Phase = (typeof PHASES)[number];

/** The operation kinds a phase's latencies come from. */
export const PHASE_OP_KINDS: Record<Phase, readonly string[]> = {
  put: ['create-object', 'add-datastream'],
  'get-cold': ['probe-get'],
  'get-warm': ['probe-get-warm'],
};

/** Whether the phases need the get probe after each batch. */
export const needsGetProbe = (phases: readonly Phase[]): boolean => phases.some((p) => p !== 'put');

export function parsePhases(raw: string): Phase[] {
  const out: Phase[] = [];
  for (const part of raw.split(',').map((s) => s.trim().toLowerCase())) {
    if (!(PHASES as readonly string[]).includes(part)) {
      throw new UsageError(
        'E_BAD_FLAG',
        `--phases "${raw}": "${part}" is not a phase`,
        `give a comma list of ${PHASES.join(', ')} (default put)`,
      );
    }
    if (!out.includes(part as Phase)) out.push(part as Phase);
  }
  return out;
}
