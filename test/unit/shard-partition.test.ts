/**
 * The stripe partition of sharded runs (src/shard/partition.ts; docs/scale-out.md, "The partition"): for every n
 * the shards' objects are disjoint, together exactly [0, N), each batch b is split B/n per shard, and the plans
 * (ids, paths, sizes) of the union are those of the unsharded run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkShardable, shardBatchIndexes, shardObjectCount } from '../../src/shard/partition.js';
import { planObject } from '../../src/generate/plan.js';
import { resolveWorkload } from '../../src/workload/resolve.js';
import { parseDatastreamFlag } from '../../src/workload/datastream-spec.js';
import { parseShardFlags, parseShardSpec, parseStartAt } from '../../src/cli/shard-flags.js';
import { isIngestScaleError } from '../../src/errors.js';

const runs = fc.record({
  n: fc.integer({ min: 1, max: 12 }),
  perShard: fc.integer({ min: 1, max: 9 }),
  objects: fc.integer({ min: 1, max: 700 }),
});

test('stripe partition: disjoint, complete, B/n per shard per batch, the same set for every n (property)', () => {
  fc.assert(
    fc.property(runs, ({ n, perShard, objects }) => {
      const batchSize = n * perShard;
      const seen = new Uint8Array(objects);
      const batches = Math.ceil(objects / batchSize);
      for (let i = 0; i < n; i++) {
        let mine = 0;
        for (let b = 0; b < batches; b++) {
          const g = shardBatchIndexes(objects, batchSize, b, { index: i, count: n });
          if ((b + 1) * batchSize <= objects) assert.equal(g.length, perShard);
          for (const x of g) {
            assert.equal(x % n, i);
            assert.ok(x >= b * batchSize && x < (b + 1) * batchSize);
            seen[x] = (seen[x] as number) + 1;
          }
          mine += g.length;
        }
        assert.equal(mine, shardObjectCount(objects, { index: i, count: n }));
      }
      // every object exactly once, whatever n: the object set of one unsharded run
      assert.ok(seen.every((c) => c === 1));
    }),
    { seed: 20, numRuns: 300 },
  );
});

test('a shard plans exactly the objects of the unsharded run (ids, layout paths, sizes depend on seed and g only)', () => {
  const w = resolveWorkload(undefined, {
    objects: 240,
    batchSize: 24,
    seed: 7,
    layout: 'pairtree',
    datastreams: [
      parseDatastreamFlag('OBJ:lognormal:4KiB:0.8'),
      parseDatastreamFlag('META:uniform:100-900:compressible'),
    ],
  });
  const unsharded = new Map<number, string>();
  for (let g = 0; g < w.objects; g++) unsharded.set(g, JSON.stringify(planObject(w, g, { idPrefix: 'abcdef-' })));
  for (const n of [1, 2, 3, 4, 6, 8]) {
    const union = new Map<number, string>();
    for (let i = 0; i < n; i++) {
      for (let b = 0; b < 10; b++)
        for (const g of shardBatchIndexes(w.objects, w.batchSize, b, { index: i, count: n }))
          union.set(g, JSON.stringify(planObject(w, g, { idPrefix: 'abcdef-' })));
    }
    assert.deepEqual(union, unsharded, `n = ${n}`);
  }
});

const usage = (fn: () => unknown, re: RegExp): void => {
  assert.throws(fn, (e: unknown) => isIngestScaleError(e) && e.exitCode === 2 && re.test(e.message));
};

test('--batch-size not divisible by n is exit 2 naming the flag', () => {
  usage(() => checkShardable(100, 3), /--batch-size 100 is not divisible by the 3 shards/);
  checkShardable(99, 3);
});

test('--shard i/n, auto/n from JOB_COMPLETION_INDEX, and their errors', () => {
  assert.deepEqual(parseShardSpec('2/4', {}), { index: 2, count: 4 });
  assert.deepEqual(parseShardSpec('auto/4', { JOB_COMPLETION_INDEX: '3' }), { index: 3, count: 4 });
  usage(() => parseShardSpec('auto/4', {}), /JOB_COMPLETION_INDEX is not set/);
  usage(
    () => parseShardSpec('auto/4', { JOB_COMPLETION_INDEX: '4' }),
    /JOB_COMPLETION_INDEX "4" is not a shard index from 0 to 3/,
  );
  usage(() => parseShardSpec('auto/4', { JOB_COMPLETION_INDEX: 'x' }), /JOB_COMPLETION_INDEX/);
  usage(() => parseShardSpec('4/4', {}), /--shard "4" is not a shard index/);
  usage(() => parseShardSpec('1/0', {}), /--shard "1\/0" is not i\/n/);
  usage(() => parseShardSpec('one/two', {}), /is not i\/n/);
  usage(() => parseShardFlags({ shard: '0/2' }, 0, {}), /--shard needs --run-id/);
  usage(() => parseShardFlags({ shard: '0/2', runId: 'Bad Id' }, 0, {}), /--run-id "Bad Id"/);
  usage(() => parseShardFlags({ runId: 'fill-01' }, 0, {}), /--run-id is taken only with --shard/);
  usage(() => parseShardFlags({ startAt: '2026-01-01T00:00:00Z' }, 0, {}), /--start-at is taken only with --shard/);
  assert.equal(parseShardFlags({}, 0, {}), null);
});

test('--start-at: an ISO time at most a day ahead (a past one starts at once, its lateness recorded)', () => {
  const now = Date.parse('2026-12-03T12:00:00Z');
  assert.equal(parseStartAt('2026-12-03T12:00:05Z', now), now + 5000);
  assert.equal(parseStartAt('2026-12-03T11:00:00Z', now), now - 3_600_000);
  usage(() => parseStartAt('2026-12-05T12:00:00Z', now), /more than a day ahead/);
  usage(() => parseStartAt('tomorrow', now), /--start-at "tomorrow" is not an ISO time/);
});
