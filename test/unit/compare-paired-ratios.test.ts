/**
 * The pure answer of a compare (src/compare/paired-ratios.ts): paired per-batch log ratios, the
 * level (Hodges–Lehmann with the Wilcoxon CI, as check --baseline) and the scaling (the growth gate
 * on the ratio series). Reference values are worked by hand or follow from the published tables
 * cited in test/unit/baseline-wilcoxon.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareToReference, pairedLogRatios } from '../../src/compare/paired-ratios.js';
import { worstOf } from '../../src/verdict/worst-verdict.js';
import { mulberry32 } from '../../src/generate/mulberry32.js';

test('pairs batch k with batch k past the warm-up; missing or non-positive values leave the pair out', () => {
  const p = pairedLogRatios([10, 20, null, 40, 0, 60], [10, 10, 10, 20, 10, 30, 99], 1);
  assert.deepEqual(p.batches, [2, 4, 6]);
  assert.deepEqual(
    p.logRatios.map((d) => Number(d.toFixed(12))),
    [Math.log(2), Math.log(2), Math.log(2)].map((d) => Number(d.toFixed(12))),
  );
});

test('level: a target exactly x1.5 the reference gives estimate 1.50 and a CI of [1.50, 1.50]; not gated without --max-level-change', () => {
  const ref = Array.from({ length: 20 }, (_, i) => 100 + 3 * i);
  const r = compareToReference(
    pairedLogRatios(
      ref.map((v) => 1.5 * v),
      ref,
      0,
    ),
    { batchSize: 100, maxGrowth: 1.1 },
  );
  assert.equal(r.pairs, 20);
  assert.ok(Math.abs(r.level.ratio - 1.5) < 1e-12);
  assert.ok(Math.abs(r.level.ci[0] - 1.5) < 1e-12 && Math.abs(r.level.ci[1] - 1.5) < 1e-12);
  assert.equal(r.level.verdict, null);
  assert.equal(r.scaling.verdict, 'PASS');
  assert.equal(r.verdict, 'PASS');
});

test('level CI is the Wilcoxon order statistic: n = 10 differences 1..10 (log ratios) give HL 5.5 and [W_(9), W_(47)] = [3, 8]', () => {
  // Walsh averages of 1..10: 55 of them; k = 9 for n = 10 (two-sided 5%, published critical value 8)
  const d = Array.from({ length: 10 }, (_, i) => i + 1);
  const r = compareToReference(
    { batches: d.map((_, i) => i + 1), logRatios: d.map((x) => x / 100) },
    { batchSize: 1, maxGrowth: 1.1 },
  );
  assert.ok(Math.abs(Math.log(r.level.ratio) - 0.055) < 1e-12);
  assert.ok(Math.abs(Math.log(r.level.ci[0]) - 0.03) < 1e-12, String(Math.log(r.level.ci[0])));
  assert.ok(Math.abs(Math.log(r.level.ci[1]) - 0.08) < 1e-12, String(Math.log(r.level.ci[1])));
});

test('--max-level-change gates the level as check --baseline does: FAIL when the CI lower bound is above 1 + F', () => {
  const ref = Array.from({ length: 20 }, () => 100);
  const slower = compareToReference(
    pairedLogRatios(
      ref.map(() => 140),
      ref,
      0,
    ),
    { batchSize: 100, maxGrowth: 1.1, maxLevelChange: 0.25 },
  );
  assert.equal(slower.level.verdict, 'FAIL');
  assert.equal(slower.verdict, 'FAIL');
  const within = compareToReference(
    pairedLogRatios(
      ref.map(() => 115),
      ref,
      0,
    ),
    { batchSize: 100, maxGrowth: 1.1, maxLevelChange: 0.25 },
  );
  assert.equal(within.level.verdict, 'WARN');
});

test('scaling: a ratio that doubles over the compare FAILs; a flat noisy one PASSes; fewer than 10 pairs is INCONCLUSIVE', () => {
  const next = mulberry32(7);
  const noise = (): number => Math.exp(0.1 * (next() - 0.5));
  const n = 40;
  const ref = Array.from({ length: n }, () => 100 * noise());
  const growing = ref.map((v, i) => v * (1 + i / (n - 1)) * noise());
  const fail = compareToReference(pairedLogRatios(growing, ref, 1), { batchSize: 200, maxGrowth: 1.1 });
  assert.equal(fail.scaling.verdict, 'FAIL', fail.scaling.reason);
  assert.ok(fail.scaling.growthRatio > 1.6 && fail.scaling.growthRatio < 2.4, String(fail.scaling.growthRatio));
  const flat = compareToReference(
    pairedLogRatios(
      ref.map((v) => v * noise()),
      ref,
      1,
    ),
    { batchSize: 200, maxGrowth: 1.1 },
  );
  assert.equal(flat.scaling.verdict, 'PASS', flat.scaling.reason);
  const short = compareToReference(pairedLogRatios(ref.slice(0, 8), ref.slice(0, 8), 1), {
    batchSize: 200,
    maxGrowth: 1.1,
  });
  assert.equal(short.scaling.verdict, 'INCONCLUSIVE');
  assert.equal(short.verdict, 'INCONCLUSIVE');
});

test('the compare verdict: FAIL over INCONCLUSIVE over WARN over PASS', () => {
  assert.equal(worstOf([]), 'PASS');
  assert.equal(worstOf(['PASS', 'WARN']), 'WARN');
  assert.equal(worstOf(['WARN', 'INCONCLUSIVE', 'PASS']), 'INCONCLUSIVE');
  assert.equal(worstOf(['INCONCLUSIVE', 'FAIL', 'PASS']), 'FAIL');
});
