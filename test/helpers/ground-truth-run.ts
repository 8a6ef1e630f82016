/**
 * The ground-truth store and a run filling it, as the growth-gate integration tests use them:
 * `serve --protocol http-put --cost COST` (its own process, pre-filled so the index starts at the
 * run's size) and the arguments of `run --backend http-put` that fill it with 1 KiB objects (16 in
 * flight unless told), without collections. Each test runs those arguments its own way (to completion, or
 * watched while a load starts: batchesSoFar reads how far it is).
 */
import { ResultsStore } from '../../src/store/results-store.js';
import { serve, type ServedProcess } from './serve.js';

/** `serve --protocol http-put --cost <cost> --base-cost <baseCost> --fill <fill> [extra]`; stop it with stop(). */
export function serveGroundTruth(
  cost: string,
  baseCost: string,
  fill: number,
  extra: string[] = [],
): Promise<ServedProcess> {
  return serve(['--protocol', 'http-put', '--cost', cost, '--base-cost', baseCost, '--fill', String(fill), ...extra]);
}

export interface GroundTruthRun {
  url: string;
  objects: number;
  batchSize: number;
  db: string;
  label: string;
  /** Objects in flight (16 by default). */
  concurrency?: number;
  /** More flags of `run` (e.g. --no-stop-early). */
  extra?: string[];
}

/** The arguments of `ingest-scale run` (without the binary) that fill the store at `url`. */
export function groundTruthRunArgs(r: GroundTruthRun): string[] {
  return [
    'run',
    '--backend',
    'http-put',
    '--url',
    r.url,
    '--collections',
    'none',
    '-n',
    String(r.objects),
    '--batch-size',
    String(r.batchSize),
    '--concurrency',
    String(r.concurrency ?? 16),
    '--datastream',
    'D:1KiB',
    '--db',
    r.db,
    '--no-chart',
    '--label',
    r.label,
    ...(r.extra ?? []),
  ];
}

/** Batches the last run in `db` has recorded so far (0 while the database or the run does not exist yet). */
export async function batchesSoFar(db: string): Promise<number> {
  try {
    const store = await ResultsStore.open(db, 'read');
    try {
      return (await store.batches((await store.resolveRun('last')).id)).length;
    } finally {
      await store.close();
    }
  } catch {
    return 0;
  }
}
