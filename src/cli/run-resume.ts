/**
 * `run --resume RUN`: which run, and a check that nothing typed would change it. The workload, the
 * backend, the target and the gate settings are the run's own (from its record); a flag that would
 * change them is refused (exit 2). This slice resumes runs into the embedded store.
 */
import { checkResumable } from '../engine/resume-run.js';
import { UsageError } from '../errors.js';
import type { RunRecord } from '../model/records.js';
import { ResultsStore } from '../store/results-store.js';
import type { Workload } from '../workload/workload.js';
import type { RunFlags } from './run-action.js';

/** Flags that would change a run's workload or target, as RunFlags keys and as typed. */
const FIXED: [keyof RunFlags, string][] = [
  ['objects', '--objects'], ['batchSize', '--batch-size'], ['concurrency', '--concurrency'], ['datastream', '--datastream'],
  ['seed', '--seed'], ['layout', '--layout'], ['fanoutWidth', '--fanout-width'], ['fanoutDepth', '--fanout-depth'],
  ['verify', '--verify'], ['workload', '--workload'], ['data', '--data'], ['label', '--label'],
];

export interface ResumeTarget {
  run: RunRecord;
  workload: Workload;
}

export async function resumeTarget(f: RunFlags): Promise<ResumeTarget> {
  const given = FIXED.filter(([k]) => f[k] !== undefined).map(([, flag]) => flag);
  if (given.length > 0) {
    throw new UsageError('E_BAD_FLAG', `--resume carries on a run with its own workload and target; ${given.join(', ')} would change them`, `drop ${given.join(', ')}, or start a new run without --resume`);
  }
  const store = await ResultsStore.open(f.db, 'read');
  let run: RunRecord;
  try {
    run = await store.resolveRun(f.resume ?? 'last');
  } finally {
    await store.close();
  }
  checkResumable(run);
  if (run.backend !== 'leveldb' || run.target === null) {
    throw new UsageError('E_USAGE', `run ${run.id} ran into ${run.backend}; --resume supports runs into the embedded store (leveldb) so far`, `remove what it stored with \`ingest-scale clean ${run.id}\` and start a new run`);
  }
  if (f.backend !== run.backend) throw new UsageError('E_BAD_FLAG', `--backend ${f.backend}: run ${run.id} ran into ${run.backend}`, 'drop --backend with --resume');
  return { run, workload: run.workload as Workload };
}
