/** The JSON report against schemas/report.schema.json (draft 2020-12, validated with ajv). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import { compareRuns } from '../../src/analysis/baseline.js';
import { REPORT_SCHEMA_VERSION, renderJsonReport } from '../../src/report/json-report.js';
import { fedora3Input, fedoraInput, syntheticInput } from './report-fixture.js';

const Ajv2020 = Ajv2020Module.default;
const schema = JSON.parse(
  readFileSync(new URL('../../../schemas/report.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const validate = ajv.compile(schema);

const check = (report: unknown): void => {
  const ok = validate(report);
  assert.ok(ok, JSON.stringify(validate.errors, null, 2));
};

test('rendered reports validate against the schema: baseline, early stop with op latencies, PASS alone', () => {
  for (const input of [fedoraInput(), syntheticInput(), fedora3Input()]) check(JSON.parse(renderJsonReport(input)));
});

test('the report carries schemaVersion 1, the verdict, the gate and the comparison numbers', () => {
  const r = JSON.parse(renderJsonReport(fedoraInput()));
  assert.equal(r.schemaVersion, REPORT_SCHEMA_VERSION);
  assert.equal(r.schemaVersion, 1);
  assert.equal(r.verdict, 'FAIL');
  assert.equal(r.gate.verdict, 'FAIL');
  assert.equal(r.gate.warmupDropped, 1);
  assert.equal(r.batches.length, 25);
  assert.equal(r.errors.verdict, 'NO_DATA');
  assert.equal(r.baseline.verdict, 'PASS');
  const c = compareRuns(
    { timesMs: r.batches.map((b: { wallMs: number }) => b.wallMs), batchSize: 1000, warmupDropped: 1 },
    { timesMs: fedora3Input().candidate.evaluation.batches.map((b) => b.wallMs), batchSize: 1000, warmupDropped: 3 },
    { maxLevelChange: 0.25 },
  );
  assert.equal(r.baseline.comparison.scaling.ratio, c.scaling.ratio);
  assert.deepEqual(r.baseline.comparison.level.ci, c.level.ci);
  assert.equal(r.baseline.comparison.pairs, 22);
  const s = JSON.parse(renderJsonReport(syntheticInput()));
  assert.equal(s.earlyStop.batch, 12);
  assert.deepEqual(s.errors.byCode, { ETIMEDOUT: 3, HTTP_503: 1 });
  assert.equal(s.baseline, null);
});

test('negative: mutated reports fail validation', () => {
  const good = JSON.parse(renderJsonReport(fedoraInput()));
  const mutations: [string, (r: any) => void][] = [
    [
      'wrong schemaVersion',
      (r) => {
        r.schemaVersion = 2;
      },
    ],
    [
      'unknown verdict',
      (r) => {
        r.verdict = 'MAYBE';
      },
    ],
    [
      'missing batches',
      (r) => {
        delete r.batches;
      },
    ],
    [
      'unknown top-level field',
      (r) => {
        r.extra = true;
      },
    ],
    [
      'string where a number belongs',
      (r) => {
        r.batches[0].wallMs = '33795';
      },
    ],
    [
      'interval of three',
      (r) => {
        r.baseline.comparison.scaling.ci = [1, 2, 3];
      },
    ],
    [
      'bad level method',
      (r) => {
        r.baseline.comparison.level.method = 'bootstrap';
      },
    ],
    [
      'gate without a required field',
      (r) => {
        delete r.gate.growthRatio;
      },
    ],
  ];
  for (const [what, mutate] of mutations) {
    const r = structuredClone(good);
    mutate(r);
    assert.equal(validate(r), false, `${what} should not validate`);
  }
});
