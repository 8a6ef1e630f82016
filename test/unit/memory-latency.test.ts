/**
 * The memory backend's --latency: fixed waits, uniform and lognormal distributions drawn from a
 * seeded generator (the same setting gives the same waits), bad values refused naming the flag.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LatencySampler, parseLatency } from '../../src/backends/memory/latency.js';
import { throwsUsage } from '../helpers/throws-usage.js';

test('fixed waits in us, µs, ms and s', () => {
  assert.deepEqual(parseLatency('2ms'), { kind: 'fixed', ms: 2 });
  assert.deepEqual(parseLatency('500us'), { kind: 'fixed', ms: 0.5 });
  assert.deepEqual(parseLatency('1.5s'), { kind: 'fixed', ms: 1500 });
  assert.deepEqual(parseLatency('250µs'), { kind: 'fixed', ms: 0.25 });
  assert.deepEqual(parseLatency('0ms'), { kind: 'fixed', ms: 0 });
  assert.equal(new LatencySampler(parseLatency('2ms')).next(), 2);
});

test('uniform:1ms-3ms draws within the range, covers it, and repeats for the same seed', () => {
  const spec = parseLatency('uniform:1ms-3ms');
  assert.deepEqual(spec, { kind: 'uniform', minMs: 1, maxMs: 3 });
  const a = new LatencySampler(spec, 7);
  const draws = Array.from({ length: 2000 }, () => a.next());
  assert.ok(draws.every((d) => d >= 1 && d <= 3));
  assert.ok(Math.min(...draws) < 1.05 && Math.max(...draws) > 2.95, 'the whole range is reached');
  const mean = draws.reduce((s, d) => s + d, 0) / draws.length;
  assert.ok(Math.abs(mean - 2) < 0.05, `mean ${mean}`);
  const b = new LatencySampler(spec, 7);
  assert.deepEqual(
    Array.from({ length: 2000 }, () => b.next()),
    draws,
  );
});

test('lognormal:2ms:0.5 has median 2 ms and stays within e^(±3σ)', () => {
  const s = new LatencySampler(parseLatency('lognormal:2ms:0.5'), 3);
  const draws = Array.from({ length: 4001 }, () => s.next()).sort((x, y) => x - y);
  const median = draws[2000] as number;
  assert.ok(median > 1.85 && median < 2.15, `median ${median}`);
  assert.ok((draws[0] as number) >= 2 * Math.exp(-1.5) - 1e-9 && (draws[4000] as number) <= 2 * Math.exp(1.5) + 1e-9);
});

test('bad values are usage errors naming --latency', () => {
  for (const bad of [
    'fast',
    '-1ms',
    'uniform:3ms-1ms',
    'uniform:1ms',
    'lognormal:2ms:x',
    'lognormal:2ms:9',
    '2min',
    '61s',
    'normal:1ms:2',
  ]) {
    const e = throwsUsage(() => parseLatency(bad), 'E_BAD_FLAG', ['--latency']);
    assert.match(e.hint ?? '', /--latency /, bad);
  }
});

test('a duration without its unit is refused with the value fixed in the hint', () => {
  for (const [bad, fixed] of [
    ['2', '--latency 2ms'],
    ['0', '--latency 0ms'],
    ['uniform:1-3ms', '--latency uniform:1ms-3ms'],
    ['uniform:1ms-3', '--latency uniform:1ms-3ms'],
    ['lognormal:2:0.5', '--latency lognormal:2ms:0.5'],
  ] as const) {
    const e = throwsUsage(() => parseLatency(bad), 'E_BAD_FLAG', ['--latency', 'has no unit']);
    assert.ok(e.hint?.includes(fixed), `${bad}: ${e.hint}`);
  }
});
