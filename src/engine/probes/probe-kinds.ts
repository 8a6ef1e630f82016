/**
 * The read-side probe kinds of `run --probe KINDS` (docs/probes.md) and which backend capability each
 * needs: `get` reads a whole datastream (ReadCapability), `head` its metadata (HeadCapability),
 * `range` a byte range (RangeReadCapability), `list` the first page of the run's listing
 * (ListPageCapability), `update` writes the next version of a datastream (UpdateCapability), `delete` creates an object outside the population and removes it
 * (RemoveCapability). A kind the backend cannot do is refused before the run starts (exit 2).
 */
import {
  canHead,
  canListPage,
  canRead,
  canReadRange,
  canRemove,
  canUpdate,
  type Backend,
} from '../../backends/index.js';
import { UsageError } from '../../errors.js';
import { PROBE_KINDS, type ProbeKind } from '../../model/probe-kinds.js';

export { PROBE_KINDS, PROBE_OP_KINDS, probeKindOf, type ProbeKind } from '../../model/probe-kinds.js';

/** `--probe get,head` or `--probe all`; an empty or unknown kind is a usage error naming the flag. */
export function parseProbeKinds(raw: string): ProbeKind[] {
  const parts = raw.split(',').map((s) => s.trim().toLowerCase());
  if (parts.length === 1 && parts[0] === 'all') return [...PROBE_KINDS];
  const out: ProbeKind[] = [];
  for (const p of parts) {
    if (!(PROBE_KINDS as readonly string[]).includes(p)) {
      throw new UsageError(
        'E_BAD_FLAG',
        `--probe "${raw}": "${p}" is not a probe kind`,
        `give a comma list of ${PROBE_KINDS.join(', ')}, or --probe all`,
      );
    }
    if (!out.includes(p as ProbeKind)) out.push(p as ProbeKind);
  }
  return out;
}

const CAN: Record<ProbeKind, (b: Backend) => boolean> = {
  get: canRead,
  head: canHead,
  range: canReadRange,
  list: canListPage,
  update: canUpdate,
  delete: canRemove,
};

/** Refuses (exit 2) the first kind the backend cannot probe, naming the kind and the backend. */
export function refuseUnsupportedProbes(backend: Backend, kinds: readonly ProbeKind[]): void {
  const missing = kinds.filter((k) => !CAN[k](backend));
  if (missing.length === 0) return;
  const can = PROBE_KINDS.filter((k) => CAN[k](backend));
  throw new UsageError(
    'E_PROBE_UNSUPPORTED',
    `--probe ${missing.join(',')}: backend ${backend.name} cannot run the ${missing.join(', ')} probe${missing.length > 1 ? 's' : ''}`,
    can.length > 0
      ? `drop ${missing.join(', ')} from --probe; ${backend.name} can probe ${can.join(', ')}`
      : `drop --probe with --backend ${backend.name}`,
  );
}
