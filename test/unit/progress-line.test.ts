/** The progress line shows a stall (requests in flight, the oldest one's age) in place of the ETA. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProgressLine } from '../../src/cli/progress-line.js';
import type { EngineProgress } from '../../src/engine/run-engine.js';
import type { Workload } from '../../src/workload/workload.js';

function fakeStream(): { stream: NodeJS.WriteStream; text: () => string } {
  let out = '';
  const stream = { columns: 200, write: (s: string) => ((out += s), true) } as unknown as NodeJS.WriteStream;
  return { stream, text: () => out };
}

const workload = { objects: 1000 } as Workload;
const progress: EngineProgress = {
  batch: {
    index: 3,
    objects: 100,
    objectsBefore: 200,
    bytes: 1e6,
    wallMs: 250,
    okOps: 200,
    failedOps: 0,
    retriedOps: 0,
    p50Ms: 1,
    p95Ms: 2,
    p99Ms: 3,
    startedAt: null,
  },
  plannedBatches: 10,
  objectsDone: 300,
  bytesDone: 3e6,
  failedOps: 0,
  verifyFailed: 0,
  elapsedMs: 750,
};

test('after a batch the line has the ETA; a stall of 2 s or more replaces it with the requests waiting', () => {
  const f = fakeStream();
  const line = new ProgressLine(f.stream, workload, 10);
  line.update(progress);
  assert.match(f.text(), /batch 3\/10 .*ETA /);
  line.tick({ count: 2, oldestMs: 1500 });
  assert.doesNotMatch(f.text(), /waiting/, 'a short wait is no stall');
  line.tick({ count: 2, oldestMs: 14_200 });
  const last = f.text().split('\r').pop() ?? '';
  assert.match(last, /batch 4\/10 .*2 requests waiting 14 s/);
  assert.doesNotMatch(last, /ETA/);
});

test('a stall before the first batch ends is shown too', () => {
  const f = fakeStream();
  const line = new ProgressLine(f.stream, workload, 10);
  line.tick({ count: 1, oldestMs: 3000 });
  assert.match(f.text(), /batch 1\/10 {2}1 request waiting 3 s/);
});
