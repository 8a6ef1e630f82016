/**
 * The read-side probe kinds of `run --probe KINDS` (docs/probes.md) and the operation kinds each records:
 * the words the engine (which runs probes) and the verdict (which judges them) share. Which backend
 * capability a kind needs is the engine's business (src/engine/probes/probe-kinds.ts).
 */
import type { ProbeOpKind } from './timings.js';

export const PROBE_KINDS = ['get', 'head', 'range', 'list', 'update', 'delete'] as const;
export type ProbeKind = (typeof PROBE_KINDS)[number];

/** The operation kinds a probe kind records; the first is the one its verdict is computed from. */
export const PROBE_OP_KINDS: Record<ProbeKind, readonly ProbeOpKind[]> = {
  get: ['probe-get', 'probe-get-warm'],
  head: ['probe-head'],
  range: ['probe-range'],
  list: ['probe-list'],
  update: ['probe-update'],
  delete: ['probe-delete', 'probe-create'],
};

/** The probe kind an operation kind belongs to, or null for an ingest operation. */
export function probeKindOf(opKind: string): ProbeKind | null {
  for (const k of PROBE_KINDS) if (PROBE_OP_KINDS[k].includes(opKind as ProbeOpKind)) return k;
  return null;
}
