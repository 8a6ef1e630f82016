/**
 * The error budget is the verdict's (verdict/error-budget.ts): the failed share of a run's operations
 * against --max-error-rate, PASS up to the limit, FAIL above it, NO_DATA for a series without
 * operation records; codes summed over the batches, largest first. The reports render the value
 * they are given (report-facts.ts, errorBudgetText), and the exit code stays the growth verdict's.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ExitCode } from '../../src/exit-codes.js';
import { errorBudgetText } from '../../src/report/report-facts.js';
import { errorBudget, errorBudgetOf, opTotalsOf } from '../../src/verdict/error-budget.js';
import { exitCodeOf } from '../../src/verdict/exit-code.js';
import { aloneInput, fedoraRuns, syntheticRun } from './report-fixture.js';

const ERRORS = [
  { batch: 2, codes: { HTTP_503: 1, ETIMEDOUT: 2 } },
  { batch: 5, codes: { ECONNRESET: 3, ETIMEDOUT: 1 } },
];

test('PASS up to --max-error-rate, FAIL above it: 6 of 1,000 is 0.6%', () => {
  const totals = { ok: 994, failed: 6, retried: 2 };
  const within = errorBudgetOf(totals, ERRORS, 0.01);
  assert.equal(within.verdict, 'PASS');
  assert.equal(within.operations, 1000);
  assert.equal(within.share, 0.006);
  assert.equal(errorBudgetOf(totals, ERRORS, 0.006).verdict, 'PASS', 'a share equal to the limit is within it');
  const above = errorBudgetOf(totals, ERRORS, 0.005);
  assert.equal(above.verdict, 'FAIL');
  assert.equal(above.maxErrorRate, 0.005);
  assert.equal(
    errorBudgetText(above),
    '6 of 1,000 operations failed (0.60%, above the 0.5% budget): ECONNRESET 3, ETIMEDOUT 3, HTTP_503 1; 2 retried',
  );
});

test('codes are summed over the batches, by count (largest first) and then by name', () => {
  const b = errorBudgetOf({ ok: 994, failed: 6, retried: 0 }, ERRORS, 0.01);
  assert.deepEqual(Object.entries(b.byCode), [
    ['ECONNRESET', 3],
    ['ETIMEDOUT', 3],
    ['HTTP_503', 1],
  ]);
});

test('NO_DATA without operation records (an imported series)', () => {
  const b = errorBudget(fedoraRuns().fedora3, 0.01);
  assert.equal(b.verdict, 'NO_DATA');
  assert.equal(b.share, null);
  assert.equal(b.operations, 0);
  assert.match(errorBudgetText(b), /the error budget cannot be checked/);
});

test('from batch records: the totals of the batches (the store sums the same columns for a lean check)', () => {
  const run = syntheticRun();
  const totals = opTotalsOf(run.evaluation.batches);
  assert.equal(totals.failed, 4);
  assert.equal(totals.ok + totals.failed, 400 * run.evaluation.batches.length);
  assert.equal(totals.retried, 2);
  assert.deepEqual(errorBudget(run, 0.01), errorBudgetOf(totals, run.errors, 0.01));
});

test("the exit code stays the growth verdict's: a PASS whose budget FAILs exits 0 (the engine stops such a run itself)", () => {
  const input = aloneInput(fedoraRuns().fedora3);
  const spent = { ...input, errorBudget: errorBudgetOf({ ok: 90, failed: 10, retried: 0 }, [], 0.01) };
  assert.equal(spent.errorBudget.verdict, 'FAIL');
  assert.equal(exitCodeOf(spent), ExitCode.Ok);
});
