import { test } from 'node:test';
import assert from 'node:assert/strict';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { groupThousands, renderEarlyStop, renderVerdict } from '../../src/report/verdict-text.js';
import { lnLatencyStats, operationGate } from '../../src/analysis/op-gate.js';
import { sequentialLook } from '../../src/analysis/sequential-look.js';
import { FEDORA3, FEDORA4 } from '../helpers/series.js';

test('Fedora 4 reproduces the example of docs/growth-gate.md "What the verdict prints"', () => {
  const lines = renderVerdict(growthGate(FEDORA4, { batchSize: 1000 })).split('\n');
  assert.deepEqual(lines.slice(0, 4), [
    'FAIL  superlinear slowdown: per-batch time x4.62 over batches 2-25 (objects 1,000-25,000),',
    '      95% CI [3.92, 5.48], lower bound above limit 1.10',
    '      +6.9% per 1,000 objects stored; total-time exponent k = 1.75 [1.70, 1.80]',
    '      warm-up dropped: 1 batch; residual scatter 9.1%; Kendall tau 1.00',
  ]);
  // Fedora 4's residuals have lag-1 autocorrelation 0.78, so a drift line follows.
  assert.equal(lines.length, 5);
  assert.match(lines[4] ?? '', /^ {6}drift: lag-1 autocorrelation of residuals 0\.78 > 0\.50/);
  // docs/growth-gate.md step 6: say the run drifted; drift makes false alarms likelier.
  assert.match(lines[4] ?? '', /the run drifted: false alarms are likelier/);
});

test('Fedora 3 renders a PASS with a negative per-1,000 change and 3 dropped batches', () => {
  const lines = renderVerdict(growthGate(FEDORA3, { batchSize: 1000 })).split('\n');
  assert.equal(
    lines[0],
    'PASS  no superlinear slowdown: per-batch time x0.93 over batches 4-25 (objects 3,000-25,000),',
  );
  assert.equal(lines[1], '      95% CI [0.91, 0.96], lower bound not above 1.00 (limit 1.10)');
  assert.equal(lines[2], '      -0.3% per 1,000 objects stored; total-time exponent k = 0.96 [0.95, 0.97]');
  assert.equal(lines[3], '      warm-up dropped: 3 batches; residual scatter 1.2%; Kendall tau -0.65');
});

test('WARN wording when the lower bound is above 1.00 but not above the limit', () => {
  const text = renderVerdict(growthGate(FEDORA4, { batchSize: 1000, limit: 6 }));
  assert.match(text, /^WARN {2}growth likely, not shown to exceed the limit: per-batch time x4\.62 over batches 2-25/);
  assert.match(
    text,
    /lower bound above 1\.00 but not above limit 6\.00\n/,
    'the CI stays below the limit: no reach clause',
  );
  // a CI that reaches above the limit says so: growth beyond the limit is not ruled out
  const reaching = renderVerdict(growthGate(FEDORA4, { batchSize: 1000, limit: 4 }));
  assert.match(reaching, /^WARN {2}growth likely, not shown to exceed the limit/);
  assert.match(reaching, /not above limit 4\.00; the CI reaches x5\.48, so growth beyond the limit is not ruled out/);
});

test('INCONCLUSIVE wording, with and without computable numbers', () => {
  const short = renderVerdict(growthGate(FEDORA4.slice(0, 8), { batchSize: 1000 }));
  assert.match(short, /^INCONCLUSIVE {2}only 7 kept batches; at least 10 needed\n/);
  assert.match(short, /per-batch time x\d+\.\d\d over batches 2-8 \(objects 1,000-8,000\)/);
  const tiny = renderVerdict(growthGate([500], { batchSize: 1000 }));
  assert.equal(tiny.split('\n')[0], 'INCONCLUSIVE  only 0 kept batches; at least 10 needed');
  assert.match(tiny, /warm-up dropped: 1 batch;/);
  assert.doesNotMatch(tiny, /NaN/);
  const empty = renderVerdict(growthGate([], { batchSize: 1000 }));
  assert.doesNotMatch(empty, /NaN/);
});

test('label goes after the verdict word; no ANSI escapes', () => {
  const text = renderVerdict(growthGate(FEDORA4, { batchSize: 1000 }), { label: 'fedora4' });
  assert.match(text, /^FAIL {2}fedora4: superlinear slowdown:/);
  assert.doesNotMatch(text, /\u001b\[/);
});

test('thousands grouping is locale-independent', () => {
  assert.equal(groupThousands(0), '0');
  assert.equal(groupThousands(999), '999');
  assert.equal(groupThousands(1000), '1,000');
  assert.equal(groupThousands(25000), '25,000');
  assert.equal(groupThousands(1234567), '1,234,567');
});

// docs/growth-gate.md, "Detectable growth": "Fedora 3 gives about x1.14".
test('PASS adds detectable growth, planning and optimism caveats (Fedora 3)', () => {
  const lines = renderVerdict(growthGate(FEDORA3, { batchSize: 1000 })).split('\n');
  assert.deepEqual(lines.slice(4), [
    '      drift: lag-1 autocorrelation of residuals 0.57 > 0.50; the run drifted: false alarms are likelier (the CI is too narrow)',
    '      detectable growth: this run would have caught growth of x1.14 or more with 80% power',
    '      planning: at this noise, x1.25 needs 14 batches, x1.5 needs 14 (allowing for warm-up)',
    '      caveat: detectable growth may be optimistic: the run drifted (lag-1 autocorrelation 0.57 > 0.50)',
  ]);
});

test('FAIL prints no detectable-growth or planning lines; INCONCLUSIVE prints planning only', () => {
  const fail = renderVerdict(growthGate(FEDORA4, { batchSize: 1000 }));
  assert.doesNotMatch(fail, /detectable growth|planning:/);
  const short = renderVerdict(growthGate(FEDORA4.slice(0, 8), { batchSize: 1000 }));
  assert.doesNotMatch(short, /detectable growth/);
  assert.match(short, /planning: at this noise, x1\.25 needs \d+ batches, x1\.5 needs \d+/);
});

test('per-operation results show both ratios and the noise split; batch-only says so', () => {
  let seed = 5;
  const u = (): number => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const batches = FEDORA3.map((wallMs, i) => {
    const lat = Array.from({ length: 50 }, () => Math.exp(0.04 * i + 0.4 * (u() + u() + u() - 1.5)));
    return { wallMs, lnLatency: lnLatencyStats(lat) };
  });
  const text = renderVerdict(operationGate(batches, { batchSize: 1000 }));
  const lines = text.split('\n');
  assert.match(
    lines[0] ?? '',
    /^FAIL {2}superlinear slowdown: geometric-mean operation latency x\d+\.\d\d over batches/,
  );
  assert.match(lines[1] ?? '', /^ {6}97\.5% CI \[/);
  assert.match(
    text,
    /per-operation gate \(97\.5% CIs, z = 2\.24 each\): wall time x0\.9\d \[[^\]]+\] PASS.*; geometric-mean latency x\d+\.\d\d \[[^\]]+\] FAIL/,
  );
  assert.match(text, /\n {6}noise: batch-level \d+\.\d%, operation-level \d+\.\d% \(mean 50 operations per batch\)/);
  const only = renderVerdict(
    operationGate(
      FEDORA3.map((wallMs) => ({ wallMs, lnLatency: null })),
      { batchSize: 1000 },
    ),
  );
  assert.match(only, /^PASS {2}no superlinear slowdown: per-batch time x0\.93/);
  assert.match(only, /95% CI \[0\.91, 0\.96\]/);
  assert.match(only, /no per-operation latencies \(batch-only data\): wall-time rule alone at z = 1\.96/);
});

// docs/growth-gate.md, "Early FAIL": "the real Fedora 4 series stops at batch 10".
test('early stop renders for an interim stop and is null otherwise', () => {
  const opts = { batchSize: 1000, plannedBatches: 25 };
  const text = renderEarlyStop(sequentialLook(FEDORA4.slice(0, 10), opts), { label: 'fedora4' });
  assert.match(
    text ?? '',
    /^FAIL {2}fedora4: early stop at batch 10 of 25: per-batch time projected x\d+\.\d\d over batches 2-25,\n/,
  );
  assert.match(text ?? '', /lower bound x\d+\.\d\d \(z = 3\.72\) above limit 1\.10$/);
  assert.equal(renderEarlyStop(sequentialLook(FEDORA4.slice(0, 9), opts)), null);
  assert.equal(renderEarlyStop(sequentialLook(FEDORA4, opts)), null);
});

test('a partial last batch: the text names the objects really stored, not batches × batch size', () => {
  const series = FEDORA3.slice(0, 13);
  const partial = renderVerdict(growthGate(series, { batchSize: 400, objectsStored: 5000 }));
  assert.match(partial, /over batches \d+-13 \(objects [\d,]+-5,000\)/);
  const whole = renderVerdict(growthGate(series, { batchSize: 400 }));
  assert.match(whole, /over batches \d+-13 \(objects [\d,]+-5,200\)/);
});
