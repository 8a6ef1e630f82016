/**
 * Read-side probes in every report format (docs/probes.md): the JSON report's `probes` (as check --json),
 * one JUnit test case per probe kind (failing only with --gate-probes), the Markdown section and
 * the HTML probe panel (cold and warm as two series per get chart, a verdict banner per kind).
 * The probe rows are seeded (probe-report-fixture.ts): list grows 12% per batch, get and head are flat.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import { renderHtml } from '../../src/report/html/page.js';
import { renderJsonReport } from '../../src/report/json-report.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { probeJson } from '../../src/report/probe-text.js';
import { probeInput } from './probe-report-fixture.js';
import { syntheticInput } from './report-fixture.js';

const schema = JSON.parse(
  readFileSync(new URL('../../../schemas/report.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const validate = new Ajv2020Module.default({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

const valid = (report: unknown): void => {
  const ok = validate(report);
  assert.ok(ok, JSON.stringify(validate.errors, null, 2));
};

const testcase = (xml: string, name: string): string => {
  const m = new RegExp(`<testcase classname="ingest-scale" name="${name}"[\\s\\S]*?</testcase>`).exec(xml);
  assert.ok(m, `test case ${name} is missing`);
  return m[0];
};

test('the fixture: list FAILs (x1.12 per batch), get and head PASS', () => {
  const p = probeInput().probes;
  assert.ok(p);
  const by = Object.fromEntries(p.verdicts.map((v) => [v.kind, v]));
  assert.deepEqual(Object.keys(by), ['get', 'head', 'list']);
  assert.equal(by['list']?.verdict, 'FAIL');
  assert.equal(by['get']?.verdict, 'PASS');
  assert.equal(by['head']?.verdict, 'PASS');
});

test('JSON report: probes as check --json has them, valid against the schema; null without probes', () => {
  const input = probeInput(true);
  const r = JSON.parse(renderJsonReport(input));
  valid(r);
  assert.deepEqual(r.probes, JSON.parse(JSON.stringify(probeJson(input.probes?.verdicts ?? []))));
  assert.equal(r.probes.list.verdict, 'FAIL');
  assert.ok(r.probes.list.ci[0] > 1.1);
  assert.ok(r.probes.get.warmMedianMs < r.probes.get.coldMedianMs);
  assert.equal(r.probes.head.warmMedianMs, null);
  assert.equal(r.gates.gateProbes, true);
  const plain = JSON.parse(renderJsonReport(syntheticInput()));
  valid(plain);
  assert.equal(plain.probes, null);
  assert.equal(plain.gates.gateProbes, false);
});

test('JUnit: a test case per probe kind; the list FAIL fails its case only with --gate-probes', () => {
  const reported = renderJunit(probeInput(false));
  const gated = renderJunit(probeInput(true));
  for (const xml of [reported, gated]) for (const k of ['get', 'head', 'list']) testcase(xml, `probe ${k}`);
  assert.doesNotMatch(testcase(reported, 'probe list'), /<failure/);
  assert.match(
    testcase(reported, 'probe list'),
    /FAIL {2}list probe: x\d\.\d\d \[[\d.]+, [\d.]+\] over batches .*reported; check --gate-probes gates on them/s,
  );
  assert.match(testcase(gated, 'probe list'), /<failure message="FAIL {2}list probe: x/);
  assert.doesNotMatch(testcase(gated, 'probe get'), /<failure|<skipped/);
  const failures = (xml: string): number =>
    Number(/<testsuites name="ingest-scale" tests="\d+" failures="(\d+)"/.exec(xml)?.[1]);
  assert.equal(failures(gated), failures(reported) + 1);
  assert.doesNotMatch(renderJunit(syntheticInput()), /name="probe /);
});

test('Markdown: a probe section with a row per kind and the verdict lines; none without probes', () => {
  const md = renderMarkdown(probeInput());
  assert.match(md, /## Read-side probes/);
  assert.match(md, /^\| list \| FAIL \| x\d\.\d\d \| \[[\d.]+, [\d.]+\] \| [\d.]+ ms \| - \| \d+ \|$/m);
  assert.match(md, /^\| get \| PASS \| .* \| [\d.]+ ms \| [\d.]+ ms \| \d+ \|$/m);
  assert.match(md, /^ {2}list {2}FAIL {9}x/m);
  assert.ok(md.indexOf('## Read-side probes') < md.indexOf('## Error budget'));
  assert.doesNotMatch(renderMarkdown(syntheticInput()), /Read-side probes/);
});

test('HTML: a probe panel with a verdict banner and a chart per kind; get has cold and warm series', () => {
  const input = probeInput();
  const html = renderHtml(input);
  const batches = input.candidate.evaluation.batches.length;
  assert.match(html, /<section id="probes" aria-label="Read-side probes">/);
  for (const k of ['get', 'head', 'list'])
    assert.match(html, new RegExp(`<svg xmlns="http://www.w3.org/2000/svg" id="chart-probe-${k}"`));
  const pts = (cls: string): number => [...html.matchAll(new RegExp(`class="pt [^"]*\\b${cls}\\b[^"]*"`, 'g'))].length;
  assert.equal(pts('probe-cold'), batches);
  assert.equal(pts('probe-warm'), batches);
  assert.equal(pts('probe-list'), batches);
  assert.match(html, /aria-label="list probe: FAIL"/);
  assert.match(html, /aria-label="get probe: PASS"/);
  assert.match(html, /class="trend trend-probe-list"/);
  // x is the objects stored when the probes ran: the end of the batch
  const last = input.candidate.evaluation.batches[batches - 1];
  assert.ok(last);
  assert.match(
    html,
    new RegExp(
      `class="pt probe-list candidate" data-run="candidate" data-batch="${batches}" data-x="${last.objectsBefore + last.objects}"`,
    ),
  );
  assert.doesNotMatch(renderHtml(syntheticInput()), /id="probes"/);
});
