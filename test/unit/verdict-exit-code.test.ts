/**
 * One evaluation, one exit code (verdict/exit-code.ts): the published Fedora 4 series FAILs alone
 * (the limit 1.10) and against Fedora 3 (scaling ratio x3.88, level x3.51), and PASSes against
 * itself (both ratios x1): with a baseline the comparison decides, not the run's own verdict; a failed run
 * exits 4 whatever its growth; an unfinished run against a baseline is INCONCLUSIVE (3) unless gated
 * partially; --gate-probes exits on the worst of ingest and probes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ExitCode } from '../../src/exit-codes.js';
import { evaluateBaseline } from '../../src/verdict/evaluate-baseline.js';
import { errorBudget } from '../../src/verdict/error-budget.js';
import { exitCodeOf, worstVerdict } from '../../src/verdict/exit-code.js';
import type { ProbeVerdict } from '../../src/verdict/probe-stats.js';
import type { StoredEvaluation } from '../../src/verdict/stored-evaluation.js';
import { fedoraInput, fedoraRuns } from './report-fixture.js';

const GATES = { maxGrowth: 1.1, maxLevelChange: 0.25, maxErrorRate: 0.01 };

function fedora4Alone(): StoredEvaluation {
  const { fedora4 } = fedoraRuns();
  return { candidate: fedora4, gates: GATES, errorBudget: errorBudget(fedora4, GATES.maxErrorRate) };
}

/** Fedora 4 against a second copy of itself: its own verdict FAIL, the comparison PASS. */
function fedora4AgainstItself(): StoredEvaluation {
  const { fedora4 } = fedoraRuns();
  const copy = fedoraRuns().fedora4;
  return {
    candidate: fedora4,
    baseline: copy,
    comparison: evaluateBaseline(fedora4.evaluation, copy.evaluation, GATES),
    gates: GATES,
    errorBudget: errorBudget(fedora4, GATES.maxErrorRate),
  };
}

test('with a baseline the comparison is the verdict: Fedora 4 exits 1 alone and against Fedora 3, 0 against itself', () => {
  const alone = fedora4Alone();
  assert.equal(alone.candidate.evaluation.verdict, 'FAIL');
  assert.equal(exitCodeOf(alone), ExitCode.GateFailed);
  const against = fedoraInput();
  assert.equal(against.comparison?.comparison.verdict, 'FAIL');
  assert.equal(exitCodeOf(against), ExitCode.GateFailed);
  const self = fedora4AgainstItself();
  assert.equal(self.candidate.evaluation.verdict, 'FAIL');
  assert.equal(self.comparison?.comparison.scaling.ratio, 1);
  assert.equal(self.comparison?.comparison.verdict, 'PASS');
  assert.equal(exitCodeOf(self), ExitCode.Ok);
});

test('evaluateBaseline pairs the runs after the wall-time warm-up (1 for Fedora 4, 3 for Fedora 3: 22 pairs of 25)', () => {
  const { fedora4, fedora3 } = fedoraRuns();
  const facts = evaluateBaseline(fedora4.evaluation, fedora3.evaluation, GATES);
  assert.equal(fedora4.evaluation.gate.wallTime.warmupDropped, 1);
  assert.equal(fedora3.evaluation.gate.wallTime.warmupDropped, 3);
  assert.equal(facts.comparison.pairs, 22);
  assert.deepEqual(facts.workload.refusals, []);
});

test('a failed run exits 4, alone and against a baseline', () => {
  for (const e of [fedora4Alone(), fedoraInput()]) {
    e.candidate.evaluation.completion = {
      state: 'failed',
      text: 'run F4 failed at batch 25 of 25',
      gatedPartial: false,
    };
    assert.equal(exitCodeOf(e), ExitCode.RunFailed);
  }
});

test('an unfinished run against a baseline exits on its own INCONCLUSIVE, unless gated partially', () => {
  const e = fedora4AgainstItself();
  e.candidate.evaluation.completion = {
    state: 'partial',
    text: 'run F4 stopped at batch 25 of 40',
    gatedPartial: false,
  };
  e.candidate.evaluation.verdict = 'INCONCLUSIVE';
  assert.equal(exitCodeOf(e), ExitCode.Inconclusive);
  e.candidate.evaluation.completion = { ...e.candidate.evaluation.completion, gatedPartial: true };
  assert.equal(exitCodeOf(e), ExitCode.Ok);
});

test('--gate-probes exits on the worst of ingest and probes; ungated probes do not count', () => {
  const fedora3 = fedoraRuns().fedora3;
  assert.equal(fedora3.evaluation.verdict, 'PASS');
  const failing = { kind: 'get', verdict: 'FAIL' } as unknown as ProbeVerdict;
  const e: StoredEvaluation = {
    candidate: fedora3,
    gates: GATES,
    errorBudget: errorBudget(fedora3, GATES.maxErrorRate),
    probes: { verdicts: [failing], series: [], gated: true },
  };
  assert.equal(exitCodeOf(e), ExitCode.GateFailed);
  assert.equal(exitCodeOf({ ...e, probes: { verdicts: [failing], series: [], gated: false } }), ExitCode.Ok);
  assert.equal(worstVerdict('WARN', [{ verdict: 'INCONCLUSIVE' } as unknown as ProbeVerdict]), 'INCONCLUSIVE');
});
