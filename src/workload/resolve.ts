/**
 * The effective workload: defaults, then a workload file, then flags, each overriding the one
 * before field by field; the result is validated as a whole.
 */
import { defaultWorkload } from './defaults.js';
import { validateWorkload } from './validate.js';
import type { Workload } from './workload.js';
import type { WorkloadOverrides } from './workload-file.js';

export function resolveWorkload(...layers: (WorkloadOverrides | undefined)[]): Workload {
  let w: Workload = defaultWorkload();
  for (const layer of layers) {
    if (!layer) continue;
    const defined = Object.fromEntries(Object.entries(layer).filter(([, v]) => v !== undefined)) as Partial<{
      [K in keyof WorkloadOverrides]: Exclude<WorkloadOverrides[K], undefined>;
    }>;
    w = { ...w, ...defined, fanout: { ...w.fanout, ...(defined.fanout ?? {}) } };
  }
  return validateWorkload(w);
}
