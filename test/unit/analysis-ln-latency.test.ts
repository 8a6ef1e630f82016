/** The ln-latency accumulator (src/analysis/ln-latency.ts) against lnLatencyStats and hand-computed values. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LnLatencyAccumulator } from '../../src/analysis/ln-latency.js';
import { DEFAULT_LATENCY_FLOOR_MS, lnLatencyStats } from '../../src/analysis/op-gate.js';
import { mulberry32 } from '../helpers/series.js';

test('1, e and e² ms: ln latencies 0, 1, 2 have mean 1 and sample variance 1', () => {
  const acc = new LnLatencyAccumulator();
  for (const d of [1, Math.E, Math.E * Math.E]) acc.add(7, d);
  const s = acc.stats().get(7);
  assert.ok(s !== undefined);
  assert.equal(s.n, 3);
  assert.ok(Math.abs(s.mean - 1) < 1e-15, `mean ${s.mean}`);
  assert.ok(Math.abs(s.variance - 1) < 1e-15, `variance ${s.variance}`);
});

test('one duration: variance 0; durations below the floor count as the floor', () => {
  const acc = new LnLatencyAccumulator();
  acc.add(1, 0);
  acc.add(2, 0);
  acc.add(2, DEFAULT_LATENCY_FLOOR_MS / 10);
  assert.deepEqual(acc.stats().get(1), { n: 1, mean: Math.log(DEFAULT_LATENCY_FLOOR_MS), variance: 0 });
  assert.deepEqual(acc.stats().get(2), { n: 2, mean: Math.log(DEFAULT_LATENCY_FLOOR_MS), variance: 0 });
});

test('batches given interleaved and out of order: per batch, the same doubles as lnLatencyStats over its list; keys in batch order', () => {
  const u = mulberry32(5);
  const lists = new Map<number, number[]>([
    [9, []],
    [2, []],
    [5, []],
  ]);
  const acc = new LnLatencyAccumulator();
  for (let i = 0; i < 600; i++) {
    const b = [9, 2, 5][Math.floor(u() * 3)] as number;
    const d = Math.exp(8 * u() - 3);
    lists.get(b)?.push(d);
    acc.add(b, d);
  }
  const got = acc.stats();
  assert.deepEqual([...got.keys()], [2, 5, 9]);
  for (const [b, list] of lists) {
    const want = lnLatencyStats(list);
    const s = got.get(b);
    assert.ok(want !== null && s !== undefined);
    assert.ok(
      Object.is(s.n, want.n) && Object.is(s.mean, want.mean) && Object.is(s.variance, want.variance),
      `batch ${b}: ${JSON.stringify(s)} vs ${JSON.stringify(want)}`,
    );
  }
});
