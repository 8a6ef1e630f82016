/**
 * Chart columns show what the gate fits: a column holding several batches plots their median, so
 * the fitted trend runs through the plotted centre. The series is a recorded one with a heavy right
 * tail (fixtures/series/leveldb-default-busy.csv: a default run of 600 batches on a busy host, mean
 * 62.6 ms against a median of 35.0 ms).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { growthGate } from '../../src/analysis/growth-gate.js';
import { alignByObjects, batchEnds } from '../../src/report/chart-align.js';
import { columnMedian, columnP90, quantileOf, spreadColumns } from '../../src/report/chart-columns.js';
import { renderChart, resample, type ChartSeries } from '../../src/report/chart.js';

const CSV = new URL('../../../fixtures/series/leveldb-default-busy.csv', import.meta.url);
const times = readFileSync(CSV, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => Number(l.split(',')[1]));
const BATCH = 100;
const gate = growthGate(times, { batchSize: BATCH });
const trend = times.map((_, i) => Math.exp(gate.intercept + gate.slope * (i + 1)));
const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** The share of columns whose plotted value lies above the fitted trend's value in that column. */
function shareAbove(plotted: readonly number[], fitted: readonly number[]): number {
  return plotted.filter((v, c) => v > (fitted[c] as number)).length / plotted.length;
}

test('quantileOf: type-7 quantiles (R quantile(c(1,2,3,4), 0.9) = 3.7, median of 1..4 = 2.5)', () => {
  assert.equal(quantileOf([4, 1, 3, 2], 0.5), 2.5);
  assert.ok(Math.abs(quantileOf([1, 2, 3, 4], 0.9) - 3.7) < 1e-12);
  assert.equal(quantileOf([7], 0.9), 7);
  assert.ok(Number.isNaN(quantileOf([], 0.5)));
});

test('the recorded series has a heavy right tail: its mean is far above its median', () => {
  assert.equal(times.length, 600);
  assert.ok(mean(times) > 1.5 * columnMedian(times), `mean ${mean(times)}, median ${columnMedian(times)}`);
});

test('one run: between 30% and 70% of the columns lie above the fitted trend at every width', () => {
  for (const columns of [20, 48, 60, 76, 100, 150]) {
    const fitted = resample(trend, columns);
    const share = shareAbove(resample(times, columns), fitted);
    assert.ok(share >= 0.3 && share <= 0.7, `${columns} columns: ${(100 * share).toFixed(0)}% above the trend`);
    // the column means, as the chart drew before, sit above the trend far more often (at 48-76 columns, mostly)
    const byMean = shareAbove(resample(times, columns, mean), fitted);
    assert.ok(byMean > share, `${columns} columns by mean: ${(100 * byMean).toFixed(0)}% above`);
    if (columns >= 48 && columns <= 76)
      assert.ok(byMean > 0.7, `${columns} columns by mean: ${(100 * byMean).toFixed(0)}%`);
  }
});

test('several runs on one objects axis: the same holds for the aligned columns', () => {
  const ends = batchEnds(
    times.map((_, i) => i * BATCH),
    BATCH,
  );
  for (const columns of [48, 76]) {
    const most = times.length * BATCH;
    const plotted = alignByObjects(ends, times, most, columns, columns);
    const fitted = alignByObjects(ends, trend, most, columns, columns);
    const share = shareAbove(plotted, fitted);
    assert.ok(share >= 0.3 && share <= 0.7, `${columns} columns: ${(100 * share).toFixed(0)}% above`);
  }
});

test('the chart marks the p90 of columns whose spread is a row or more, and says what the marks are', () => {
  const s: ChartSeries = {
    label: 'recorded',
    timesMs: times,
    objectsBefore: times.map((_, i) => i * BATCH),
    batchSize: BATCH,
    trendMs: trend,
  };
  const chart = renderChart([s], { width: 80, height: 12 });
  assert.match(chart, /' p90 of a column's batches \(the line is their median\)/);
  const plot = chart.split('\n').slice(0, 13).join('\n');
  const marks = [...plot].filter((c) => c === "'").length;
  assert.ok(marks >= 10, `${marks} p90 marks`);
  // a series with one batch per column has no spread to show
  const few = renderChart(
    [{ label: 'few', timesMs: times.slice(0, 30), objectsBefore: s.objectsBefore.slice(0, 30), batchSize: BATCH }],
    { width: 80 },
  );
  assert.doesNotMatch(few, /p90/);
});

test('spreadColumns: only where the p90 lies a row or more above the median', () => {
  assert.deepEqual(spreadColumns([1, 1, 1], [1.5, 2, 3], 1), [false, true, true]);
  assert.equal(columnP90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), 9.1);
});
