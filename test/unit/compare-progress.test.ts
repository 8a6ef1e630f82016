/** compare's progress line: batch k of N, the target, target batches done, elapsed and an ETA from the rate so far (a fake clock). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CompareProgress } from '../../src/cli/compare-progress.js';
import type { Clock } from '../../src/model/clock.js';

function fakeStream(): { stream: NodeJS.WriteStream; text: () => string } {
  let out = '';
  const stream = { columns: 200, write: (s: string) => ((out += s), true) } as unknown as NodeJS.WriteStream;
  return { stream, text: () => out };
}

test('two targets of 10 batches: after 4 target batches in 2 s, 16 are left: ETA 8.00 s; the last one says done', () => {
  const f = fakeStream();
  let t = 1000;
  const clock: Clock = { nowNs: () => BigInt(t) * 1_000_000n, sleep: () => Promise.resolve() };
  const line = new CompareProgress(f.stream, 2, 10, clock);
  for (const [target, batch] of [
    ['old', 1],
    ['new', 1],
    ['new', 2],
    ['old', 2],
  ] as const) {
    t += 500;
    line.update(target, batch, 10);
  }
  const last = f.text().split('\r').pop() ?? '';
  assert.match(last, /^\x1b\[2K\[#{3}\.{13}\] batch 2\/10 old \(4\/20\) {2}elapsed 2\.00 s {2}ETA 8\.00 s$/);
  for (let i = 0; i < 16; i++) line.update(i % 2 === 0 ? 'new' : 'old', 3 + Math.floor(i / 2), 10);
  assert.match(f.text().split('\r').pop() ?? '', /batch 10\/10 old \(20\/20\) .*ETA done$/);
  line.finish();
  assert.ok(f.text().endsWith('\n'), 'finish ends the line');
});

test('nothing drawn, nothing written by finish', () => {
  const f = fakeStream();
  new CompareProgress(f.stream, 3, 5).finish();
  assert.equal(f.text(), '');
});
