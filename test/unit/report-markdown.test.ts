/** The Markdown renderer (src/report/markdown.ts) beyond the golden files: sections, escaping, forced comparisons. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeMarkdown, fenced } from '../../src/report/escape.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { evaluateBaseline } from '../../src/verdict/evaluate-baseline.js';
import { fedora3Input, fedoraInput, syntheticInput, SYNTHETIC_WORKLOAD } from './report-fixture.js';

test('sections in order; the baseline section only with a baseline', () => {
  const md = renderMarkdown(fedoraInput());
  const heads = [...md.matchAll(/^## (.*)$/gm)].map((m) => m[1]);
  assert.deepEqual(heads, [
    'Verdict',
    'Per-batch time',
    'Against baseline fedora3',
    'Error budget',
    'Run and target',
    'Batches of fedora4-minimal',
  ]);
  assert.doesNotMatch(renderMarkdown(fedora3Input()), /Against baseline/);
  // the chart is the asciichart of chart.ts, without colour escapes
  assert.doesNotMatch(md, /\x1b\[/);
  assert.match(md, /\| 25 \| 25,000 \| 3\.5 min \| 4\.8 \| - \| - \| - \| - \| - \|/);
});

test('well under the 1 MiB limit of $GITHUB_STEP_SUMMARY', () => {
  for (const input of [fedoraInput(), syntheticInput()])
    assert.ok(Buffer.byteLength(renderMarkdown(input)) < 64 * 1024);
});

test('a forced comparison lists the workload differences', () => {
  const input = syntheticInput();
  const base = syntheticInput().candidate;
  base.evaluation.run = {
    ...base.evaluation.run,
    id: 'Base00000001',
    label: 'base',
    workload: { ...SYNTHETIC_WORKLOAD, concurrency: 16, layout: 'pairtree' },
  };
  input.baseline = base;
  input.comparison = evaluateBaseline(input.candidate.evaluation, base.evaluation, input.gates);
  const md = renderMarkdown(input);
  assert.match(
    md,
    /\*\*The workloads differ; this comparison was forced and may be unfair:\*\*\n\n- layout: candidate flat, baseline pairtree\n- concurrency: candidate 4, baseline 16/,
  );
  // identical series: scaling and level both x1
  assert.match(
    md,
    /\| Scaling ratio \(candidate growth \/ baseline growth\) \| x1\.000 \| \[1\.000, 1\.000\] \| PASS \|/,
  );
});

test('escaping: table cells and headings cannot break the table or inject HTML', () => {
  assert.equal(escapeMarkdown('a|b'), 'a\\|b');
  assert.equal(escapeMarkdown('<img src=x>'), '&lt;img src=x&gt;');
  assert.equal(escapeMarkdown('line\nbreak'), 'line break');
  assert.equal(escapeMarkdown('fedora4_minimal_ms'), 'fedora4_minimal_ms');
  assert.equal(escapeMarkdown('_em_ *b*'), '\\_em\\_ \\*b\\*');
  assert.equal(escapeMarkdown('![x](https://e.test/i.png)'), '!\\[x](https://e.test/i.png)');
  assert.equal(escapeMarkdown('[3.41, 4.59]'), '[3.41, 4.59]');
  assert.equal(escapeMarkdown('&lt;'), '&amp;lt;');
  const input = syntheticInput();
  input.candidate.evaluation.run.label = 'x | y <b>';
  const md = renderMarkdown(input);
  assert.match(md, /\| Run \| x \\\| y &lt;b&gt; \(Syn7LdpRun01\) \|/);
  // inside fenced code blocks text is literal (no HTML is rendered there); outside, none passes
  const outsideFences = md.replace(/^```[\s\S]*?^```$/gm, '');
  assert.doesNotMatch(outsideFences, /<b>/);
  assert.match(md, /^FAIL {2}x \| y <b>: early stop/m);
});

test('fenced blocks use a fence longer than any backtick run inside', () => {
  assert.equal(fenced('a ``` b'), '````text\na ``` b\n````');
  assert.equal(fenced('plain'), '```text\nplain\n```');
});
