/**
 * The host contention guard's statistics (src/analysis/contention.ts) and sampling
 * (src/engine/host-pressure.ts, src/verdict/contention-check.ts) on seeded series: a rise in
 * pressure half-way is found at its batch, a quiet or noisy-but-flat host is not; a constant store
 * whose batches slowed with the host is INCONCLUSIVE, a growing store stays FAIL.
 *
 * Reference values: Pettitt's p for the step series below, 2 exp(-6 K^2 / (n^3 + n^2)) with
 * K = 20 · 20 = 400 (every later value above every earlier one) and n = 40:
 * 2 exp(-960000 / 65600) = 8.98e-7 (test/unit/analysis-cliff.test.ts checks pettitt() against
 * scripts/cliff_reference.py).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentionRise, contentionVerdict, MIN_RISE, pressureRise } from '../../src/analysis/contention.js';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { assessContention } from '../../src/verdict/contention-check.js';
import {
  hostSample,
  parsePressureTotal,
  parseProcStat,
  parseRunDelay,
  type HostSnapshot,
} from '../../src/engine/host-pressure.js';
import type { HostSample } from '../../src/store/host-samples.js';
import { gauss, mulberry32 } from '../helpers/series.js';

/** m pressures: `low` then `high` from batch `from` (1-based), each with uniform noise of +-noise. */
function pressures(seed: number, m: number, from: number, low: number, high: number, noise: number): number[] {
  const u = mulberry32(seed);
  return Array.from({ length: m }, (_, i) =>
    Math.min(1, Math.max(0, (i + 1 >= from ? high : low) + noise * (2 * u() - 1))),
  );
}

const sample = (cpu: number | null): HostSample => ({
  cpuPressure: cpu,
  ioPressure: cpu === null ? null : 0,
  cpuSteal: 0,
  othersCpu: null,
  targetCpu: null,
  load1: 1,
  toolCpuMsPerOp: 0.1,
  toolCpuWait: cpu === null ? null : 0.01,
});

test('a clean step in CPU pressure at batch 21 of 40: found there, with Pettitt p = 8.98e-7', () => {
  const p = Array.from({ length: 40 }, (_, i) => (i < 20 ? 0.03 + i * 1e-4 : 0.61 + i * 1e-4));
  const r = pressureRise(p, 'cpu');
  assert.ok(r);
  assert.equal(r.fromBatch, 21);
  assert.ok(Math.abs(r.p - 2 * Math.exp(-960000 / 65600)) < 1e-12, String(r.p));
  assert.ok(Math.abs(r.before - 0.03095) < 1e-9 && Math.abs(r.after - 0.61295) < 1e-9);
  assert.ok(r.shiftCi[0] > MIN_RISE);
});

test('rises found at their batch on noisy seeded series; flat hosts never rise', (t) => {
  let found = 0;
  let near = 0;
  let flatRises = 0;
  const runs = 200;
  for (let s = 0; s < runs; s++) {
    const m = 30 + (s % 4) * 10;
    const from = Math.floor(m / 2) + 1;
    const r = pressureRise(pressures(1000 + s, m, from, 0.05, 0.5, 0.15), 'cpu');
    if (r) found++;
    if (r && Math.abs(r.fromBatch - from) <= 2) near++;
    // a busy but steady host (pressure 20-60% all along), and a quiet one
    if (pressureRise(pressures(5000 + s, m, m + 1, 0.4, 0.4, 0.2), 'cpu')) flatRises++;
    if (pressureRise(pressures(9000 + s, m, m + 1, 0.02, 0.02, 0.02), 'cpu')) flatRises++;
  }
  t.diagnostic(
    `rise 5% -> 50% (+-15%) found in ${found}/${runs}, at its batch +-2 in ${near}/${runs}; flat hosts rose in ${flatRises}/${2 * runs}`,
  );
  assert.ok(found >= 0.98 * runs, String(found));
  assert.ok(near >= 0.95 * runs, String(near));
  assert.equal(flatRises, 0);
});

test('a small rise (3% -> 6%) is significant but not practical: no rise; a fall is not a rise', () => {
  assert.equal(pressureRise(pressures(3, 40, 21, 0.03, 0.06, 0.005), 'cpu'), null);
  assert.equal(pressureRise(pressures(4, 40, 21, 0.6, 0.05, 0.05), 'cpu'), null);
  // too few batches after the rise
  assert.equal(pressureRise(pressures(5, 40, 38, 0.05, 0.9, 0.01), 'cpu'), null);
});

test('I/O pressure is looked at when CPU pressure did not rise; missing batches keep their numbers', () => {
  const io = pressures(7, 40, 25, 0.01, 0.7, 0.05);
  const r = contentionRise({ cpu: pressures(8, 40, 41, 0.1, 0.1, 0.05), io });
  assert.equal(r?.metric, 'io');
  assert.equal(r?.fromBatch, 25);
  const holes = pressures(9, 40, 25, 0.01, 0.7, 0.05).map((v, i) => (i % 7 === 5 ? null : v));
  assert.equal(pressureRise(holes, 'cpu')?.fromBatch, 25);
  assert.equal(
    pressureRise(
      Array.from({ length: 40 }, () => null),
      'cpu',
    ),
    null,
  );
});

test('contentionVerdict: a FAIL with a flat quiet segment is inconclusive; growth that persists stays FAIL; PASS untouched', () => {
  const flat = contentionVerdict(
    'FAIL',
    { verdict: 'PASS', slope: 0.0005, slopeCi: [-0.002, 0.003], keptBatches: 18 },
    39,
    1.1,
  );
  assert.equal(flat.effect, 'inconclusive');
  assert.ok(Math.abs(flat.quietGrowthRatio - Math.exp(0.0005 * 39)) < 1e-12);
  assert.deepEqual(flat.quietCi, [Math.exp(-0.002 * 39), Math.exp(0.003 * 39)]);
  // WARN on its own half, but projected over the whole span the lower bound clears the limit
  const grows = contentionVerdict(
    'FAIL',
    { verdict: 'WARN', slope: 0.02, slopeCi: [0.005, 0.03], keptBatches: 18 },
    39,
    1.1,
  );
  assert.equal(grows.effect, 'fail-persists');
  assert.equal(
    contentionVerdict('PASS', { verdict: 'PASS', slope: 0, slopeCi: [-1, 1], keptBatches: 18 }, 39, 1.1).effect,
    'none',
  );
  // too few quiet batches to tell: inconclusive
  assert.equal(
    contentionVerdict(
      'FAIL',
      { verdict: 'INCONCLUSIVE', slope: Number.NaN, slopeCi: [Number.NaN, Number.NaN], keptBatches: 4 },
      39,
      1.1,
    ).effect,
    'inconclusive',
  );
});

/** 40 batch times: constant store (or growth `g` over the run), slowed by `slow` from batch 21 with the host. */
function batchTimes(seed: number, g: number, slow: number): number[] {
  const u = mulberry32(seed);
  return Array.from({ length: 40 }, (_, i) => 200 * g ** (i / 39) * (i >= 20 ? slow : 1) * Math.exp(0.05 * gauss(u)));
}

test('end to end on seeded series: constant store on a host busy from half-way -> INCONCLUSIVE; growing store -> FAIL with a note', () => {
  const samples = pressures(21, 40, 21, 0.03, 0.61, 0.03).map(sample);
  const flat = batchTimes(22, 1, 1.4);
  const gate = growthGate(flat, { batchSize: 500 });
  assert.equal(gate.verdict, 'FAIL');
  const a = assessContention(
    samples,
    flat.map((w) => ({ wallMs: w, lnLatency: null })),
    { batchSize: 500, limit: 1.1, verdict: gate.verdict, span: gate.span },
  );
  assert.equal(a.rise?.fromBatch, 21);
  assert.equal(a.effect, 'inconclusive');
  assert.equal(a.quiet?.batches, 20);
  assert.ok(a.quiet !== null && a.quiet.ci[0] < 1.1 && a.quiet.ci[1] > 1);

  const grows = batchTimes(23, 2.8, 1.4);
  const g2 = growthGate(grows, { batchSize: 500 });
  const b = assessContention(
    samples,
    grows.map((w) => ({ wallMs: w, lnLatency: null })),
    { batchSize: 500, limit: 1.1, verdict: g2.verdict, span: g2.span },
  );
  assert.equal(b.effect, 'fail-persists');
  assert.ok(b.quiet !== null && b.quiet.ci[0] > 1.1 && b.quiet.fails);

  const none = assessContention(
    flat.map(() => sample(null)),
    flat.map((w) => ({ wallMs: w, lnLatency: null })),
    { batchSize: 500, limit: 1.1, verdict: 'FAIL', span: gate.span },
  );
  assert.equal(none.available, false);
  assert.equal(none.effect, 'none');
});

test('sampling: /proc/pressure and /proc/stat parsed; shares of the wall time between two snapshots', () => {
  assert.equal(
    parsePressureTotal(
      'some avg10=9.23 avg60=3.56 avg300=11.49 total=4908608307\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n',
    ),
    4908608307,
  );
  assert.equal(parsePressureTotal(null), null);
  assert.equal(parsePressureTotal('garbage'), null);
  assert.deepEqual(parseProcStat('cpu  100 5 50 1000 10 1 2 7 0 0\ncpu0 1 2 3\n'), { all: 1175, busy: 158, steal: 7 });
  assert.equal(parseProcStat('intr 1 2 3'), null);
  const a: HostSnapshot = {
    wallNs: 0n,
    cpuSomeUs: 1_000,
    ioSomeUs: 0,
    jiffies: { all: 0, busy: 0, steal: 0 },
    ownCpuUs: 0,
    runDelayNs: 5_000,
    targetCpuUs: null,
    load1: 0.5,
  };
  // 1 s of wall time on 2 cores: 610 ms of CPU pressure, 50 jiffies busy (500 ms), 100 ms of it ours, 2 of 200 jiffies stolen
  const b: HostSnapshot = {
    wallNs: 1_000_000_000n,
    cpuSomeUs: 611_000,
    ioSomeUs: 20_000,
    jiffies: { all: 200, busy: 50, steal: 2 },
    ownCpuUs: 100_000,
    runDelayNs: 150_005_000,
    targetCpuUs: null,
    load1: 0.7,
  };
  const s = hostSample(a, b, 400, 2);
  assert.ok(Math.abs((s.cpuPressure ?? 0) - 0.61) < 1e-12);
  assert.ok(Math.abs((s.ioPressure ?? 0) - 0.02) < 1e-12);
  assert.ok(Math.abs((s.cpuSteal ?? 0) - 0.01) < 1e-12);
  assert.ok(Math.abs((s.othersCpu ?? 0) - 0.2) < 1e-12);
  assert.ok(Math.abs((s.toolCpuMsPerOp ?? 0) - 0.25) < 1e-12);
  assert.ok(Math.abs((s.toolCpuWait ?? 0) - 0.15) < 1e-12);
  assert.equal(parseRunDelay('438679512 58310266 123\n'), 58310266);
  assert.equal(parseRunDelay(null), null);
  const none = hostSample(
    { ...a, cpuSomeUs: null, jiffies: null, runDelayNs: null },
    { ...b, cpuSomeUs: null, jiffies: null, runDelayNs: null },
    0,
    2,
  );
  assert.equal(none.cpuPressure, null);
  assert.equal(none.cpuSteal, null);
  assert.equal(none.toolCpuMsPerOp, null);
  assert.equal(none.toolCpuWait, null);
});
