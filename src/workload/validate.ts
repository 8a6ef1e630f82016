/**
 * Validation of a complete Workload, whatever it came from (defaults, a JSON file, flags).
 * Every message names the flag (or file field) and the fix.
 */
import { UsageError } from '../errors.js';
import { validateDatastreamId } from './datastream-spec.js';
import { LAYOUTS, VERIFY_MODES, type Workload } from './workload.js';

export const LIMITS = {
  objects: 1_000_000_000,
  concurrency: 1024,
  datastreams: 32,
  fanoutWidth: 4096,
  fanoutDepth: 8,
};

function intIn(value: number, name: string, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${name} must be a whole number from ${min} to ${max} (got ${value})`,
      `set ${name} to a value in that range`,
    );
  }
}

/** Throws a UsageError for the first problem; returns the workload unchanged when valid. */
export function validateWorkload(
  w: Workload,
  names: Partial<Record<keyof Workload | 'fanoutWidth' | 'fanoutDepth', string>> = {},
): Workload {
  const n = (k: keyof Workload | 'fanoutWidth' | 'fanoutDepth', flag: string): string => names[k] ?? flag;
  intIn(w.objects, n('objects', '--objects'), 1, LIMITS.objects);
  intIn(w.batchSize, n('batchSize', '--batch-size'), 1, LIMITS.objects);
  if (w.batchSize > w.objects) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${n('batchSize', '--batch-size')} (${w.batchSize}) is larger than ${n('objects', '--objects')} (${w.objects})`,
      'use a batch size of at most objects/10 so the growth gate has batches to fit',
    );
  }
  intIn(w.concurrency, n('concurrency', '--concurrency'), 1, LIMITS.concurrency);
  intIn(w.seed, n('seed', '--seed'), 0, 2 ** 32 - 1);
  if (!LAYOUTS.includes(w.layout)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${n('layout', '--layout')} "${w.layout}" is unknown`,
      `use one of: ${LAYOUTS.join(', ')}`,
    );
  }
  if (!VERIFY_MODES.includes(w.verify)) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${n('verify', '--verify')} "${w.verify}" is unknown`,
      `use one of: ${VERIFY_MODES.join(', ')}`,
    );
  }
  intIn(w.fanout.width, n('fanoutWidth', '--fanout-width'), 2, LIMITS.fanoutWidth);
  intIn(w.fanout.depth, n('fanoutDepth', '--fanout-depth'), 1, LIMITS.fanoutDepth);
  const where = n('datastreams', '--datastream');
  if (w.datastreams.length < 1 || w.datastreams.length > LIMITS.datastreams) {
    throw new UsageError(
      'E_BAD_WORKLOAD',
      `${where}: an object needs 1 to ${LIMITS.datastreams} datastreams (got ${w.datastreams.length})`,
      'give --datastream ID:SIZE once per datastream',
    );
  }
  const seen = new Set<string>();
  for (const ds of w.datastreams) {
    validateDatastreamId(ds.id, where);
    if (seen.has(ds.id)) {
      throw new UsageError(
        'E_BAD_WORKLOAD',
        `${where}: datastream id "${ds.id}" appears twice`,
        'give every datastream its own id',
      );
    }
    seen.add(ds.id);
    if (!/^[\w.+-]+\/[\w.+-]+$/.test(ds.mime)) {
      throw new UsageError(
        'E_BAD_WORKLOAD',
        `${where}: MIME type "${ds.mime}" of "${ds.id}" is not type/subtype`,
        'e.g. application/octet-stream',
      );
    }
  }
  return w;
}
