/**
 * Charts that compare (docs/commands/chart.md): several runs on one objects-stored axis, so runs of
 * different batch sizes land at the right fill, and a marker letter per run on its line and in the
 * legend, so the chart reads without colour.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alignByObjects, batchEnds } from '../../src/report/chart-align.js';
import { lineMarks, markerOf, overlayMarks, rowOf } from '../../src/report/chart-markers.js';
import { renderChart, type ChartSeries } from '../../src/report/chart.js';

const ANSI = /\x1b\[[0-9;]*m/g;

function run(label: string, batches: number, size: number, ms: (i: number) => number): ChartSeries {
  return {
    label,
    timesMs: Array.from({ length: batches }, (_, i) => ms(i)),
    objectsBefore: Array.from({ length: batches }, (_, i) => i * size),
    batchSize: size,
  };
}

test("batchEnds: the next batch's start, and the batch size after the last", () => {
  assert.deepEqual(batchEnds([0, 100, 200], 100), [100, 200, 300]);
  assert.deepEqual(batchEnds([0, 400, 700], 400), [400, 700, 1100]);
});

test('alignByObjects: the same fill lands in the same column whatever the batch size', () => {
  // 8 batches of 100 and 2 of 400, 800 objects each, on 8 columns of 100 objects
  const small = alignByObjects(
    batchEnds([0, 100, 200, 300, 400, 500, 600, 700], 100),
    [1, 2, 3, 4, 5, 6, 7, 8],
    800,
    8,
    8,
  );
  assert.deepEqual(small, [1, 2, 3, 4, 5, 6, 7, 8], 'one batch per column');
  const large = alignByObjects(batchEnds([0, 400], 400), [10, 20], 800, 8, 8);
  // before the first end (400 objects) the first batch's value; then interpolated up to the second end
  assert.deepEqual(large, [10, 10, 10, 10, 12.5, 15, 17.5, 20]);
  // many batches in a column: their mean
  assert.deepEqual(alignByObjects(batchEnds([0, 100, 200, 300], 100), [1, 3, 5, 7], 400, 2, 2), [2, 6]);
  // a run that stored half as much covers the first half of the columns
  assert.deepEqual(alignByObjects(batchEnds([0, 200], 200), [4, 6], 800, 8, 4), [4, 4, 5, 6]);
  assert.deepEqual(alignByObjects([], [], 800, 8, 4), []);
});

test('rowOf agrees with asciichart: the top row holds the maximum, the bottom row the minimum', () => {
  const s = { min: 100, max: 700, height: 6 };
  assert.equal(rowOf(700, s), 0);
  assert.equal(rowOf(100, s), 6);
  assert.equal(rowOf(400, s), 3);
});

test('overlayMarks puts letters on visible columns, past colour escapes', () => {
  const plot = 'ab\x1b[36m─\x1b[0mcd\nefgh';
  assert.equal(
    overlayMarks(
      plot,
      [
        { row: 0, col: 0, text: 'X' },
        { row: 1, col: 1, text: 'Y' },
      ],
      2,
    ).replace(ANSI, ''),
    'abXcd\nefgY',
  );
  const marks = lineMarks(
    [
      [1, 1, 1, 1, 1, 1, 1, 1],
      [2, 2, 2, 2, 2, 2, 2, 2],
    ],
    { min: 0, max: 2, height: 2 },
    4,
    markerOf,
  );
  assert.deepEqual(
    marks.filter((m) => m.text === 'A').map((m) => [m.row, m.col]),
    [
      [1, 0],
      [1, 4],
    ],
  );
  assert.deepEqual(
    marks.filter((m) => m.text === 'B').map((m) => [m.row, m.col]),
    [
      [0, 2],
      [0, 6],
    ],
    'the second line is staggered',
  );
});

test('renderChart of two runs with different batch sizes: one axis, a letter on each line, the shorter run ends at its fill', () => {
  // A: 40 batches of 100 (4,000 objects) at 100 ms; B: 5 batches of 400 (2,000 objects) at 900 ms
  const out = renderChart([run('small', 40, 100, () => 100), run('large', 5, 400, () => 900)], {
    width: 90,
    height: 8,
  });
  assert.doesNotMatch(out, ANSI, 'no colour unless asked');
  const lines = out.split('\n');
  const axis = lines.findIndex((l) => l.includes('objects stored'));
  const plot = lines.slice(0, axis);
  assert.match(lines[axis] ?? '', /^ +0 +4,000 objects stored$/);
  assert.match(out, /─A─ small: per-batch time, 40 batches of 100/);
  assert.match(out, /─B─ large: per-batch time, 5 batches of 400/);
  const top = plot[0] ?? '';
  const bottom = plot[plot.length - 1] ?? '';
  assert.ok(top.includes('B') && !top.includes('A'), top);
  assert.ok(bottom.includes('A') && !bottom.includes('B'), bottom);
  // B stored half of A's objects: its line stops half-way across the 76 plot columns
  const data = (row: string): string => row.slice(12);
  const lastB = data(top).trimEnd().length;
  assert.ok(Math.abs(lastB - 38) <= 1, `B ends at column ${lastB}`);
  assert.ok(data(bottom).trimEnd().length >= 75, 'A spans the plot');
});

test("renderChart with colour: the letters stay, in their line's colour", () => {
  const out = renderChart([run('small', 40, 100, () => 100), run('large', 5, 400, () => 900)], {
    width: 90,
    height: 8,
    color: true,
  });
  assert.match(out, ANSI);
  assert.equal(
    out.replace(ANSI, ''),
    renderChart([run('small', 40, 100, () => 100), run('large', 5, 400, () => 900)], { width: 90, height: 8 }),
  );
});
