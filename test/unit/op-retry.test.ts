/** timeOp's retries (retry-policy.ts): which failures are tried again, what is recorded, what is not repeated. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { OpKind } from '../../src/model/timings.js';
import { earlierAttempts, OpError, timeOp } from '../../src/backends/op-timer.js';
import { backoffMs, DEFAULT_RETRY_POLICY, setRetryPolicy, type RetryPolicy } from '../../src/backends/retry-policy.js';
import { toOpRecords } from '../../src/engine/batch-summary.js';

let previous: RetryPolicy;
before(() => {
  previous = setRetryPolicy({ retries: 2, baseMs: 1, maxMs: 2 });
});
after(() => setRetryPolicy(previous));

const meta = (kind: OpKind) => ({
  kind,
  objectId: 'o1',
  objectIndex: 1,
  datastreamId: kind === 'add-datastream' ? 'D' : null,
  bytes: 10,
});

/** An op function failing with the given errors in turn, then succeeding; counts its calls. */
function failing(...errors: Error[]): { fn: () => Promise<{ httpStatus: number }>; calls: () => number } {
  let n = 0;
  return {
    fn: async () => {
      const e = errors[n++];
      if (e) throw e;
      return { httpStatus: 201 };
    },
    calls: () => n,
  };
}

test('503 twice, then success: ok on attempt 3, the two failures kept as retried rows before it', async () => {
  const f = failing(new OpError('E_HTTP_503', 'busy', 503), new OpError('E_HTTP_503', 'busy', 503));
  const op = await timeOp(meta('add-datastream'), f.fn);
  assert.deepEqual([op.status, op.attempt, op.httpStatus, f.calls()], ['ok', 3, 201, 3]);
  assert.deepEqual(
    earlierAttempts(op)?.map((a) => [a.attempt, a.errorCode, a.httpStatus]),
    [
      [1, 'E_HTTP_503', 503],
      [2, 'E_HTTP_503', 503],
    ],
  );
  const rows = toOpRecords([op], op.startNs - 1_000_000n);
  assert.deepEqual(
    rows.map((r) => [r.status, r.attempt]),
    [
      ['retried', 1],
      ['retried', 2],
      ['ok', 3],
    ],
  );
  assert.ok((rows[0]?.startMs ?? 0) < (rows[2]?.startMs ?? 0), 'each attempt has its own start');
});

test('retries run out: failed with its last error, attempt = 1 + retries', async () => {
  const e = (): OpError => new OpError('E_TIMEOUT', 'no response');
  const f = failing(e(), e(), e(), e());
  const op = await timeOp(meta('add-datastream'), f.fn);
  assert.deepEqual([op.status, op.errorCode, op.attempt, f.calls()], ['failed', 'E_TIMEOUT', 3, 3]);
});

test('not retried: a 500, a 4xx, an unanswered commit or begin-tx, an error its backend already retried', async () => {
  for (const [kind, err] of [
    ['add-datastream', new OpError('E_HTTP_500', 'boom', 500)],
    ['add-datastream', new OpError('E_HTTP_400', 'bad', 400)],
    ['commit', new OpError('E_TIMEOUT', 'no response')],
    ['begin-tx', new OpError('E_SOCKET_CLOSED', 'closed')],
    ['add-datastream', Object.assign(new OpError('E_HTTP_503', 'slow', 503), { attempts: 5 })],
  ] as const) {
    const f = failing(err);
    const op = await timeOp(meta(kind), f.fn);
    assert.equal(f.calls(), 1, `${kind} ${err.errorCode}`);
    assert.equal(op.status, 'failed');
  }
  const declined = failing(new OpError('E_HTTP_503', 'busy', 503));
  assert.equal(
    (await timeOp(meta('commit'), declined.fn)).status,
    'ok',
    'a commit the store declined (503) is tried again',
  );
});

test('a retried create answered "exists" was done by the attempt whose answer was lost: ok', async () => {
  const f = failing(new OpError('E_TIMEOUT', 'no response'), new OpError('E_HTTP_412', 'exists', 412));
  const op = await timeOp(meta('create-object'), f.fn);
  assert.deepEqual([op.status, op.attempt, op.httpStatus], ['ok', 2, 412]);
  const first = failing(new OpError('E_EXISTS', 'exists', 409));
  assert.equal(
    (await timeOp(meta('create-object'), first.fn)).status,
    'failed',
    'on a first attempt "exists" is a real failure',
  );
});

test('backoff doubles from the base, is capped, and has jitter between half and all of it', () => {
  const p = DEFAULT_RETRY_POLICY;
  assert.equal(
    backoffMs(2, p, () => 1),
    100,
  );
  assert.equal(
    backoffMs(3, p, () => 1),
    200,
  );
  assert.equal(
    backoffMs(4, p, () => 0),
    200,
  );
  assert.equal(
    backoffMs(20, p, () => 1),
    5000,
  );
});

test('a once-only operation (an LDP POST with a Slug) is not repeated after a lost answer, but is after a refusal', async () => {
  const lost = failing(new OpError('E_TIMEOUT', 'no response'));
  const op = await timeOp({ ...meta('create-object'), onceOnly: true }, lost.fn);
  assert.deepEqual([op.status, op.errorCode, lost.calls()], ['failed', 'E_TIMEOUT', 1]);
  const reset = failing(new OpError('ECONNRESET', 'reset'));
  assert.equal((await timeOp({ ...meta('create-object'), onceOnly: true }, reset.fn)).status, 'failed');
  assert.equal(reset.calls(), 1);
  const refused = failing(new OpError('E_HTTP_503', 'busy', 503));
  const again = await timeOp({ ...meta('create-object'), onceOnly: true }, refused.fn);
  assert.deepEqual([again.status, again.attempt, refused.calls()], ['ok', 2, 2]);
  const plain = failing(new OpError('E_TIMEOUT', 'no response'));
  assert.equal(
    (await timeOp(meta('create-object'), plain.fn)).status,
    'ok',
    'a create at a name of our choosing is retried',
  );
});
