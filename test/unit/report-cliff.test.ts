/**
 * A cliff and a WARN in every renderer: the verdict text names the cliff ("cliff at 20,000 objects:
 * x2.0 [..]") and heads the FAIL it decided; check --json / the JSON report carry `cliff`; the
 * Markdown and JUnit reports carry the text; the HTML chart has a marker at the cliff. WARN says
 * growth is likely but not shown to exceed the limit, with the CI. The CI level is named from the
 * gate's z the same way everywhere.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { checkJson } from '../../src/report/check-json.js';
import { gateJson } from '../../src/report/gate-json.js';
import { renderHtml } from '../../src/report/html/page.js';
import { renderJsonReport } from '../../src/report/json-report.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { renderVerdict } from '../../src/report/verdict-text.js';
import { assertCheckJson } from '../helpers/check-schema.js';
import { gauss, mulberry32 } from '../helpers/series.js';
import { aloneInput, evaluate, importedBatches, importedRun } from './report-fixture.js';

/** 40 batches of 1,000: 100 ms, 200 ms from batch 21 on, 4% noise, and a flat trend otherwise. */
function cliffTimes(): number[] {
  const u = mulberry32(5);
  return Array.from({ length: 40 }, (_, i) => (i >= 20 ? 200 : 100) * Math.exp(0.04 * gauss(u)));
}

function cliffInput(): ReportInput {
  const run = importedRun('Cliff0000001', 'cliff', 'ms', 40, '2026-01-15T09:00:00.000Z');
  return aloneInput({ evaluation: evaluate(run, importedBatches(cliffTimes(), 1000)), errors: [] });
}

test('text: the cliff is named by the objects stored, its size and CI, and the gate FAILs', () => {
  const g = growthGate(cliffTimes(), { batchSize: 1000 });
  assert.equal(g.verdict, 'FAIL');
  assert.ok(g.cliff !== null && g.cliff.fails);
  const text = renderVerdict(g, { label: 'cliff' });
  assert.match(
    text,
    /cliff at 20,000 objects: x(1\.9\d|2\.0\d) \[\d\.\d\d, \d\.\d\d\] \(per-batch time from batch 21 on \/ before it, 95% CI; Pettitt p = /,
  );
  assert.match(text, /lower bound above limit 1\.10/);
  assert.doesNotMatch(text, /x1\.25 needs/, 'no planning lines on FAIL');
});

test('check --json fields: cliff { batch, objects, ratio, ci, p }; null without a cliff', () => {
  const cliff = gateJson(growthGate(cliffTimes(), { batchSize: 1000 })).cliff;
  assert.ok(cliff);
  assert.equal(cliff.batch, 21);
  assert.equal(cliff.objects, 20_000);
  assert.ok(cliff.ratio !== null && cliff.ratio > 1.8 && cliff.ratio < 2.2);
  assert.ok(cliff.p < 0.001);
  assert.equal(cliff.ci.length, 2);
  const flat = Array.from({ length: 30 }, (_, i) => 100 + (i % 3));
  assert.equal(gateJson(growthGate(flat, { batchSize: 10 })).cliff, null);
});

test('reports: Markdown and JUnit carry the cliff; the HTML chart marks it; the JSON report and check --json validate', () => {
  const input = cliffInput();
  assert.match(renderMarkdown(input), /cliff at 20,000 objects: x/);
  const junit = renderJunit(input);
  assert.match(junit, /<failure message="FAIL cliff: cliff at 20,000 objects: x/);
  const html = renderHtml(input);
  assert.match(html, /<g class="marker cliff" data-x="20000"><title>cliff at 20,000 objects \(batch 21 on\): x/);
  const schema = JSON.parse(
    readFileSync(new URL('../../../schemas/report.schema.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  const ajv = new Ajv2020Module.default({ allErrors: true, strict: true, allowUnionTypes: true });
  const validate = ajv.compile(schema);
  const report = JSON.parse(renderJsonReport(input)) as { gate: { cliff: { batch: number } } };
  assert.ok(validate(report), JSON.stringify(validate.errors));
  assert.equal(report.gate.cliff.batch, 21);
  assertCheckJson(JSON.parse(JSON.stringify(checkJson(input))), 'check --json of a cliff');
});

test('WARN says growth is likely but not shown to exceed the limit, with the CI and how far it reaches', () => {
  const times = Array.from({ length: 25 }, (_, i) => 100 * Math.exp(0.004 * i + 0.02 * Math.sin(i * 2.3)));
  const g = growthGate(times, { batchSize: 1000 });
  assert.equal(g.verdict, 'WARN', `${g.ci}`);
  const text = renderVerdict(g);
  assert.match(text, /^WARN  growth likely, not shown to exceed the limit: per-batch time x1\.\d\d over batches/);
  assert.match(text, /95% CI \[1\.\d\d, 1\.\d\d\], lower bound above 1\.00 but not above limit 1\.10/);
  if (g.ci[1] > 1.1) assert.match(text, /the CI reaches x1\.\d\d, so growth beyond the limit is not ruled out/);
  assert.doesNotMatch(text, /below the limit/);
  assert.match(g.reason, /likely grows .* beyond the limit 1\.10 is not shown/);
});
