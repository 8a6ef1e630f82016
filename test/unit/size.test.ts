import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  MAX_SIZE,
  formatBytes,
  formatSizeSpec,
  lognormal,
  parseBytes,
  parseSizeSpec,
  type SizeSpec,
} from '../../src/workload/size.js';
import { throwsUsage } from '../helpers/throws-usage.js';

test('property: parseBytes(formatBytes(n)) === n for every whole n in 0..2^40', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 2n ** 40n }).map(Number), (n) => {
      assert.equal(parseBytes(formatBytes(n)), n);
    }),
    { numRuns: 2000 },
  );
  // unit multiples are the interesting cases the random draw rarely hits
  fc.assert(
    fc.property(
      fc.constantFrom(1e3, 1e6, 1e9, 1e12, 2 ** 10, 2 ** 20, 2 ** 30, 2 ** 40),
      fc.integer({ min: 0, max: 1024 }),
      (mult, k) => {
        const n = mult * k;
        fc.pre(n <= MAX_SIZE);
        assert.equal(parseBytes(formatBytes(n)), n);
      },
    ),
  );
});

test('formatBytes picks the largest exact binary unit, then decimal, then plain bytes', () => {
  assert.equal(formatBytes(0), '0');
  assert.equal(formatBytes(512), '512');
  assert.equal(formatBytes(1024), '1KiB');
  assert.equal(formatBytes(100 * 1024), '100KiB');
  assert.equal(formatBytes(1000), '1KB');
  assert.equal(formatBytes(100_000), '100KB');
  assert.equal(formatBytes(2 ** 20), '1MiB');
  assert.equal(formatBytes(3 * 2 ** 30), '3GiB');
  assert.equal(formatBytes(2 ** 40), '1TiB');
  assert.equal(formatBytes(1001), '1001');
});

test('decimal units are powers of 1000, binary units powers of 1024', () => {
  assert.equal(parseBytes('1KB'), 1000);
  assert.equal(parseBytes('1KiB'), 1024);
  assert.equal(parseBytes('100KB'), 100_000);
  assert.equal(parseBytes('100KiB'), 102_400);
  assert.equal(parseBytes('4MB'), 4_000_000);
  assert.equal(parseBytes('4MiB'), 4 * 1024 * 1024);
  assert.equal(parseBytes('2GiB'), 2 * 1024 ** 3);
  assert.equal(parseBytes('1GB'), 1e9);
  assert.equal(parseBytes('512'), 512);
  assert.equal(parseBytes('512B'), 512);
  assert.equal(parseBytes('0'), 0);
  // case-insensitive units, surrounding and inner spaces, fractional sizes that land on whole bytes
  assert.equal(parseBytes('1kib'), 1024);
  assert.equal(parseBytes(' 1 MiB '), 2 ** 20);
  assert.equal(parseBytes('1.5KiB'), 1536);
  assert.equal(parseBytes('1TiB'), MAX_SIZE);
});

test('parseSizeSpec: fixed, uniform and lognormal', () => {
  assert.deepEqual(parseSizeSpec('100KiB'), { kind: 'fixed', bytes: 102_400 });
  assert.deepEqual(parseSizeSpec('uniform:1KiB-1MiB'), { kind: 'uniform', min: 1024, max: 2 ** 20 });
  assert.deepEqual(parseSizeSpec('uniform:1KiB-1KiB'), { kind: 'uniform', min: 1024, max: 1024 });
  const ln = parseSizeSpec('lognormal:64KiB:1');
  assert.equal(ln.kind, 'lognormal');
  if (ln.kind !== 'lognormal') return;
  assert.equal(ln.median, 65_536);
  assert.equal(ln.sigma, 1);
  // clamped to median·e^(±3σ)
  assert.equal(ln.min, Math.floor(65_536 / Math.exp(3)));
  assert.equal(ln.max, Math.ceil(65_536 * Math.exp(3)));
  assert.equal(ln.min, 3262);
  assert.equal(ln.max, 1_316_326);
});

test('lognormal clamp never goes below 1 byte nor above 1 TiB', () => {
  const small = lognormal(1, 5);
  assert.ok(small.kind === 'lognormal' && small.min === 1);
  const big = lognormal(2 ** 39, 2);
  assert.ok(big.kind === 'lognormal' && big.max === MAX_SIZE);
  const zero = lognormal(4096, 0);
  assert.ok(zero.kind === 'lognormal' && zero.min === 4096 && zero.max === 4096);
});

test('formatSizeSpec round-trips through parseSizeSpec', () => {
  for (const text of [
    '100KiB',
    '100KB',
    '1536',
    'uniform:1KiB-1MiB',
    'uniform:0-1KB',
    'uniform:1-1001',
    'lognormal:64KiB:1',
    'lognormal:16KiB:0.5',
  ]) {
    const spec = parseSizeSpec(text);
    assert.equal(formatSizeSpec(spec), text);
    assert.deepEqual(parseSizeSpec(formatSizeSpec(spec)), spec);
  }
});

test('property: formatSizeSpec / parseSizeSpec round trip for generated specs', () => {
  const bytes = fc.bigInt({ min: 0n, max: 2n ** 40n }).map(Number);
  const spec: fc.Arbitrary<SizeSpec> = fc.oneof(
    bytes.map((b): SizeSpec => ({ kind: 'fixed', bytes: b })),
    fc.tuple(bytes, bytes).map(([a, b]): SizeSpec => ({ kind: 'uniform', min: Math.min(a, b), max: Math.max(a, b) })),
    fc
      .tuple(fc.bigInt({ min: 1n, max: 2n ** 40n }).map(Number), fc.double({ min: 0, max: 5, noNaN: true }))
      .map(([median, sigma]) => lognormal(median, sigma)),
  );
  fc.assert(
    fc.property(spec, (s) => {
      assert.deepEqual(parseSizeSpec(formatSizeSpec(s)), s);
    }),
    { numRuns: 1000 },
  );
});

test('bad sizes are UsageErrors with code E_BAD_SIZE naming the bad text', () => {
  for (const bad of ['', 'abc', '10XB', '1.5', '-5', '0.3KiB', '1.2.3', '10 K iB', '2TiB']) {
    throwsUsage(() => parseBytes(bad), 'E_BAD_SIZE', [`"${bad}"`]);
  }
  for (const bad of [
    '',
    'abc',
    '10XB',
    '1.5',
    '-5',
    'uniform:2MiB-1MiB',
    'uniform:1KiB',
    'uniform:1KiB-2KiB-3KiB',
    'lognormal:1KiB',
    'lognormal:1KiB:-1',
    'lognormal:1KiB:6',
    'lognormal:1KiB:x',
    'lognormal:0:1',
  ]) {
    throwsUsage(() => parseSizeSpec(bad), 'E_BAD_SIZE', [`"${bad}"`]);
  }
});

test('the "what" argument prefixes the message', () => {
  throwsUsage(() => parseSizeSpec('10XB', '--datastream OBJ:10XB: size'), 'E_BAD_SIZE', [
    '--datastream OBJ:10XB: size',
    '"10XB"',
  ]);
});

test('a lognormal spec with an empty sigma is rejected (parsing is strict)', () => {
  throwsUsage(() => parseSizeSpec('lognormal:64KiB:'), 'E_BAD_SIZE', ['"lognormal:64KiB:"']);
  throwsUsage(() => parseSizeSpec('lognormal:64KiB: '), 'E_BAD_SIZE', ['lognormal:64KiB:']);
});

test('decimal fractions of decimal units that are whole bytes parse exactly', () => {
  // a float product would give 2.01 * 1000 = 2009.9999999999998 and reject these
  assert.equal(parseBytes('2.02KB'), 2020);
  assert.equal(parseBytes('2.01KB'), 2010);
  assert.equal(parseBytes('8.05MB'), 8_050_000);
  assert.equal(parseBytes('1.005KB'), 1005);
  assert.equal(parseBytes('0.5KiB'), 512);
  throwsUsage(() => parseBytes('1.0005KB'), 'E_BAD_SIZE', ['"1.0005KB"']);
});

test('a unit that names an Object.prototype property is a UsageError, not a crash', () => {
  throwsUsage(() => parseBytes('10constructor'), 'E_BAD_SIZE', ['"10constructor"']);
  throwsUsage(() => parseSizeSpec('uniform:1constructor-2KiB'), 'E_BAD_SIZE', ['1constructor']);
});
