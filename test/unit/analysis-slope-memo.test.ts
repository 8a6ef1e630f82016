/**
 * A slope selection on points that a previous one had with a few more or fewer in front
 * (slope-selection-memo.ts): the carried counts are the counts of the new points, the carried
 * lists hold exactly the slopes at their ranks, and the answers are the O(n^2) selection's.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { fastSlopeOrderStatistics } from '../../src/analysis/fast-slope-selection.js';
import { countInversions } from '../../src/analysis/inversion-count.js';
import { carriedSelection } from '../../src/analysis/slope-selection-memo.js';
import { pairwiseSlopeOrderStatistics } from '../../src/analysis/slope-selection.js';
import { pairwiseSlopes } from '../../src/analysis/theil-sen.js';
import { gauss, mulberry32 } from '../helpers/series.js';

function series(n: number, seed: number, shape: string): { x: Float64Array; y: Float64Array } {
  const u = mulberry32(seed);
  const x = Float64Array.from({ length: n }, (_, i) => i + 1);
  const y = Float64Array.from({ length: n }, (_, i) => (shape === 'ties' ? Math.floor(u() * 4) : 0.01 * i + gauss(u)));
  return { x, y };
}

/** The median and two CI-like ranks of the slopes of n points. */
function ranks(n: number): number[] {
  const nPairs = (n * (n - 1)) / 2;
  const mid = Math.floor(nPairs / 2);
  return [mid - 1, mid, Math.floor(nPairs / 5), Math.floor((4 * nPairs) / 5)];
}

test('property: after a selection on the points without the first d (or with d more in front), the carried counts and lists are those of the new points, the answers the O(n^2) ones', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 40, max: 160 }),
      fc.integer({ min: 1, max: 1000 }),
      fc.constantFrom('noise', 'ties'),
      fc.integer({ min: -4, max: 4 }).filter((d) => d !== 0),
      (n, seed, shape, d) => {
        const { x, y } = series(n + 8, seed, shape);
        // first the points from 4 + d on: the second selection has d more in front (d < 0: -d fewer)
        const first = { x: x.subarray(4 + d), y: y.subarray(4 + d) };
        const second = { x: x.subarray(4), y: y.subarray(4) };
        fastSlopeOrderStatistics(first.x, first.y, ranks(first.x.length));
        const carried = carriedSelection(second.x, second.y);
        assert.ok(carried.seen.length > 0, 'counts are carried over');
        for (const { s, c } of carried.seen) {
          const u = Float64Array.from(second.x, (xi, i) => (second.y[i] as number) - s * xi);
          assert.equal(c, countInversions(u, true), `count at ${s}`);
        }
        const sorted = pairwiseSlopes(second.x, second.y);
        for (const l of carried.lists) {
          assert.ok(d > 0, 'lists are carried only when points were added');
          const want = Array.from(sorted.subarray(l.cLo, l.cLo + l.slopes.length));
          assert.deepEqual(
            Array.from(l.slopes).sort((a, b) => a - b),
            want,
          );
        }
        const nPairs = (second.x.length * (second.x.length - 1)) / 2;
        const ks = ranks(second.x.length);
        assert.deepEqual(
          fastSlopeOrderStatistics(second.x, second.y, ks),
          pairwiseSlopeOrderStatistics(second.x, second.y, nPairs, ks),
        );
      },
    ),
    { numRuns: 150 },
  );
});

test('points that are not the remembered ones with some in front carry nothing; what is carried is taken once', () => {
  const { x, y } = series(100, 3, 'noise');
  fastSlopeOrderStatistics(x.subarray(2), y.subarray(2), ranks(98));
  const other = Float64Array.from(y);
  other[50] = (other[50] as number) + 1;
  assert.deepEqual(carriedSelection(x, other), { seen: [], lists: [] });
  fastSlopeOrderStatistics(x.subarray(2), y.subarray(2), ranks(98));
  assert.deepEqual(
    carriedSelection(x.subarray(2), y.subarray(2)),
    { seen: [], lists: [] },
    'the same points: nothing to carry',
  );
  fastSlopeOrderStatistics(x.subarray(2), y.subarray(2), ranks(98));
  assert.ok(carriedSelection(x, y).seen.length > 0, 'two points more in front: carried');
  assert.deepEqual(carriedSelection(x, y), { seen: [], lists: [] }, 'taken once: not kept through the next selection');
});
