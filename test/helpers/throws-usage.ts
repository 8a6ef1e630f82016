/** Asserts that fn throws a UsageError with the given code whose message contains every string of mustContain. */
import assert from 'node:assert/strict';
import { UsageError } from '../../src/errors.js';

export function throwsUsage(fn: () => unknown, code: string, mustContain: readonly string[]): UsageError {
  let caught: UsageError | undefined;
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof UsageError, `expected a UsageError, got ${String(e)}`);
    assert.equal(e.code, code);
    for (const s of mustContain)
      assert.ok(e.message.includes(s), `message ${JSON.stringify(e.message)} does not contain ${JSON.stringify(s)}`);
    caught = e;
    return true;
  });
  assert.ok(caught);
  return caught;
}
