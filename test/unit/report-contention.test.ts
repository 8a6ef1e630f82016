/**
 * The host contention guard in every renderer (docs/growth-gate.md, "Host contention"): a constant store whose batches
 * slowed with the host from batch 21 is INCONCLUSIVE with the documented wording in
 * the text, Markdown and JUnit; `contention` in the JSON report validates against the schema; the HTML report has the
 * contention strip (a bar per batch, a marker at the rise) under the per-batch chart. A growing store keeps FAIL with
 * the note; a FAIL without pressure data says it was not checked.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import { assessContention } from '../../src/verdict/contention-check.js';
import type { RunEvaluation } from '../../src/verdict/evaluate-run.js';
import { checkJson } from '../../src/report/check-json.js';
import { contentionJson } from '../../src/report/contention-text.js';
import { renderHtml } from '../../src/report/html/page.js';
import { renderJsonReport } from '../../src/report/json-report.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { runVerdictText } from '../../src/report/verdict-block.js';
import type { HostSample } from '../../src/store/host-samples.js';
import { assertCheckJson } from '../helpers/check-schema.js';
import { gauss, mulberry32 } from '../helpers/series.js';
import { aloneInput, evaluate, importedBatches, importedRun } from './report-fixture.js';

/** 40 batches: growth `g` over the run, 1.4x slower from batch 21 with the host, 5% noise. */
function times(seed: number, g: number): number[] {
  const u = mulberry32(seed);
  return Array.from({ length: 40 }, (_, i) => 200 * g ** (i / 39) * (i >= 20 ? 1.4 : 1) * Math.exp(0.05 * gauss(u)));
}

function samples(withData: boolean): HostSample[] {
  const u = mulberry32(77);
  return Array.from({ length: 40 }, (_, i) => {
    const p = withData ? (i >= 20 ? 0.61 : 0.03) + 0.02 * (u() - 0.5) : null;
    return {
      cpuPressure: p,
      ioPressure: p === null ? null : 0,
      cpuSteal: 0,
      othersCpu: null,
      targetCpu: null,
      load1: 1.5,
      toolCpuMsPerOp: 0.05,
      toolCpuWait: p === null ? null : p / 4,
    };
  });
}

/** A stored-run evaluation as evaluate-run.ts makes it: the guard's effect on the verdict included. */
function guarded(g: number, withData: boolean): ReportInput {
  const ts = times(31, g);
  const run = { ...importedRun('Busy00000001', 'busy', 'ms', 40, '2026-01-15T09:00:00.000Z'), source: 'run' as const };
  const e: RunEvaluation = evaluate(run, importedBatches(ts, 500));
  const contention = assessContention(
    samples(withData),
    ts.map((wallMs) => ({ wallMs, lnLatency: null })),
    { batchSize: 500, limit: 1.1, verdict: e.verdict, span: e.gate.span },
  );
  const evaluation: RunEvaluation = {
    ...e,
    contention,
    verdict: contention.effect === 'inconclusive' ? 'INCONCLUSIVE' : e.verdict,
  };
  return aloneInput({ evaluation, errors: [] });
}

test('constant store, host busy from batch 21: INCONCLUSIVE with the issue wording, then the gate alone', () => {
  const input = guarded(1, true);
  const e = input.candidate.evaluation;
  assert.equal(e.gate.verdict, 'FAIL');
  assert.equal(e.verdict, 'INCONCLUSIVE');
  const text = runVerdictText(e);
  assert.match(
    text,
    /^INCONCLUSIVE {2}busy: host contention rose during the run \(CPU pressure 3% → 61% from batch 21\); on the quiet batches growth is x(0\.9\d|1\.0\d) \[\d\.\d\d, \d\.\d\d\]; rerun on a quiet machine\n\nthe growth gate alone \(not the verdict\):\nFAIL {2}busy: /,
  );
  assert.match(renderMarkdown(input), /host contention rose during the run \(CPU pressure 3% → 61% from batch 21\)/);
  assert.match(renderJunit(input), /host contention rose during the run/);
  const j = contentionJson(e.contention);
  assert.equal(j?.rose, true);
  assert.equal(j?.fromBatch, 21);
  assert.equal(j?.effect, 'inconclusive');
  assert.equal(j?.quietCi?.length, 2);
  assertCheckJson(JSON.parse(JSON.stringify(checkJson(input))), 'check --json of a contended run');
});

test('growing store x2.8, host busy from batch 21: FAIL with the note that the growth persists', () => {
  const e = guarded(2.8, true).candidate.evaluation;
  assert.equal(e.verdict, 'FAIL');
  assert.equal(e.contention?.effect, 'fail-persists');
  assert.match(
    runVerdictText(e),
    /\nnote: host contention rose during the run \(CPU pressure 3% → 61% from batch 21\), but the growth persists on the quiet batches:\n {6}growth is x\d\.\d\d \[\d\.\d\d, \d\.\d\d\] over the run's span$/,
  );
});

test('a FAIL without pressure data says so; gated as without the guard', () => {
  const e = guarded(1, false).candidate.evaluation;
  assert.equal(e.verdict, 'FAIL');
  assert.equal(e.contention?.available, false);
  assert.match(
    runVerdictText(e),
    /\nnote: no host pressure data for this run .*the FAIL was not checked against host contention$/,
  );
});

test('HTML: the contention strip under the per-batch chart; the JSON report validates with contention', () => {
  const input = guarded(1, true);
  const html = renderHtml(input);
  const chart = html.indexOf('id="chart-batch-time-figure"');
  const strip = html.indexOf('id="contention-figure"');
  assert.ok(chart >= 0 && strip > chart, 'the strip follows the per-batch chart');
  assert.equal((html.match(/<rect class="cpu-pressure" data-batch="\d+"/g) ?? []).length, 40);
  assert.match(html, /<line class="contention-rise" data-batch="21"/);
  assert.match(html, /the verdict is INCONCLUSIVE/);
  assert.match(renderHtml(guarded(1, false)), /No host pressure data was recorded for this run/);
  const schema = JSON.parse(
    readFileSync(new URL('../../../schemas/report.schema.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  const validate = new Ajv2020Module.default({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);
  const report = JSON.parse(renderJsonReport(input)) as { contention: { fromBatch: number }; verdict: string };
  assert.ok(validate(report), JSON.stringify(validate.errors));
  assert.equal(report.contention.fromBatch, 21);
  assert.equal(report.verdict, 'INCONCLUSIVE');
});
