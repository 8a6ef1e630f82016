/**
 * `run --resume RUN`: which run, and a check that nothing typed would change it. The workload, the
 * backend, the target and the gate settings are the run's own (from its record); a flag that would
 * change them is refused (exit 2): workload flags, --backend naming another backend, and the backend
 * flags that name a target (--url, --bucket, --collections, --flavor, …). Access flags that `clean`
 * also takes (--user, --ca, --profile) are given again, as the secrets in the environment are.
 */
import { checkResumable } from '../engine/index.js';
import { BACKEND_FLAGS, backendFlags } from '../backends/index.js';
import { UsageError } from '../errors.js';
import type { RunRecord } from '../model/records.js';
import { ResultsStore } from '../store/index.js';
import type { Workload } from '../workload/index.js';
import type { RunFlags } from './run-action.js';

/** Flags that would change a run's workload or target, as RunFlags keys and as typed. */
const FIXED: [keyof RunFlags, string][] = [
  ['objects', '--objects'],
  ['batchSize', '--batch-size'],
  ['concurrency', '--concurrency'],
  ['datastream', '--datastream'],
  ['seed', '--seed'],
  ['layout', '--layout'],
  ['fanoutWidth', '--fanout-width'],
  ['fanoutDepth', '--fanout-depth'],
  ['verify', '--verify'],
  ['workload', '--workload'],
  ['data', '--data'],
  ['label', '--label'],
];

export interface ResumeTarget {
  run: RunRecord;
  workload: Workload;
}

/** Backend flags of `run` that are not access flags of `clean`: they name the target, which a resume takes from the run. */
const ACCESS = new Set(backendFlags('clean').map((b) => b.key));
const TARGET_FLAGS = BACKEND_FLAGS.filter((b) => !ACCESS.has(b.key) && b.key !== 'keepData');

export async function resumeTarget(f: RunFlags, o: { backendDefaulted?: boolean } = {}): Promise<ResumeTarget> {
  const flags = f as unknown as Record<string, unknown>;
  const given = [
    ...new Set([
      ...FIXED.filter(([k]) => f[k] !== undefined).map(([, flag]) => flag),
      ...TARGET_FLAGS.filter((b) => flags[b.key] !== undefined && flags[b.key] !== false).map((b) => b.flag),
    ]),
  ];
  if (given.length > 0) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--resume carries on a run with its own workload and target; ${given.join(', ')} would change them`,
      `drop ${given.join(', ')}, or start a new run without --resume`,
    );
  }
  const store = await ResultsStore.open(f.db, 'read');
  let run: RunRecord;
  try {
    run = await store.resolveRun(f.resume ?? 'last');
  } finally {
    await store.close();
  }
  checkResumable(run);
  if (run.target === null)
    throw new UsageError('E_USAGE', `run ${run.id} recorded no target; it cannot be resumed`, 'start a new run');
  if (run.backend === 'memory') {
    throw new UsageError(
      'E_USAGE',
      `run ${run.id} ran into the memory backend, whose objects lived only in the process that ran it: there is nothing to carry on`,
      'start a new run (`ingest-scale runs delete ' + run.id + '` forgets this one)',
    );
  }
  if (o.backendDefaulted !== true && f.backend !== run.backend)
    throw new UsageError(
      'E_BAD_FLAG',
      `--backend ${f.backend}: run ${run.id} ran into ${run.backend}`,
      'drop --backend with --resume',
    );
  return { run, workload: run.workload as Workload };
}
