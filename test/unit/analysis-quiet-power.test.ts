/**
 * No green exit when the host moved and the run could not see (src/analysis/quiet-power.ts,
 * docs/verdict-iv.md "Blind while the host moved"), on the seeded host model
 * (test/helpers/simulated-host.ts) through hostSample and assessContention:
 * - linear growth x1.3 with three busy loops from half-fill: never PASS or WARN (exit 0) in 40 runs;
 * - a constant store with the same loops: never FAIL (exit 0 or 3);
 * - growth x2.8 with the loops: FAIL stands (the growth persists on the quiet batches);
 * - the rerun's quiet batches: the planning formula checked by hand at s = 0.05.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { operationGate } from '../../src/analysis/op-gate.js';
import { flatUpper, quietBatchesNeeded, quietPower } from '../../src/analysis/quiet-power.js';
import { senSpanFactor } from '../../src/analysis/detectable-growth.js';
import { hostSample } from '../../src/engine/host-pressure.js';
import { assessContention } from '../../src/verdict/contention-check.js';
import { contentionHead, contentionJson } from '../../src/report/contention-text.js';
import { simulateRun, type SimulatedRunOptions } from '../helpers/simulated-host.js';

function verdictOf(o: SimulatedRunOptions): { verdict: string; a: ReturnType<typeof assessContention> } {
  const r = simulateRun(o);
  const samples = r.snapshots.map(([a, b]) => hostSample(a, b, r.ops, r.cores));
  const input = r.times.map((wallMs) => ({ wallMs, lnLatency: null }));
  const g = operationGate(input, { batchSize: 500, limit: 1.1 });
  const a = assessContention(samples, input, { batchSize: 500, limit: 1.1, verdict: g.verdict, span: g.span });
  return { verdict: a.effect === 'inconclusive' ? 'INCONCLUSIVE' : g.verdict, a };
}

function tally(runs: number, o: (seed: number) => SimulatedRunOptions): Record<string, number> {
  const out: Record<string, number> = {};
  for (let s = 1; s <= runs; s++) {
    const v = verdictOf(o(s)).verdict;
    out[v] = (out[v] ?? 0) + 1;
  }
  return out;
}

test('linear x1.3 with busy loops from half-fill never exits 0; constant never FAILs; x2.8 stays FAIL', (t) => {
  const loops = { loops: 3, loopsFrom: 21 };
  const linear = tally(40, (s) => ({ seed: 300 + s, cost: 'linear', factor: 1.3, ...loops }));
  const constant = tally(40, (s) => ({ seed: 400 + s, cost: 'constant', ...loops }));
  const steep = tally(40, (s) => ({ seed: 500 + s, cost: 'linear', factor: 2.8, ...loops }));
  t.diagnostic(
    `busy loops from batch 21: linear x1.3 ${JSON.stringify(linear)}; constant ${JSON.stringify(constant)}; linear x2.8 ${JSON.stringify(steep)}`,
  );
  assert.equal((linear.PASS ?? 0) + (linear.WARN ?? 0), 0);
  assert.equal(constant.FAIL ?? 0, 0);
  assert.equal(steep.FAIL, 40);
});

test('the blind INCONCLUSIVE says how far the quiet batches could see and what a rerun needs', () => {
  // one loop against a store whose 20 ms wait dwarfs the CPU: batches 3% slower, the gate alone WARNs
  const { verdict, a } = verdictOf({ seed: 401, cost: 'constant', loops: 1, loopsFrom: 21, baseMs: 20 });
  assert.equal(verdict, 'INCONCLUSIVE');
  assert.equal(a.inconclusiveReason, 'blind');
  assert.ok(a.quiet !== null && a.quiet.detectable > 1.1, JSON.stringify(a.quiet));
  assert.ok(a.quiet !== null && a.quiet.rerunKept >= 10 && a.quiet.rerunBatches > a.quiet.rerunKept);
  assert.match(
    contentionHead(a, 'm: ', 1.1) ?? '',
    /^INCONCLUSIVE {2}m: host contention rose during the run \(the rest of the host's CPU \d+% → \d+% from batch 2\d\); the quiet batches before it could not have seen growth beyond the limit: they cannot exclude growth of x1\.\d\d over the run \(limit 1\.10\); a rerun on a quiet machine needs \d+ quiet batches \(plan \d+\)$/,
  );
  const json = contentionJson(a);
  assert.equal(json?.inconclusiveReason, 'blind');
  assert.equal(json?.rerunQuietBatches, a.quiet?.rerunKept);
});

test('quietPower: a quiet part that excludes the limit keeps a PASS; one that cannot is blind; a FAIL is not looked at', () => {
  const quiet = {
    verdict: 'PASS' as const,
    keptBatches: 30,
    slopeCi: [-0.001, 0.002] as [number, number],
    residualScatter: 0.03,
    lag1Autocorrelation: 0,
    ciZ: 1.959964,
  };
  // exp(0.002 * 39) = 1.081 <= 1.10
  const seen = quietPower({ verdict: 'WARN', quiet, span: 39, limit: 1.1 });
  assert.equal(seen.blind, false);
  assert.ok(Math.abs(seen.detectable - Math.exp(0.078)) < 1e-12);
  const blind = quietPower({ verdict: 'PASS', quiet: { ...quiet, slopeCi: [-0.001, 0.004] }, span: 39, limit: 1.1 });
  assert.equal(blind.blind, true);
  assert.equal(
    quietPower({ verdict: 'FAIL', quiet: { ...quiet, slopeCi: [0, 0.01] }, span: 39, limit: 1.1 }).blind,
    false,
  );
  const few = quietPower({
    verdict: 'PASS',
    quiet: { ...quiet, verdict: 'INCONCLUSIVE', keptBatches: 6 },
    span: 39,
    limit: 1.1,
  });
  assert.equal(few.blind, true);
  assert.ok(Number.isNaN(few.detectable));
});

test('quietBatchesNeeded: the smallest m with z (1 + 1.5/m) g(m) s (1 + 2.6/m) sqrt(V) <= ln(limit)', () => {
  const s = 0.05;
  const need = quietBatchesNeeded(s, 0, 1.959964, 1.1);
  // by hand: phi = clip(2/m / (1 - 5/m), 0, 0.8), V from it; the first m that clears ln 1.1 = 0.09531
  const upper = (m: number): number => flatUpper(m, s, 0, 1.959964);
  assert.ok(upper(need.kept) <= Math.log(1.1) && upper(need.kept - 1) > Math.log(1.1));
  // at V = 1 the bound would be 1.96 g(m) s (1 + 1.5/m)(1 + 2.6/m): V only lengthens it
  assert.ok(
    upper(need.kept) >= 1.959964 * senSpanFactor(need.kept) * s * (1 + 1.5 / need.kept) * (1 + 2.6 / need.kept),
  );
  assert.equal(need.total, Math.ceil(need.kept / 0.8 + 1 - 1e-9));
  assert.ok(Number.isNaN(quietBatchesNeeded(Number.NaN, 0, 1.96, 1.1).kept));
  assert.equal(quietBatchesNeeded(0.05, 0, 1.96, 1.0).kept, Number.NaN);
});
