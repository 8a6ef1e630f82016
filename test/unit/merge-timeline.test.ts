/**
 * The merged run's time line (src/shard/merge-timeline.ts) and the clock bracket
 * (src/shard/clock-bracket.ts), against values worked by hand.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clockSpread,
  cutBatches,
  dateShift,
  placeOp,
  populationAt,
  spreadRisk,
} from '../../src/shard/merge-timeline.js';
import { ClockBracket, responseBounds } from '../../src/shard/clock-bracket.js';

const done = Float64Array.from([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);

test('population at t: the objects completed strictly before t', () => {
  assert.equal(populationAt(done, 5), 0);
  assert.equal(populationAt(done, 10), 0);
  assert.equal(populationAt(done, 10.5), 1);
  assert.equal(populationAt(done, 100), 9);
  assert.equal(populationAt(done, 1000), 10);
});

test('virtual batches of B by completion, only those inside the window, and where an operation falls', () => {
  // B = 2: batch k ends at completion 2k+2; batch 0 starts at the run's start (0)
  const all = cutBatches(done, 2, 0, -Infinity, Infinity);
  assert.deepEqual(
    all.batches.map((b) => [b.k, b.startMs, b.endMs, b.objectsBefore]),
    [
      [0, 0, 20, 0],
      [1, 20, 40, 2],
      [2, 40, 60, 4],
      [3, 60, 80, 6],
      [4, 80, 100, 8],
    ],
  );
  // window [15, 85]: batches 1-3 lie inside it
  const t = cutBatches(done, 2, 0, 15, 85);
  assert.equal(t.firstK, 1);
  assert.deepEqual(
    t.batches.map((b) => b.k),
    [1, 2, 3],
  );
  assert.equal(t.allBatches, 5);
  assert.deepEqual(placeOp(t, done, 12), { edge: 'before' }); // population 1: batch 0
  assert.deepEqual(placeOp(t, done, 25), { batch: 1 }); // population 2: batch k = 1, the first kept
  assert.deepEqual(placeOp(t, done, 65), { batch: 3 }); // population 6: k = 3
  assert.deepEqual(placeOp(t, done, 95), { edge: 'after' }); // population 9: k = 4
  // a partial last batch is no batch: 10 objects in batches of 3 make 3
  assert.equal(cutBatches(done, 3, 0, -Infinity, Infinity).batches.length, 3);
});

test('clock bracket: each response bounds store − shard to [D − end, D + 1 s − start]; the bracket intersects them', () => {
  assert.deepEqual(responseBounds(1000, 1010, 1000), { lo: -10, hi: 1000 });
  const c = new ClockBracket();
  // the store's clock is 250 ms ahead; responses made 2 ms into their 4 ms round trip
  for (const start of [100, 700, 1_740, 2_748, 3_300]) {
    const made = start + 2 + 250;
    c.add(start, start + 4, new Date(Math.floor(made / 1000) * 1000).toUTCString());
  }
  // by hand (store time s = start + 252, D = s floored to the second):
  //   start  100: s  352, D    0 → [   0 −  104, 1000 −  100] = [−104,  900]
  //   start  700: s  952, D    0 → [   0 −  704, 1000 −  700] = [−704,  300]
  //   start 1740: s 1992, D 1000 → [1000 − 1744, 2000 − 1740] = [−744,  260]
  //   start 2748: s 3000, D 3000 → [3000 − 2752, 4000 − 2748] = [ 248, 1252]
  //   start 3300: s 3552, D 3000 → [3000 − 3304, 4000 − 3300] = [−304,  700]
  // intersection [248, 260]: the responses just after a second boundary narrow it round the true 250
  assert.equal(c.samples, 5);
  assert.equal(c.record.loMs, 248);
  assert.equal(c.record.hiMs, 260);
  assert.ok(c.lo <= 250 && 250 <= c.hi);
  const none = new ClockBracket();
  none.add(0, 1, 'not a date');
  assert.deepEqual(none.record, { loMs: null, hiMs: null, samples: 0 });
});

test('date correction, clock spread and the warning threshold (rate × spread > B/10)', () => {
  const clocks = [
    { index: 0, loMs: -2, hiMs: 2 },
    { index: 1, loMs: -310, hiMs: -290 },
    { index: 2, loMs: null, hiMs: null },
  ];
  assert.equal(dateShift(clocks[1] as (typeof clocks)[number]), -300);
  assert.equal(dateShift(clocks[2] as (typeof clocks)[number]), 0);
  assert.equal(clockSpread(clocks, 'none'), 300);
  assert.equal(clockSpread(clocks, 'date'), 20);
  assert.equal(clockSpread([{ index: 0, loMs: null, hiMs: null }], 'none'), null);
  // 2 objects/ms × 300 ms = 600 objects against a tenth of 400
  assert.deepEqual(spreadRisk(2, 300, 400), { objects: 600, limit: 40, warn: true });
  assert.deepEqual(spreadRisk(2, 20, 400), { objects: 40, limit: 40, warn: false });
});
