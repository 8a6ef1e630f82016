/**
 * `check --json` built from an evaluation (src/report/check-json.ts) against schemas/check.schema.json:
 * alone and against a baseline, with an early stop and failed operations, with probes, with a gate on
 * operation records and without; and the schema refusing what the builder never writes.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkJson, type CheckJson } from '../../src/report/check-json.js';
import { assertCheckJson, checkSchemaErrors } from '../helpers/check-schema.js';
import { probeInput } from './probe-report-fixture.js';
import { fedora3Input, fedoraInput, syntheticInput } from './report-fixture.js';

/** The object as printed: what JSON.stringify makes of it (NaN and Infinity become null). */
const printed = (j: CheckJson): Record<string, any> => JSON.parse(JSON.stringify(j)) as Record<string, any>;

test('every evaluation of the fixtures gives a check --json that validates', () => {
  const cases = {
    baseline: fedoraInput(),
    alone: fedora3Input(),
    earlyStop: syntheticInput(),
    probes: probeInput(true),
  };
  for (const [name, input] of Object.entries(cases)) assertCheckJson(printed(checkJson(input)), name);
});

test('against a baseline: verdict is the comparison’s, ownVerdict the run’s, no probes', () => {
  const input = { ...fedoraInput(), probes: probeInput().probes! };
  const j = checkJson(input);
  assert.equal(j.verdict, input.comparison?.comparison.verdict);
  assert.equal(j.ownVerdict, input.candidate.evaluation.verdict);
  assert.equal(j.baseline?.runId, input.baseline?.evaluation.run.id);
  assert.equal(j.baseline?.pairs, input.comparison?.comparison.pairs);
  assert.equal(j.probes, undefined, 'check --baseline gives no probe verdicts');
  const keys = Object.keys(j);
  assert.equal(keys.indexOf('verdict'), 3, 'verdict keeps its place after runId, label, status');
  assert.deepEqual(keys.slice(-4), ['gates', 'errors', 'ownVerdict', 'baseline']);
});

test('alone: the run’s verdict, its gates, its error budget by code, its early stop and its probes', () => {
  const input = probeInput(true);
  const j = checkJson(input);
  assert.equal(j.verdict, input.candidate.evaluation.verdict);
  assert.equal(j.ownVerdict, undefined);
  assert.equal(j.baseline, undefined);
  assert.deepEqual(j.gates, { maxGrowth: 1.1, maxErrorRate: 0.01, minDetectable: null, overridden: [] });
  assert.deepEqual(j.errors, input.errorBudget);
  assert.deepEqual(j.errors.byCode, { ETIMEDOUT: 3, HTTP_503: 1 });
  assert.equal(j.stoppedEarly?.batch, input.candidate.evaluation.run.stopInfo?.batch);
  assert.deepEqual(Object.keys(j.probes ?? {}), ['get', 'head', 'list']);
  assert.equal(j.perOperation, true, 'a run with operation records is gated per operation');
  const none = checkJson(fedora3Input());
  assert.equal(none.probes, undefined, 'no probes key for a run without probes');
  assert.equal(none.perOperation, false);
  assert.equal(none.contention, null, 'no host contention guard for an import');
});

test('negative: the schema refuses renamed, unknown, retyped and mixed-up fields', () => {
  const alone = printed(checkJson(probeInput()));
  const against = printed(checkJson(fedoraInput()));
  const mutations: [string, Record<string, any>, (j: Record<string, any>) => unknown][] = [
    ['an unknown top-level field', alone, (j) => (j['extra'] = 1)],
    ['a renamed field', alone, (j) => ((j['growth'] = j['growthRatio']), delete j['growthRatio'])],
    ['a string where a number belongs', alone, (j) => (j['growthRatio'] = '1.2')],
    ['an unknown verdict', alone, (j) => (j['verdict'] = 'MAYBE')],
    ['an unknown probe kind', alone, (j) => (j['probes']['scan'] = structuredClone(j['probes']['get']) as unknown)],
    ['a field added to a probe', alone, (j) => (j['probes']['get']['p95Ms'] = 3)],
    ['an error budget without byCode', alone, (j) => delete j['errors']['byCode']],
    ['a gate note that is not a list', alone, (j) => (j['gates']['overridden'] = 'none')],
    ['a field added to the operation gate look', alone, (j) => (j['wallTime']['extra'] = true)],
    ['a cliff without its p-value', alone, (j) => (j['cliff'] = { batch: 3, objects: 400, ratio: 2, ci: [1.5, 2.5] })],
    ['ownVerdict without a baseline', alone, (j) => (j['ownVerdict'] = 'PASS')],
    ['only part of the operation gate', alone, (j) => delete j['noise']],
    ['probes next to a baseline', against, (j) => (j['probes'] = structuredClone(alone['probes']) as unknown)],
    ['a baseline without its scaling ratio', against, (j) => delete j['baseline']['scaling']['ratio']],
    ['a field added to the baseline', against, (j) => (j['baseline']['level2'] = null)],
    ['a level verdict that is not one', against, (j) => (j['baseline']['level']['verdict'] = 'OK')],
  ];
  assert.deepEqual(checkSchemaErrors(alone), []);
  assert.deepEqual(checkSchemaErrors(against), []);
  for (const [what, good, mutate] of mutations) {
    const bad = structuredClone(good);
    mutate(bad);
    assert.notDeepEqual(checkSchemaErrors(bad), [], `the schema accepts ${what}`);
  }
});
