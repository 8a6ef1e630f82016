/**
 * The words of the power rule (src/report/power-report.ts) in the verdict text: the default rule's
 * mark on an underpowered PASS, and the INCONCLUSIVE head of --min-detectable with the batches a
 * rerun needs. Synthetic series with known noise, seeded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { assessPower } from '../../src/analysis/power-rule.js';
import { ratioShort, rerunPhrase, underpoweredHead } from '../../src/report/power-report.js';
import { renderVerdict } from '../../src/report/verdict-text.js';
import { gauss, mulberry32 } from '../helpers/series.js';

function series(seed: number, m: number, s: number): number[] {
  const u = mulberry32(seed);
  return Array.from({ length: m }, () => 100 * Math.exp(s * gauss(u)));
}

const noisy = growthGate(series(2, 25, 0.4), { batchSize: 400 });
const quiet = growthGate(series(2, 40, 0.02), { batchSize: 400 });

test('an underpowered PASS without the flag: "PASS (underpowered: could only see xD)" on the verdict line, nothing else changes', () => {
  assert.equal(noisy.verdict, 'PASS');
  const plain = renderVerdict(noisy, { label: 'r1' });
  const marked = renderVerdict(noisy, { label: 'r1', power: assessPower(noisy, null) });
  const d = noisy.detectableGrowth.toFixed(2);
  assert.ok(marked.startsWith(`PASS (underpowered: could only see x${d})  r1: no superlinear slowdown`), marked);
  assert.equal(marked.split('\n').slice(1).join('\n'), plain.split('\n').slice(1).join('\n'));
  assert.equal(renderVerdict(quiet, { power: assessPower(quiet, null) }), renderVerdict(quiet));
});

test('--min-detectable: INCONCLUSIVE head with what the run could see, what was asked and the rerun size; then the gate alone', () => {
  const p = assessPower(noisy, 1.5);
  const text = renderVerdict(noisy, { label: 'r1', power: p });
  const lines = text.split('\n');
  const d = noisy.detectableGrowth.toFixed(2);
  assert.match(
    lines[0] ?? '',
    new RegExp(
      `^INCONCLUSIVE  r1: underpowered: this run could only see growth of x${d.replace('.', '\\.')} or more \\(asked: x1\\.50\\); at this noise x1\\.5 needs [\\d,]+ batches$`,
    ),
  );
  assert.equal(lines[2], 'the growth gate alone (not the verdict):');
  assert.match(lines[3] ?? '', /^PASS  r1: no superlinear slowdown/, 'the gate line is not marked again');
  assert.equal(p.rerun?.totalBatches, noisy.batchesNeeded['x1.5'].totalBatches);
  // a quiet run that meets the ask prints as without it
  assert.equal(renderVerdict(quiet, { power: assessPower(quiet, 1.3) }), renderVerdict(quiet));
});

test('a ratio at or below the limit is out of reach, said so; phrases of the rerun', () => {
  const head = underpoweredHead(assessPower(noisy, 1.1), 1.1);
  assert.match(
    head,
    /\(asked: x1\.10\); at this noise x1\.1 is out of reach: no run sees growth at or below the limit x1\.10 it gates on$/,
  );
  assert.equal(rerunPhrase({ keptBatches: 215, totalBatches: 270 }), 'needs 270 batches');
  assert.equal(rerunPhrase({ keptBatches: 2000, totalBatches: 2501 }), 'needs 2,501 batches');
  assert.equal(rerunPhrase({ keptBatches: Infinity, totalBatches: Infinity }), 'is out of reach');
  assert.equal(rerunPhrase({ keptBatches: NaN, totalBatches: NaN }), null);
  assert.equal(ratioShort(1.5), '1.5');
  assert.equal(ratioShort(1.25), '1.25');
  assert.equal(ratioShort(4 / 3), '1.33');
});
