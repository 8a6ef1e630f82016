/** Duration flags: a number and a unit, clear errors for everything else. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDuration, parseDuration } from '../../src/cli/parse-duration.js';
import { UsageError } from '../../src/errors.js';

test('units ms, s, m, h; decimals; spaces around', () => {
  assert.equal(parseDuration('500ms', '--x'), 500);
  assert.equal(parseDuration('2s', '--x'), 2000);
  assert.equal(parseDuration('1.5s', '--x'), 1500);
  assert.equal(parseDuration(' 5m ', '--x'), 300_000);
  assert.equal(parseDuration('1h', '--x'), 3_600_000);
});

test('a bare number, an unknown unit, a negative or an out-of-range value is a usage error naming the flag', () => {
  const bad = (v: string, re: RegExp, bounds = {}): void => {
    assert.throws(
      () => parseDuration(v, '--request-timeout', bounds),
      (e: unknown) => e instanceof UsageError && e.code === 'E_BAD_FLAG' && re.test(`${e.message} ${e.hint}`),
    );
  };
  bad('60', /--request-timeout "60" is not a duration.*give a unit/);
  bad('10 sec', /not a duration/);
  bad('-1s', /not a duration/);
  bad('', /not a duration/);
  bad('0s', /out of range.*from 1ms/, { minMs: 1 });
  bad('2d', /not a duration/);
  bad('25h', /out of range/);
});

test('formatDuration picks the largest unit that divides', () => {
  assert.deepEqual([10_000, 500, 120_000, 7_200_000, 1500].map(formatDuration), ['10s', '500ms', '2m', '2h', '1500ms']);
});
