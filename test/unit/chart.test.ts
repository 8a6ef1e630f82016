import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Worker } from 'node:worker_threads';
import { axisRange, renderChart, resample, seriesColumns, type ChartSeries } from '../../src/report/chart.js';
import { formatCount, formatMBps, formatMs, formatPct } from '../../src/report/format.js';
import { renderTable } from '../../src/report/table.js';

const ANSI = /\x1b\[[0-9;]*m/g;
const visible = (s: string): string => s.replace(ANSI, '');

/** A growing series like Fedora 4's, with a wobble so the trend and the data differ. */
function series(label: string, n: number, withTrend: boolean): ChartSeries {
  // first batch the fastest, last the slowest: the data alone sets the y range, trend or not
  const timesMs = Array.from({ length: n }, (_, i) => 30_000 + i * 7000 + (i % 3 === 1 ? 3000 : 0));
  const s: ChartSeries = { label, timesMs, objectsBefore: timesMs.map((_, i) => i * 1000), batchSize: 1000 };
  return withTrend ? { ...s, trendMs: timesMs.map((_, i) => 31_000 + i * 6950) } : s;
}

/** The plot rows: everything above the "objects stored" axis line. */
function plotRows(chart: string): string[] {
  const lines = chart.split('\n');
  const axis = lines.findIndex((l) => l.includes('objects stored'));
  assert.ok(axis > 0, 'no axis line');
  return lines.slice(0, axis);
}

test('resample: stretching interpolates linearly and keeps the endpoints', () => {
  assert.deepEqual(resample([0, 10], 3), [0, 5, 10]);
  assert.deepEqual(resample([0, 10, 20], 5), [0, 5, 10, 15, 20]);
  assert.deepEqual(resample([4, 8], 5), [4, 5, 6, 7, 8]);
  assert.deepEqual(resample([1, 2, 3], 3), [1, 2, 3]);
  assert.deepEqual(resample([7], 4), [7, 7, 7, 7]);
});

test('resample: shrinking takes bucket means', () => {
  assert.deepEqual(resample([1, 3, 5, 7], 2), [2, 6]);
  assert.deepEqual(resample([1, 2, 3, 4, 5, 6], 3), [1.5, 3.5, 5.5]);
  assert.deepEqual(resample([2, 4, 6], 1), [4]);
});

test('resample: empty input or no columns gives an empty array', () => {
  assert.deepEqual(resample([], 5), []);
  assert.deepEqual(resample([1, 2, 3], 0), []);
});

test('property: resample has n values, all within [min, max] of the input; stretching keeps endpoints', () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }), {
        minLength: 1,
        maxLength: 300,
      }),
      fc.integer({ min: 1, max: 400 }),
      (values, n) => {
        const out = resample(values, n);
        assert.equal(out.length, n);
        const lo = Math.min(...values);
        const hi = Math.max(...values);
        const eps = 1e-9 * Math.max(1, Math.abs(lo), Math.abs(hi)); // bucket means may round by an ulp
        for (const v of out) assert.ok(v >= lo - eps && v <= hi + eps, `${v} outside [${lo}, ${hi}]`);
        if (n >= values.length) {
          // === rather than Object.is: -0 and 0 are the same endpoint
          assert.ok(out[0] === values[0], `first ${out[0]} != ${values[0]}`);
          assert.ok(out[n - 1] === values[values.length - 1], `last ${out[n - 1]} != ${values[values.length - 1]}`);
        }
      },
    ),
    { numRuns: 500 },
  );
});

test('property: resample of a constant series is that constant', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -1000, max: 1000 }),
      fc.integer({ min: 1, max: 100 }),
      fc.integer({ min: 1, max: 200 }),
      (c, m, n) => {
        assert.deepEqual(resample(new Array<number>(m).fill(c), n), new Array<number>(n).fill(c));
      },
    ),
  );
});

test('renderChart: legend label, objects-stored axis, and no colour by default', () => {
  const out = renderChart([series('Fedora 4 minimal', 25, false)]);
  assert.match(out, /Fedora 4 minimal: per-batch time, 25 batches of 1,000/);
  assert.match(out, /^ +0 +25,000 objects stored$/m);
  assert.ok(!out.includes('\x1b'), 'ANSI escape without color');
  assert.ok(!out.includes('·'), 'dots without a trend');
  // the y labels are formatted times
  assert.match(out, /\d+(\.\d+)? s ┤/);
});

test('renderChart: a trend adds dots in the plot itself', () => {
  const withTrend = renderChart([series('F4', 25, true)]);
  const rows = plotRows(withTrend);
  assert.ok(
    rows.some((r) => r.includes('·')),
    'no trend dots in the plot area',
  );
  assert.match(withTrend, /fitted trend/);
  const without = renderChart([series('F4', 25, false)]);
  assert.ok(!without.includes('·'));
  // the data line is the same with and without the trend: dots only fill blanks
  const strip = (rs: string[]): string => rs.join('\n').replace(/·/g, ' ');
  assert.equal(strip(rows), strip(plotRows(without)));
});

test('renderChart: colour adds ANSI escapes, and the visible text is unchanged', () => {
  const s = [series('F4', 25, true)];
  const plain = renderChart(s, { color: false });
  const colored = renderChart(s, { color: true });
  assert.ok(!plain.includes('\x1b'));
  assert.ok(colored.includes('\x1b['));
  assert.deepEqual(plotRows(visible(colored)), plotRows(plain));
});

test('renderChart: the plot fits the requested width and height', () => {
  for (const width of [40, 80, 120]) {
    const rows = plotRows(renderChart([series('F4', 25, true)], { width, height: 8 }));
    assert.equal(rows.length, 9); // height + 1 rows
    for (const r of rows) assert.ok([...r].length <= width, `row of ${[...r].length} > ${width}`);
  }
});

test('renderChart: several runs get one legend line each, with their marker letters', () => {
  const out = renderChart([series('Fedora 3', 25, false), series('Fedora 4', 10, false)]);
  assert.match(out, /─A─ Fedora 3: per-batch time/);
  assert.match(out, /─B─ Fedora 4: per-batch time, 10 batches of 1,000/);
  // the axis spans the longest run
  assert.match(out, /25,000 objects stored/);
});

test('renderChart: nothing to chart', () => {
  assert.equal(renderChart([]), '(no batches to chart)');
  assert.equal(renderChart([{ label: 'x', timesMs: [], objectsBefore: [], batchSize: 1 }]), '(no batches to chart)');
});

test('renderChart: a constant series and a single batch still render', () => {
  const flat = renderChart([{ label: 'flat', timesMs: [5, 5, 5], objectsBefore: [0, 10, 20], batchSize: 10 }]);
  assert.match(flat, /flat: per-batch time, 3 batches of 10/);
  assert.match(flat, /30 objects stored/);
  const one = renderChart([{ label: 'one', timesMs: [12], objectsBefore: [0], batchSize: 100 }]);
  assert.match(one, /100 objects stored/);
});

test('renderTable: right-aligned numbers line up and every line has the same width', () => {
  const out = renderTable(
    ['run', 'batches', 'ms'],
    [
      ['alpha', '25', '49,847'],
      ['b', '1000', '7'],
      ['gamma-long-name', '3', '123.4'],
    ],
    ['l', 'r', 'r'],
  );
  const lines = out.split('\n');
  assert.equal(lines.length, 5);
  const widths = new Set(lines.map((l) => [...l].length));
  assert.equal(widths.size, 1, `widths ${[...widths].join(', ')}:\n${out}`);
  assert.equal(lines[0], 'run              batches      ms');
  assert.equal(lines[1], '---------------  -------  ------');
  assert.equal(lines[2], 'alpha                 25  49,847');
  assert.equal(lines[3], 'b                   1000       7');
});

test('renderTable: left alignment by default, no trailing spaces', () => {
  const out = renderTable(
    ['a', 'b'],
    [
      ['xx', 'y'],
      ['z', 'wwww'],
    ],
  );
  assert.equal(out, ['a   b', '--  ----', 'xx  y', 'z   wwww'].join('\n'));
  for (const l of out.split('\n')) assert.equal(l, l.trimEnd());
});

test('formatMs', () => {
  assert.equal(formatMs(0.5), '0.50 ms');
  assert.equal(formatMs(5), '5.0 ms');
  assert.equal(formatMs(850), '850 ms');
  assert.equal(formatMs(1500), '1.50 s');
  assert.equal(formatMs(12_345), '12.3 s');
  assert.equal(formatMs(49_847), '49.8 s');
  assert.equal(formatMs(126_000), '2.1 min');
  assert.equal(formatMs(Number.NaN), '-');
  assert.equal(formatMs(Number.POSITIVE_INFINITY), '-');
});

test('formatMs keeps three significant digits at unit boundaries', () => {
  assert.equal(formatMs(999.6), '1.00 s');
  assert.equal(formatMs(59_999), '1.0 min');
});

test('formatCount, formatPct, formatMBps', () => {
  assert.equal(formatCount(25_000), '25,000');
  assert.equal(formatCount(999), '999');
  assert.equal(formatCount(1_234_567.6), '1,234,568');
  assert.equal(formatCount(0), '0');
  assert.equal(formatPct(0.069), '+6.9%');
  assert.equal(formatPct(-0.003), '-0.3%');
  assert.equal(formatPct(0), '+0.0%');
  assert.equal(formatPct(5.18, 0), '+518%');
  assert.equal(formatPct(0.1234, 2), '+12.34%');
  assert.equal(formatMBps(100_000_000, 1000), '100.0 MB/s');
  assert.equal(formatMBps(1, 0), '-');
});

test('equal batch times beside a trend equal up to the last bit draw a flat chart at once (the range is widened, not divided by ~0)', async () => {
  // asciichart scales by height / range: a one-ulp range put its row counter past 2^53, where ++ stops
  // counting, and chart and report spun for ever. Drawn in a worker so that a regression fails, not hangs.
  const chartModule = new URL('../../src/report/chart.js', import.meta.url).href;
  const code = `import(${JSON.stringify(chartModule)}).then(({ renderChart }) => require('node:worker_threads').parentPort.postMessage(renderChart([
    { label: 'flat', timesMs: [10, 10, 10], objectsBefore: [0, 10, 20], batchSize: 10, trendMs: [10, 10 * (1 + Number.EPSILON), 10] },
  ], { height: 8, width: 60 })))`;
  const worker = new Worker(code, { eval: true });
  let timer: NodeJS.Timeout | undefined;
  try {
    const out = await Promise.race([
      new Promise<string>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('renderChart did not return within 10 s')), 10_000);
      }),
    ]);
    assert.ok(out.split('\n').length <= 8 + 4, out);
    assert.match(out, /10 ms/);
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
});

test('axisRange keeps a real range and widens a degenerate one around its values', () => {
  assert.deepEqual(axisRange(1, 2), [1, 2]);
  const [lo, hi] = axisRange(10, 10 + 1e-12);
  assert.ok(lo < 10 && hi > 10 && hi - lo > 0.5, `${lo} ${hi}`);
  assert.deepEqual(axisRange(0, 0), [-1, 1]);
});

test('several runs line up by objects stored, not by batch number: 10 batches of 100 span half of 5 batches of 400', () => {
  const run = (batches: number, size: number): ChartSeries => ({
    label: `${batches}x${size}`,
    timesMs: Array.from({ length: batches }, () => 50),
    objectsBefore: Array.from({ length: batches }, (_, i) => i * size),
    batchSize: size,
  });
  assert.deepEqual(seriesColumns([run(10, 100), run(5, 400)], 60), [30, 60]);
  assert.deepEqual(seriesColumns([run(25, 400)], 60), [60]);
  const out = renderChart([run(10, 100), run(5, 400)], { width: 72 });
  assert.match(out, /2,000 objects stored/, 'the axis ends at the fullest run');
});
