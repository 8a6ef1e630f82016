/** The one duration syntax (src/duration.ts) and the CLI's whole-millisecond flags: a number and a unit, clear errors for everything else. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDuration, parseDuration } from '../../src/cli/parse-duration.js';
import { parseDurationMs } from '../../src/duration.js';
import { UsageError } from '../../src/errors.js';

test('units us (or µs), ms, s, m, h; decimals; spaces around', () => {
  assert.equal(parseDuration('500ms', '--x'), 500);
  assert.equal(parseDuration('2s', '--x'), 2000);
  assert.equal(parseDuration('1.5s', '--x'), 1500);
  assert.equal(parseDuration(' 5m ', '--x'), 300_000);
  assert.equal(parseDuration('1h', '--x'), 3_600_000);
  assert.equal(parseDurationMs('250us', '--x'), 0.25);
  assert.equal(parseDurationMs('250µs', '--x'), 0.25);
  assert.equal(parseDurationMs('2.5ms', '--x'), 2.5);
  assert.equal(parseDuration('2.5ms', '--x'), 3, 'the CLI flags take whole milliseconds');
});

const refused = (f: () => unknown, re: RegExp): void => {
  assert.throws(
    f,
    (e: unknown) => e instanceof UsageError && e.code === 'E_BAD_FLAG' && re.test(`${e.message} ${e.hint}`),
  );
};

test('a bare number, an unknown unit, a negative or an out-of-range value is a usage error naming the flag', () => {
  const bad = (v: string, re: RegExp, bounds = {}): void =>
    refused(() => parseDuration(v, '--request-timeout', bounds), re);
  bad('60', /--request-timeout "60" has no unit give the unit: --request-timeout 60ms or --request-timeout 60s/);
  bad('0', /has no unit/);
  bad('10 sec', /not a duration.*e\.g\. --request-timeout 500ms/);
  bad('-1s', /not a duration/);
  bad('', /not a duration/);
  bad('0s', /out of range.*from 1ms/, { minMs: 1 });
  bad('250us', /out of range.*from 1ms/, { minMs: 1 });
  bad('2d', /not a duration/);
  bad('25h', /out of range/);
});

test('inside a longer value, the hint gives the whole value fixed', () => {
  const fix = (d: string): string => `--cost stalls:1000:${d}`;
  refused(
    () => parseDurationMs('200', '--cost', { fix }),
    /give the unit: --cost stalls:1000:200ms or --cost stalls:1000:200s/,
  );
});

test('formatDuration picks the largest unit that divides', () => {
  assert.deepEqual([10_000, 500, 120_000, 7_200_000, 1500, 0.25, 0].map(formatDuration), [
    '10s',
    '500ms',
    '2m',
    '2h',
    '1500ms',
    '250us',
    '0ms',
  ]);
});
