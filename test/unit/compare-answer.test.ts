/**
 * The compare's answer (src/compare/compare-answer.ts, src/compare/phase-data.ts) against
 * schemas/compare.schema.json (draft 2020-12, ajv): three targets and three phases, a phase with
 * no operations (nulls), the verdict of several; per-batch values and summaries from rows worked by hand.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import { compareAnswer, type TargetPhases } from '../../src/compare/compare-answer.js';
import { phaseData } from '../../src/compare/phase-data.js';
import type { Phase } from '../../src/compare/phases.js';
import type { BatchRecord } from '../../src/model/records.js';
import { compareText } from '../../src/report/compare-text.js';

const Ajv2020 = Ajv2020Module.default;
const schema = JSON.parse(
  readFileSync(new URL('../../../schemas/compare.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

const batch = (index: number, wallMs: number): BatchRecord => ({
  index,
  objects: 10,
  objectsBefore: (index - 1) * 10,
  bytes: 1000,
  wallMs,
  okOps: 20,
  failedOps: 0,
  retriedOps: 0,
  p50Ms: 1,
  p95Ms: 2,
  p99Ms: 3,
  startedAt: '2026-12-03T00:00:00Z',
});

test('phase data: put pairs the batch wall time, get phases the batch median; summaries over the compared batches only', () => {
  const batches = [batch(1, 500), batch(2, 100), batch(3, 300)];
  const ops = [
    { b: 1, kind: 'create-object', status: 'ok', bytes: 0, d: 50 },
    { b: 2, kind: 'create-object', status: 'ok', bytes: 0, d: 2 },
    { b: 2, kind: 'add-datastream', status: 'ok', bytes: 1000, d: 4 },
    { b: 3, kind: 'add-datastream', status: 'failed', bytes: 0, d: 9 },
    { b: 2, kind: 'probe-get', status: 'ok', bytes: 100, d: 1 },
    { b: 2, kind: 'probe-get', status: 'ok', bytes: 100, d: 3 },
    { b: 3, kind: 'probe-get', status: 'ok', bytes: 100, d: 5 },
  ];
  const put = phaseData('put', batches, ops, 1, [
    { b: 2, kind: 'verify', status: 'ok', bytes: 1000, d: 1 },
    { b: 1, kind: 'verify', status: 'ok', bytes: 1000, d: 1 },
  ]);
  assert.deepEqual(put.perBatchMs, [500, 100, 300]);
  assert.equal(put.summary.medianMs, 200); // median of 100 and 300
  assert.equal(put.summary.p50Ms, 3); // ok ops of batches 2-3: 2 and 4
  assert.equal(put.summary.operations, 3);
  assert.equal(put.summary.failedOps, 1);
  assert.equal(put.summary.opsPerSec, 2 / 0.4); // 2 ok in 400 ms of batch wall time
  assert.equal(put.summary.mbPerSec, 1000 / 1e6 / 0.4);
  assert.equal(put.summary.bytesVerified, 1000); // readback of batch 2 (batch 1 is warm-up)
  const cold = phaseData('get-cold', batches, ops, 1, []);
  assert.deepEqual(cold.perBatchMs, [null, 2, 5]);
  assert.equal(cold.summary.opsPerSec, 3 / 0.009); // 3 reads in 9 ms of their own time
  assert.equal(cold.summary.bytesVerified, 300);
  const warm = phaseData('get-warm', batches, ops, 1, []);
  assert.deepEqual(warm.perBatchMs, [null, null, null]);
  assert.equal(warm.summary.p50Ms, null);
  assert.equal(warm.summary.opsPerSec, null);
});

test('the answer of three targets and three phases validates against schemas/compare.schema.json, and its text names every target', () => {
  const n = 20;
  const phases: Phase[] = ['put', 'get-cold', 'get-warm'];
  const target = (name: string, factor: (i: number) => number, emptyWarm = false): TargetPhases => {
    const batches = Array.from({ length: n }, (_, i) => batch(i + 1, 100 * factor(i) * (1 + 0.05 * Math.sin(i))));
    const ops = batches.flatMap((b, i) => [
      { b: b.index, kind: 'create-object', status: 'ok', bytes: 0, d: 2 * factor(i) },
      { b: b.index, kind: 'probe-get', status: 'ok', bytes: 100, d: factor(i) },
      ...(emptyWarm ? [] : [{ b: b.index, kind: 'probe-get-warm', status: 'ok', bytes: 100, d: 0.5 * factor(i) }]),
    ]);
    return {
      name,
      runId: `run-${name}`,
      phases: Object.fromEntries(phases.map((p) => [p, phaseData(p, batches, ops, 2, [])])),
    };
  };
  const a = compareAnswer([target('old', () => 1), target('same', () => 1), target('grows', (i) => 1 + i / 5, true)], {
    compareId: 'cmp',
    phases,
    batches: n,
    warmupBatches: 2,
    batchSize: 10,
    maxGrowth: 1.1,
    maxLevelChange: 0.25,
  });
  assert.ok(validate(JSON.parse(JSON.stringify(a))), JSON.stringify(validate.errors, null, 2));
  assert.equal(a.comparedBatches, 18);
  assert.deepEqual(Object.keys(a.level.put ?? {}), ['same', 'grows']);
  assert.equal(a.scaling.put?.grows?.verdict, 'FAIL');
  assert.equal(a.level.put?.grows?.verdict, 'FAIL');
  assert.equal(a.scaling['get-warm']?.grows?.verdict, 'INCONCLUSIVE'); // no warm reads at all
  assert.equal(a.level.put?.same?.estimate, 1);
  assert.equal(a.verdict, 'FAIL');
  const text = compareText(a);
  assert.match(
    text,
    /^compare cmp: old, same, grows \(reference: old\), 20 batches in ABBA order, 2 warm-up, 18 compared$/m,
  );
  assert.match(text, /^put: grows against old$/m);
  assert.match(
    text,
    /^FAIL {2}fails: grows put scaling, grows put level, grows get-cold scaling, grows get-cold level \(--max-growth 1\.10, --max-level-change 0\.25\)$/m,
  );
});
