/**
 * The error budget of a stored run: whether its failed share of operations is within
 * --max-error-rate (PASS, FAIL, or NO_DATA for a series without operation records). load-evaluation.ts
 * judges the candidate with it, so `check`, `report` and `run` show one decision; the reports only
 * render it (report/report-facts.ts, errorBudgetText). The engine stops a run on the same test
 * (overErrorBudget) after each batch.
 */
import type { BatchRecord } from '../model/records.js';
import { sortedCodes } from '../model/error-codes.js';
import type { BatchErrors, EvaluatedRun } from './stored-evaluation.js';

export interface ErrorBudget {
  /** ok + failed operations recorded. */
  operations: number;
  failed: number;
  retried: number;
  /** failed / operations, null without operation records. */
  share: number | null;
  maxErrorRate: number;
  /** FAIL when share > maxErrorRate; NO_DATA without operation records (imported series). */
  verdict: 'PASS' | 'FAIL' | 'NO_DATA';
  /** Error code -> count over the run, largest first. */
  byCode: Record<string, number>;
}

/** A run's operation counts over its batches (ok, failed, and those retried before their last attempt). */
export interface OpTotals {
  ok: number;
  failed: number;
  retried: number;
}

/** The operation totals of batch records (the store sums the same columns without reading the records: readOpTotals). */
export function opTotalsOf(batches: readonly Pick<BatchRecord, 'okOps' | 'failedOps' | 'retriedOps'>[]): OpTotals {
  const totals: OpTotals = { ok: 0, failed: 0, retried: 0 };
  for (const b of batches) {
    totals.ok += b.okOps;
    totals.failed += b.failedOps;
    totals.retried += b.retriedOps;
  }
  return totals;
}

/**
 * Whether failed operations are over the budget: their share of the operations is above maxErrorRate
 * (a share equal to it is within). The engine and a shard stop a run on it after each batch; a stored
 * run's budget FAILs on it.
 */
export function overErrorBudget(failed: number, operations: number, maxErrorRate: number): boolean {
  return operations > 0 && failed / operations > maxErrorRate;
}

/** The error budget of operation totals and the run's error codes by batch, judged against maxErrorRate. */
export function errorBudgetOf(totals: OpTotals, errors: readonly BatchErrors[], maxErrorRate: number): ErrorBudget {
  const { ok, failed, retried } = totals;
  const codes: Record<string, number> = {};
  for (const e of errors) for (const [c, n] of Object.entries(e.codes)) codes[c] = (codes[c] ?? 0) + n;
  const operations = ok + failed;
  const share = operations > 0 ? failed / operations : null;
  const verdict = share === null ? 'NO_DATA' : overErrorBudget(failed, operations, maxErrorRate) ? 'FAIL' : 'PASS';
  return { operations, failed, retried, share, maxErrorRate, verdict, byCode: Object.fromEntries(sortedCodes(codes)) };
}

/** The error budget of an evaluated run from its batch records (an evaluation read with its batches, as `run` and the reports have it). */
export function errorBudget(r: EvaluatedRun, maxErrorRate: number): ErrorBudget {
  return errorBudgetOf(opTotalsOf(r.evaluation.batches), r.errors, maxErrorRate);
}
