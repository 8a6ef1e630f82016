/** The JUnit renderer (src/report/junit.ts): cases, outcomes, counts, escaping. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderJunit } from '../../src/report/junit.js';
import { fedora3Input, fedoraInput, syntheticInput } from './report-fixture.js';

const cases = (xml: string): string[] =>
  [...xml.matchAll(/<testcase classname="ingest-scale" name="([^"]+)"/g)].map((m) => m[1] ?? '');
const attr = (xml: string, name: string): string | undefined =>
  new RegExp(`<testsuite name="ingest-scale"[^>]*\\s${name}="([^"]*)"`).exec(xml)?.[1];

/** Every opened element is closed in order (a small well-formedness check without a parser). */
function balanced(xml: string): boolean {
  const stack: string[] = [];
  for (const m of xml.replace(/<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([a-zA-Z-]+)[^>]*?(\/?)>/g)) {
    if (m[3] === '/') continue;
    if (m[1] === '/') {
      if (stack.pop() !== m[2]) return false;
    } else stack.push(m[2] ?? '');
  }
  return stack.length === 0;
}

test('baseline with a level limit: growth, baseline scaling, level change and error budget', () => {
  const xml = renderJunit(fedoraInput());
  assert.deepEqual(cases(xml), ['growth', 'baseline scaling', 'level change', 'error budget']);
  assert.equal(attr(xml, 'tests'), '4');
  assert.equal(attr(xml, 'failures'), '3');
  assert.equal(attr(xml, 'skipped'), '1'); // no operation records in an import
  assert.ok(balanced(xml));
  assert.match(xml, /<property name="baseline.run.id" value="F3base000001"\/>/);
  // time in seconds: the sum of Fedora 4's batch times
  assert.equal(attr(xml, 'time'), '2690.743');
});

test('PASS alone: two passing cases; no baseline cases without a baseline', () => {
  const xml = renderJunit(fedora3Input());
  assert.deepEqual(cases(xml), ['growth', 'error budget']);
  assert.equal(attr(xml, 'failures'), '0');
  assert.doesNotMatch(xml, /<failure/);
  assert.match(xml, /<system-out>PASS {2}fedora3: no superlinear slowdown/);
});

test('INCONCLUSIVE is skipped, with the reason as its message', () => {
  const input = fedora3Input();
  const e = input.candidate.evaluation;
  input.candidate.evaluation = {
    ...e,
    batches: e.batches.slice(0, 8),
    gate: { ...e.gate, verdict: 'INCONCLUSIVE' },
    verdict: 'INCONCLUSIVE',
  };
  const xml = renderJunit(input);
  assert.match(xml, /<testcase classname="ingest-scale" name="growth" time="[\d.]+">\n {6}<skipped message="/);
});

test('error budget: FAIL when the failed share is above --max-error-rate', () => {
  const input = syntheticInput(0.0005); // 4 of 4,800 = 0.083%
  const xml = renderJunit(input);
  assert.match(
    xml,
    /name="error budget" time="0.000">\n {6}<failure message="4 of 4,800 operations failed \(0.08%, above the 0.1% budget\)/,
  );
});

test('escaping: quotes, ampersands and angle brackets in attributes and text', () => {
  const input = syntheticInput();
  input.candidate.evaluation.run.label = 'a<b>&"c"';
  input.candidate.evaluation.run.target = 'http://x/?a=1&b=<2>';
  const xml = renderJunit(input);
  assert.match(xml, /<property name="run.label" value="a&lt;b&gt;&amp;&quot;c&quot;"\/>/);
  assert.match(xml, /<property name="target" value="http:\/\/x\/\?a=1&amp;b=&lt;2&gt;"\/>/);
  assert.doesNotMatch(xml, /a<b>/);
  assert.ok(balanced(xml));
});
