/**
 * The embedded store's group commit, against a recording stand-in for classic-level's batch():
 * writes queued together go in one batch, one batch at a time and in arrival order, a caller's
 * operations are never split, and a write that depends on a failed one is refused unwritten.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClassicLevel } from 'classic-level';
import { WriteCombiner, type PutOp } from '../../src/backends/leveldb/write-combiner.js';

interface Call {
  keys: string[];
  finish: (e?: Error) => void;
}

function fakeDb(): { db: ClassicLevel<string, Buffer>; calls: Call[]; inFlightMax: () => number } {
  const calls: Call[] = [];
  let open = 0;
  let max = 0;
  const db = {
    batch(ops: PutOp[]): Promise<void> {
      open++;
      max = Math.max(max, open);
      return new Promise<void>((resolve, reject) => {
        calls.push({ keys: ops.map((o) => o.key), finish: (e) => (open--, e ? reject(e) : resolve()) });
      });
    },
  };
  return { db: db as unknown as ClassicLevel<string, Buffer>, calls, inFlightMax: () => max };
}

const put = (key: string, bytes = 10): PutOp => ({ type: 'put', key, value: Buffer.alloc(bytes) });
const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

test('writes queued in one turn go in one batch, whole and in order; the next waits for it', async () => {
  const f = fakeDb();
  const c = new WriteCombiner(f.db);
  const a = c.write([put('a1'), put('a2')]);
  const b = c.write([put('b1')]);
  await tick();
  assert.deepEqual(
    f.calls.map((x) => x.keys),
    [['a1', 'a2', 'b1']],
  );
  const d = c.write([put('d1')]);
  await tick();
  assert.equal(f.calls.length, 1, 'no second batch while the first is in flight');
  f.calls[0]?.finish();
  await Promise.all([a.done, b.done]);
  await tick();
  assert.deepEqual(f.calls[1]?.keys, ['d1']);
  f.calls[1]?.finish();
  await d.done;
  assert.equal(f.inFlightMax(), 1);
});

test('a write whose object record failed is refused and never reaches the store', async () => {
  const f = fakeDb();
  const c = new WriteCombiner(f.db);
  const record = c.write([put('obj/record')]);
  await tick();
  const datastream = c.write([put('obj/ds/chunk0'), put('obj/ds/record')], record);
  f.calls[0]?.finish(new Error('disk full'));
  await assert.rejects(record.done, /disk full/);
  await assert.rejects(datastream.done, /disk full/);
  await tick();
  assert.equal(f.calls.length, 1, 'the dependent write was not sent');
});

test('a batch of 64 KiB or more goes at once, without waiting for the turn to end', () => {
  const f = fakeDb();
  const c = new WriteCombiner(f.db);
  c.write([put('big', 64 * 1024)]);
  assert.equal(f.calls.length, 1);
});
