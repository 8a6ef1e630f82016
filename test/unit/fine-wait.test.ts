/**
 * WaitCarry (src/servers/http-put/fine-wait.ts): the ground-truth store's waits in whole
 * milliseconds with the fractions carried, so that a model cost of 2.5 ms is 2.5 ms on average and
 * not the 2 ms a Node timer makes of it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { WaitCarry } from '../../src/servers/http-put/fine-wait.js';

test('after every wait, the whole milliseconds handed out are within 1 ms below the sum asked for', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: 0, max: 50, noNaN: true }), { maxLength: 400 }), (waits) => {
      const c = new WaitCarry();
      let asked = 0;
      let given = 0;
      for (const w of waits) {
        const whole = c.next(w);
        assert.ok(Number.isInteger(whole) && whole >= 0, String(whole));
        asked += w;
        given += whole;
        assert.ok(given <= asked + 1e-9 && asked - given < 1 + 1e-9, `asked ${asked}, given ${given}`);
      }
    }),
    { seed: 17, numRuns: 300 },
  );
});

test('0.5 ms waits alternate 0 and 1 ms; 2.5 ms waits alternate 2 and 3 ms; a linear ramp has no stairs', () => {
  const half = new WaitCarry();
  assert.deepEqual(
    Array.from({ length: 6 }, () => half.next(0.5)),
    [0, 1, 0, 1, 0, 1],
  );
  const twoAndHalf = new WaitCarry();
  assert.deepEqual(
    Array.from({ length: 4 }, () => twoAndHalf.next(2.5)),
    [2, 3, 2, 3],
  );
  // linear:3 over 2 ms to a fill of 1,000: the mean of each 100 waits rises with the fill
  const ramp = new WaitCarry();
  const means: number[] = [];
  for (let block = 0; block < 10; block++) {
    let sum = 0;
    for (let i = 0; i < 100; i++) sum += ramp.next(2 * (1 + (2 * (block * 100 + i)) / 1000));
    means.push(sum / 100);
  }
  for (let b = 1; b < means.length; b++) assert.ok((means[b] as number) > (means[b - 1] as number), means.join(' '));
  assert.ok(
    Math.abs((means[0] as number) - 2.198) < 0.011 && Math.abs((means[9] as number) - 5.798) < 0.011,
    means.join(' '),
  );
});

test('no wait for 0, negative or NaN', () => {
  const c = new WaitCarry();
  assert.equal(c.next(0), 0);
  assert.equal(c.next(-3), 0);
  assert.equal(c.next(Number.NaN), 0);
  assert.equal(c.next(0.99), 0);
  assert.equal(c.next(0.01), 1);
});
