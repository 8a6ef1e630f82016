import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { growthGate, type Verdict } from '../../src/analysis/growth-gate.js';
import {
  combineVerdicts,
  isOperationGateResult,
  lnLatencyStats,
  OP_GATE_Z,
  operationGate,
  type OperationBatch,
} from '../../src/analysis/op-gate.js';
import { gateJson } from '../../src/report/gate-json.js';
import { FEDORA3, FEDORA4, gauss, mulberry32 as rng } from '../helpers/series.js';

/** Latency stats with a given mean of ln latency (variance 0.16, n = 100). */
const stats = (mean: number) => ({ n: 100, mean, variance: 0.16 });

test('batch-only data: the unchanged wall-time rule at z = 1.96, and the result says so', () => {
  const batches: OperationBatch[] = FEDORA4.map((wallMs) => ({ wallMs, lnLatency: null }));
  const r = operationGate(batches, { batchSize: 1000 });
  const g = growthGate(FEDORA4, { batchSize: 1000 });
  assert.equal(r.perOperation, false);
  assert.equal(r.opGeomean, null);
  assert.equal(r.noise, null);
  assert.equal(r.ciZ, 1.959964);
  assert.equal(r.verdict, g.verdict);
  assert.deepEqual(r.ci, g.ci);
  assert.equal(r.growthRatio, g.growthRatio);
  assert.match(r.note, /batch-only data\): wall-time rule alone at z = 1\.96/);
  // Latencies missing for some batches: same fallback, counted in the note.
  const mixed = FEDORA3.map((wallMs, i) => ({ wallMs, lnLatency: i === 4 ? null : stats(1) }));
  const rm = operationGate(mixed, { batchSize: 1000 });
  assert.equal(rm.perOperation, false);
  assert.match(rm.note, /missing for 1 of 25 batches/);
  assert.equal(operationGate([], { batchSize: 1000 }).verdict, 'INCONCLUSIVE');
});

test('FAIL from wall time alone (Fedora 4 wall, flat latencies), each look at z = 2.24', () => {
  const batches = FEDORA4.map((wallMs, i) => ({ wallMs, lnLatency: stats(1 + 0.01 * Math.sin(i)) }));
  const r = operationGate(batches, { batchSize: 1000 });
  assert.equal(r.perOperation, true);
  assert.equal(r.verdict, 'FAIL');
  assert.equal(r.decidedBy, 'wallTime');
  assert.equal(r.wallTime.ciZ, OP_GATE_Z);
  assert.equal(r.opGeomean?.ciZ, OP_GATE_Z);
  assert.equal(r.opGeomean?.verdict, 'PASS');
  // The wall look is the gate at z = 2.24: same ratio, wider CI than at 1.96.
  const at196 = growthGate(FEDORA4, { batchSize: 1000 });
  assert.equal(r.wallTime.growthRatio, at196.growthRatio);
  assert.ok(r.wallTime.ci[0] <= at196.ci[0] && r.wallTime.ci[1] >= at196.ci[1]);
  assert.match(r.reason, /^FAIL from the wall time: the lower 97\.5% bound/);
});

test('FAIL from the geometric-mean latency alone (flat Fedora 3 wall, latencies growing 5% per batch)', () => {
  const batches = FEDORA3.map((wallMs, i) => ({ wallMs, lnLatency: stats(1 + 0.05 * i + 0.01 * Math.cos(3 * i)) }));
  const r = operationGate(batches, { batchSize: 1000 });
  assert.equal(r.verdict, 'FAIL');
  assert.equal(r.decidedBy, 'opGeomean');
  assert.equal(r.wallTime.verdict, 'PASS');
  // Top-level numbers are those of the look that decided.
  assert.equal(r.growthRatio, r.opGeomean?.growthRatio);
  assert.ok(r.growthRatio > 2);
  assert.ok(isOperationGateResult(r));
  assert.equal(isOperationGateResult(growthGate(FEDORA3, { batchSize: 1000 })), false);
});

test('verdicts combine FAIL > WARN > PASS > INCONCLUSIVE', () => {
  const order: Verdict[] = ['INCONCLUSIVE', 'PASS', 'WARN', 'FAIL'];
  for (const a of order) {
    for (const b of order) {
      const expected = order[Math.max(order.indexOf(a), order.indexOf(b))];
      assert.equal(combineVerdicts(a, b), expected);
    }
  }
});

test('lnLatencyStats: mean and sample variance of ln latency, floor for zeros', () => {
  const s = lnLatencyStats([1, Math.E, Math.E ** 2]);
  assert.ok(s !== null);
  assert.equal(s.n, 3);
  assert.ok(Math.abs(s.mean - 1) < 1e-12);
  assert.ok(Math.abs(s.variance - 1) < 1e-12);
  assert.equal(lnLatencyStats([]), null);
  assert.deepEqual(lnLatencyStats([5]), { n: 1, mean: Math.log(5), variance: 0 });
  assert.ok(Math.abs((lnLatencyStats([0, 1])?.mean ?? 0) - Math.log(0.001) / 2) < 1e-12);
  assert.throws(() => lnLatencyStats([1, Number.NaN]), TypeError);
  fc.assert(
    fc.property(fc.array(fc.double({ min: 0.01, max: 1e5, noNaN: true }), { minLength: 2, maxLength: 200 }), (xs) => {
      const r = lnLatencyStats(xs);
      const ln = xs.map(Math.log);
      const mean = ln.reduce((a, b) => a + b, 0) / ln.length;
      const variance = ln.reduce((a, x) => a + (x - mean) ** 2, 0) / (ln.length - 1);
      assert.ok(
        r !== null && Math.abs(r.mean - mean) < 1e-9 && Math.abs(r.variance - variance) < 1e-9 * (1 + variance),
      );
    }),
  );
});

test('noise split: geomean variance around the trend minus sampling variance, floor 0', () => {
  // Kept batch geomeans alternate +-0.05 around a line: variance (denominator m' - 2) known exactly.
  const m = 25;
  const dev = (i: number): number => (i % 2 === 0 ? 0.05 : -0.05);
  const batches = Array.from({ length: m }, (_, k) => ({
    wallMs: 1000 + 10 * Math.sin(k),
    lnLatency: { n: 400, mean: 2 + 0.01 * (k + 1) + dev(k), variance: 0.25 },
  }));
  const r = operationGate(batches, { batchSize: 1000 });
  const n = r.noise;
  assert.ok(n !== null && r.opGeomean !== null);
  const kept = m - r.opGeomean.warmupDropped;
  const res = batches
    .slice(m - kept)
    .map((b, j) => b.lnLatency.mean - (r.opGeomean!.intercept + r.opGeomean!.slope * (m - kept + 1 + j)));
  const mean = res.reduce((a, b) => a + b, 0) / kept;
  const geomeanVariance = res.reduce((a, x) => a + (x - mean) ** 2, 0) / (kept - 2);
  assert.ok(Math.abs(n.geomeanVariance - geomeanVariance) < 1e-12);
  assert.ok(Math.abs(n.samplingVariance - 0.25 / 400) < 1e-15);
  assert.ok(Math.abs(n.batchVariance - (geomeanVariance - 0.25 / 400)) < 1e-12);
  assert.equal(n.operationVariance, 0.25);
  assert.equal(n.operationSd, 0.5);
  assert.equal(n.meanOpsPerBatch, 400);
  // Geomeans scattered less than sampling alone would: batch-level variance floors at 0.
  const quiet = batches.map((b, k) => ({
    ...b,
    lnLatency: { n: 4, mean: 2 + 0.01 * (k + 1) + dev(k) / 10, variance: 0.25 },
  }));
  assert.equal(operationGate(quiet, { batchSize: 1000 }).noise?.batchVariance, 0);
  // One op in a batch: no within-batch variance, no split (the gate still runs).
  const single = batches.map((b, k) =>
    k === 12 ? { ...b, lnLatency: { n: 1, mean: b.lnLatency.mean, variance: 0 } } : b,
  );
  const rs = operationGate(single, { batchSize: 1000 });
  assert.equal(rs.perOperation, true);
  assert.equal(rs.noise, null);
});

interface OpSim {
  batches: OperationBatch[];
  batchSd: number;
  opSd: number;
}

/**
 * Flat runs: 25 batches of 200 operations; ln latency = ln 5 + b_i + e_ij with batch-level
 * b_i ~ N(0, sb^2) (sb alternating 3% / 10%) and e_ij ~ N(0, so^2), so in [0.3, 0.5];
 * wall time = sum of the batch's latencies.
 */
function simulateFlat(count: number, seed: number): OpSim[] {
  const out: OpSim[] = [];
  for (let k = 0; k < count; k++) {
    const u = rng(seed + k);
    const sb = k % 2 === 0 ? 0.1 : 0.03;
    const so = 0.3 + 0.2 * u();
    const batches: OperationBatch[] = [];
    for (let i = 0; i < 25; i++) {
      const b = sb * gauss(u);
      const lat = new Float64Array(200);
      let wall = 0;
      for (let j = 0; j < lat.length; j++) {
        lat[j] = 5 * Math.exp(b + so * gauss(u));
        wall += lat[j] ?? 0;
      }
      batches.push({ wallMs: wall, lnLatency: lnLatencyStats(lat) });
    }
    out.push({ batches, batchSd: sb, opSd: so });
  }
  return out;
}

// docs/growth-gate.md, Per-operation data: "Same false-FAIL rate as wall time alone". Observed on these
// seeds (400 series): false FAILs 0 (wall rule) vs 0 (union); false alarms (WARN or FAIL) 12 vs 10.
test('property (400 seeded flat series): the union gate false-alarms no more than the wall-time rule', (t) => {
  let wallFail = 0;
  let unionFail = 0;
  let wallAlarm = 0;
  let unionAlarm = 0;
  const split = { 0.1: [] as number[], 0.03: [] as number[] };
  const opRatio: number[] = [];
  for (const sim of simulateFlat(400, 90000)) {
    const wall = growthGate(
      sim.batches.map((b) => b.wallMs),
      { batchSize: 200 },
    ).verdict;
    const union = operationGate(sim.batches, { batchSize: 200 });
    if (wall === 'FAIL') wallFail++;
    if (union.verdict === 'FAIL') unionFail++;
    if (wall === 'FAIL' || wall === 'WARN') wallAlarm++;
    if (union.verdict === 'FAIL' || union.verdict === 'WARN') unionAlarm++;
    assert.ok(union.noise !== null);
    split[sim.batchSd as 0.1 | 0.03].push(union.noise.batchSd);
    opRatio.push(union.noise.operationSd / sim.opSd);
  }
  const avg = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  t.diagnostic(
    `400 flat: false FAILs wall ${wallFail}, union ${unionFail}; false alarms wall ${wallAlarm}, union ${unionAlarm}; ` +
      `batch-level sd est. ${avg(split[0.1]).toFixed(4)} (true 0.10), ${avg(split[0.03]).toFixed(4)} (true 0.03); op sd ratio ${avg(opRatio).toFixed(4)}`,
  );
  // FAIL (lower bound above 1.10): the doc puts the wall rule at 0-0.4%; allow the union 2 of 400
  // (0.5 points) more, below what one look at an unadjusted z would add at these rates.
  assert.ok(unionFail <= wallFail + 2, `false FAILs: union ${unionFail}, wall ${wallFail}`);
  // Any alarm (lower bound above 1.00), nominally 2.5% one-sided for both (2 x 1.25% for the
  // union). Margin 6 of 400 (1.5 points): about two binomial SDs of a count at 2.5%.
  assert.ok(unionAlarm <= wallAlarm + 6, `false alarms: union ${unionAlarm}, wall ${wallAlarm}`);
  assert.ok(wallAlarm <= 20, `wall-time false alarms ${wallAlarm} of 400`);
  // The noise split recovers the simulated batch-level and operation-level spreads.
  assert.ok(Math.abs(avg(split[0.1]) - 0.1) < 0.015, `batch-level 10%: ${avg(split[0.1])}`);
  assert.ok(Math.abs(avg(split[0.03]) - 0.03) < 0.01, `batch-level 3%: ${avg(split[0.03])}`);
  assert.ok(Math.abs(avg(opRatio) - 1) < 0.02);
});

test('gateJson adds wallTime and opGeomean sub-objects for op gates', () => {
  const batches = FEDORA3.map((wallMs, i) => ({ wallMs, lnLatency: stats(1 + 0.05 * i + 0.01 * Math.cos(3 * i)) }));
  const j = gateJson(operationGate(batches, { batchSize: 1000 }));
  assert.equal(j.perOperation, true);
  assert.equal(j.decidedBy, 'opGeomean');
  assert.equal(j.wallTime?.verdict, 'PASS');
  assert.equal(j.opGeomean?.verdict, 'FAIL');
  assert.equal(j.opGeomean?.ciZ, 2.24);
  assert.equal(typeof j.noise?.batchSd, 'number');
  const only = gateJson(
    operationGate(
      FEDORA3.map((wallMs) => ({ wallMs, lnLatency: null })),
      { batchSize: 1000 },
    ),
  );
  assert.equal(only.perOperation, false);
  assert.equal(only.opGeomean, null);
  assert.equal(only.noise, null);
  assert.equal(only.wallTime?.verdict, 'PASS');
  assert.doesNotThrow(() => JSON.stringify(only));
});
