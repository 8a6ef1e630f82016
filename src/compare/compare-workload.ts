/**
 * The `compare` use case: resolved options in (src/cli/compare-options.ts), a CompareOutcome out.
 * Every target is made and preflighted before the results database is opened (a target that does
 * not work writes nothing); then the compare runs (compare-session.ts). It prints nothing: the
 * caller hears of the start and each batch through the options' callbacks, and renders the outcome.
 */
import { ResultsStore } from '../store/index.js';
import { prepareTargets, runCompare, type CompareOptions, type CompareOutcome } from './compare-session.js';

/** A compare's resolved options: what the session takes, less its callbacks, with the database and the stop grace. */
export type CompareRunOptions = Omit<CompareOptions, 'signal' | 'abortNow' | 'onStart' | 'onBatch'> & {
  /** The results database (--db). */
  db: string;
  /** --stop-grace: how long the batches in flight may finish after the first signal. */
  stopGraceMs: number;
};

export type CompareEvents = Pick<CompareOptions, 'signal' | 'abortNow' | 'onStart' | 'onBatch'>;

export async function compareWorkload(o: CompareRunOptions, ev: CompareEvents = {}): Promise<CompareOutcome> {
  const prepared = await prepareTargets(o);
  let store: ResultsStore;
  try {
    store = await ResultsStore.open(o.db, 'write');
  } catch (e) {
    for (const p of prepared) await p.release().catch(() => undefined);
    throw e;
  }
  try {
    const { db: _db, stopGraceMs: _grace, ...session } = o;
    return await runCompare(store, prepared, { ...session, ...ev });
  } finally {
    await store.close();
  }
}
