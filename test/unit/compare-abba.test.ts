/** The interleaved order of a compare (src/compare/abba.ts) and the turnstile that enforces it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { batchOrder, schedule } from '../../src/compare/abba.js';
import { Turnstile } from '../../src/compare/turnstile.js';

test('two targets: A B, then B A, alternating (ABBA)', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5].map((b) => batchOrder(b, 2)),
    [
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
      [0, 1],
    ],
  );
});

test('three targets: each pair of batches reversed, the order rotating by one every pair', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 7].map((b) => batchOrder(b, 3)),
    [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
      [0, 2, 1],
      [2, 0, 1],
      [1, 0, 2],
      [0, 1, 2],
    ],
  );
});

test('balanced: over every 2n batches each target holds each place equally often (n = 2..6)', () => {
  for (let n = 2; n <= 6; n++) {
    const count = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let b = 1; b <= 2 * n; b++) {
      batchOrder(b, n).forEach((t, place) => {
        const row = count[t] as number[];
        row[place] = (row[place] ?? 0) + 1;
      });
    }
    for (const row of count) assert.deepEqual(row, new Array<number>(n).fill(2), `n = ${n}: ${JSON.stringify(count)}`);
    // within every pair, the mean place of each target is the middle one (no target always first)
    for (let b = 1; b <= 2 * n; b += 2) {
      const first = batchOrder(b, n);
      const second = batchOrder(b + 1, n);
      for (let t = 0; t < n; t++) assert.equal(first.indexOf(t) + second.indexOf(t), n - 1);
    }
  }
});

test('every order is a permutation; bad arguments are refused', () => {
  for (let n = 1; n <= 7; n++)
    for (let b = 1; b <= 30; b++)
      assert.deepEqual(
        [...batchOrder(b, n)].sort((x, y) => x - y),
        Array.from({ length: n }, (_, i) => i),
      );
  assert.throws(() => batchOrder(0, 2), RangeError);
  assert.throws(() => batchOrder(1, 0), RangeError);
  assert.equal(schedule(3, 2).length, 6);
});

test('the turnstile lets the engines through in the schedule order only, whatever order they ask in', async () => {
  const turns = new Turnstile(4, 2);
  const ran: string[] = [];
  // two "engines" that each run their batches one after the other, as runEngine does
  const engine = async (target: number): Promise<void> => {
    for (let b = 1; b <= 4; b++) {
      await turns.turn(target, b);
      ran.push(`${'AB'[target]}${b}`);
      await new Promise((r) => setImmediate(r));
      turns.done(target, b);
    }
  };
  await Promise.all([engine(1), engine(0)]);
  assert.deepEqual(ran, ['A1', 'B1', 'B2', 'A2', 'A3', 'B3', 'B4', 'A4']);
});

test('open() releases every waiter (a target failed): no engine waits for ever', async () => {
  const turns = new Turnstile(3, 2);
  const waiting = turns.turn(1, 2);
  let released = false;
  void waiting.then(() => (released = true));
  await new Promise((r) => setImmediate(r));
  assert.equal(released, false);
  turns.open();
  await waiting;
  assert.equal(released, true);
  await turns.turn(0, 3); // any later turn passes at once
});
