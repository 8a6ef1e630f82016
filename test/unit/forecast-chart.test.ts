/**
 * The forecast in the charts (docs/forecast.md, "In the charts"): the ASCII projection in the columns
 * beyond the run with its own marks, the SVG's dashed projection and the interval band at the forecast
 * fill, the Markdown table, the JSON report's fields against the schema, and the path's fills.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import { renderChart, type ChartSeries } from '../../src/report/chart.js';
import {
  INTERVAL_MARK,
  PROJECTION_MARK,
  projectionColumns,
  projectionOf,
  type ChartProjection,
} from '../../src/report/chart-projection.js';
import { forecastOverlay } from '../../src/report/html/forecast-overlay.js';
import { renderHtml } from '../../src/report/html/page.js';
import { svgChart, timeTicks, niceTicks, type ChartSpec } from '../../src/report/html/svg-chart.js';
import { renderJsonReport } from '../../src/report/json-report.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { pathFills } from '../../src/verdict/forecast-path.js';
import { handForecast, withForecast } from './forecast-fixture.js';
import { fedora3Input } from './report-fixture.js';

const ANSI = /\x1b\[[0-9;]*m/g;
const FIRST_DATA_COLUMN = 12;

/** 50 batches of 100 rising from 100 ms to ~200 ms: the run the hand-made forecast extends. */
function run(): ChartSeries {
  const timesMs = Array.from({ length: 50 }, (_, i) => 100 + 2 * i);
  return { label: 'run x', timesMs, objectsBefore: timesMs.map((_, i) => i * 100), batchSize: 100 };
}

const projection = (): ChartProjection => projectionOf(handForecast()) as ChartProjection;

/** The plot rows: those with the time axis. */
function plotRows(chart: string): string[] {
  return chart.split('\n').filter((l) => /[┤┼]/.test(l));
}

test('pathFills: evenly spaced from the run to the largest fill, both ends included, none when nothing lies beyond', () => {
  assert.deepEqual(pathFills(5000, 20_000, 4), [5000, 10_000, 15_000, 20_000]);
  assert.equal(pathFills(5000, 20_000).length, 24);
  assert.deepEqual(pathFills(5000, 5000), []);
  assert.deepEqual(pathFills(5000, 2000), []);
  assert.deepEqual(pathFills(10, 12, 24), [10, 11, 12], 'whole objects, no repeats');
});

test('projectionColumns: only the columns beyond the run, with the path interpolated at their right edges', () => {
  const cols = projectionColumns(projection(), 20_000, 40);
  // column c stands for the fills up to 20,000 (c + 1) / 40: the run's 5,000 end column 9
  assert.equal(cols[0]?.col, 10);
  assert.equal(cols[cols.length - 1]?.col, 39);
  assert.equal(cols.length, 30);
  const c = cols.find((x) => x.col === 19) as (typeof cols)[number];
  // right edge 10,000 objects: 200 ms, the interval x0.8 to x1.25
  assert.ok(Math.abs(c.estimate - 200) < 1e-9);
  assert.ok(Math.abs(c.low - 160) < 1e-9 && Math.abs(c.high - 250) < 1e-9);
  const end = cols[cols.length - 1] as (typeof cols)[number];
  assert.ok(Math.abs(end.estimate - 400) < 1e-9);
});

test('the ASCII chart: the axis runs to the forecast fill, the projection right of the run in its own marks, named in the legend', () => {
  const out = renderChart([{ ...run(), projection: projection() }], { width: 72, height: 12 });
  const rows = plotRows(out);
  const axis = out.split('\n')[rows.length] as string;
  assert.match(axis, /^ +0 +\|5,000 +20,000 objects stored \(forecast\)$/);
  assert.match(out, /\* {2}forecast: projected per-batch time to 20,000 objects \(linear\)$/m);
  assert.match(out, /: {2}its 90% prediction interval/);
  // 60 columns over 20,000 objects: the run ends at column 14, its line in the columns before
  const lineCols = rows.flatMap((r) =>
    [...r].flatMap((ch, i) => ('─╭╮╰╯│'.includes(ch) ? [i - FIRST_DATA_COLUMN] : [])),
  );
  const markCols = rows.flatMap((r) =>
    [...r].flatMap((ch, i) => (ch === PROJECTION_MARK ? [i - FIRST_DATA_COLUMN] : [])),
  );
  assert.ok(Math.max(...lineCols) < 15, `the run's line reaches column ${Math.max(...lineCols)}`);
  assert.equal(Math.min(...markCols), 15);
  assert.equal(new Set(markCols).size, 45, 'one estimate mark in every column beyond the run');
  // the last column's estimate (400 ms) is on the top row's side of its interval ends
  const last = FIRST_DATA_COLUMN + 59;
  const at = (ch: string): number[] => rows.flatMap((r, i) => (r[last] === ch ? [i] : []));
  assert.equal(at(PROJECTION_MARK).length, 1);
  const [hiRow, loRow] = at(INTERVAL_MARK);
  assert.ok(hiRow !== undefined && loRow !== undefined && hiRow < (at(PROJECTION_MARK)[0] as number) && loRow > hiRow);
  assert.equal(hiRow, 0, 'the interval top (500 ms) sets the axis maximum');
});

test('the ASCII chart keeps width rules with a projection, and is unchanged without one', () => {
  for (const width of [30, 40, 80, 120]) {
    const out = renderChart([{ ...run(), projection: projection() }], { width, height: 8 });
    for (const r of plotRows(out)) assert.ok([...r].length <= width, `row of ${[...r].length} > ${width}`);
    const axis = out.split('\n')[9] as string;
    assert.ok(
      [...axis].length <= Math.max(width, FIRST_DATA_COLUMN + 10 + 8),
      `axis of ${[...axis].length} at ${width}`,
    );
  }
  const plain = renderChart([run()], { width: 72 });
  assert.equal(renderChart([{ ...run() }], { width: 72 }), plain);
  assert.ok(!plain.includes('forecast'));
  const coloured = renderChart([{ ...run(), projection: projection() }], { width: 72, color: true });
  assert.equal(coloured.replace(ANSI, ''), renderChart([{ ...run(), projection: projection() }], { width: 72 }));
});

test('the ASCII legend says a projection after a cliff assumes no further steps', () => {
  const p = projectionOf(handForecast({ batch: 21, objects: 2000 })) as ChartProjection;
  assert.match(renderChart([{ ...run(), projection: p }]), /fitted after the cliff, it assumes no further steps/);
  assert.equal(projectionOf({ ...handForecast(), path: [] }), undefined);
});

/** The SVG of a spec with the forecast's overlay, and the axes it was drawn on. */
function drawn(): { svg: string; X: (v: number) => number; Y: (v: number) => number } {
  const fc = forecastOverlay(handForecast());
  const spec: ChartSpec = {
    id: 't',
    title: 't',
    xLabel: 'x',
    yLabel: 'y',
    xFormat: String,
    yAxis: 'time',
    series: [
      {
        label: 'run',
        cls: 'batch-time',
        run: 'candidate',
        shape: 'circle',
        color: '#000',
        points: run().timesMs.map((y, i) => ({ x: (i + 1) * 100, y, batch: i + 1, title: '' })),
      },
      ...fc.series,
    ],
    lines: fc.lines,
    bands: fc.bands,
    ...(fc.reach ? { reach: fc.reach } : {}),
  };
  // the plot area of a 760 x 340 chart (svg-chart.ts's margins: left 78, right 18, top 14, bottom 48)
  const xMax = niceTicks(20_000).at(-1) as number;
  const yMax = timeTicks(500).at(-1) as number;
  return { svg: svgChart(spec), X: (v) => 78 + (v / xMax) * 664, Y: (v) => 14 + 278 - (v / yMax) * 278 };
}

const pairs = (attr: string): [number, number][] =>
  attr.split(' ').map((p) => p.split(',').map(Number) as [number, number]);

test('the SVG: a dashed projection from the run to the forecast fill, the axes reaching it', () => {
  const { svg, X, Y } = drawn();
  const line = /<polyline class="trend forecast-projection"[^>]*stroke-dasharray="6 4" points="([^"]+)"/.exec(svg);
  assert.ok(line, 'a dashed projection line');
  const pts = pairs(line[1] as string);
  assert.deepEqual(pts[0], [X(5000), Math.round(Y(100) * 100) / 100]);
  assert.deepEqual(pts.at(-1), [X(20_000), Math.round(Y(400) * 100) / 100]);
  assert.match(svg, />20000<\/text>/, 'an x tick at the forecast fill');
  assert.match(svg, /class="pt forecast candidate" data-run="candidate" data-batch="0" data-x="20000" data-y="400"/);
});

test('the SVG: the band polygon spans the 90% interval at the forecast fill', () => {
  const { svg, X, Y } = drawn();
  const band = /<polygon class="band forecast-band"[^>]*points="([^"]+)"/.exec(svg);
  assert.ok(band, 'a band');
  const pts = pairs(band[1] as string);
  const atEnd = pts.filter(([x]) => x === X(20_000)).map(([, y]) => y);
  assert.deepEqual(
    atEnd,
    [Y(500), Y(320)].map((y) => Math.round(y * 100) / 100),
    'upper end then lower end',
  );
  const atStart = pts.filter(([x]) => x === X(5000)).map(([, y]) => y);
  assert.deepEqual(atStart.sort(), [Y(125), Y(80)].map((y) => Math.round(y * 100) / 100).sort());
});

test('the HTML report: the projection, the band, the table and, after a cliff, the caption and legend say no further steps', () => {
  const html = renderHtml({ ...fedora3Input(), forecast: handForecast({ batch: 21, objects: 2000 }) });
  assert.match(html, /class="trend forecast-projection"/);
  assert.match(html, /class="band forecast-band"/);
  assert.match(html, /<h2>Forecast<\/h2>/);
  assert.match(html, /fitted after the cliff at batch 21 \(2,000 objects\), it assumes no further steps/);
  assert.match(html, /It is fitted after the cliff the gate found and assumes no further steps\./);
  const plain = renderHtml(fedora3Input());
  assert.doesNotMatch(plain, /forecast/i);
});

test('the Markdown report: a forecast table and the projection in its chart', () => {
  const md = renderMarkdown(withForecast(fedora3Input()));
  assert.match(
    md,
    /## Forecast\n\n90% prediction intervals, fitted to batches 4-25 of a run that stored 25,000 objects\./,
  );
  assert.match(md, /\| Objects \| Metric \| Model \| Estimate \| 90% interval \| Far \|/);
  assert.match(
    md,
    /\| 500,000 \| per batch \| [a-z-]+ \| [\d.]+ s \| \[[\d.]+ s, [\d.]+ s\] \| yes: 20x the fill seen \|/,
  );
  assert.match(md, /500,000 objects stored \(forecast\)/);
  assert.doesNotMatch(renderMarkdown(fedora3Input()), /Forecast/);
});

const Ajv2020 = Ajv2020Module.default;
const schema = JSON.parse(
  readFileSync(new URL('../../../schemas/report.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

test('the JSON report: forecast and forecastFit as check --json gives them, valid against the schema; absent without', () => {
  const input = withForecast(fedora3Input());
  const r = JSON.parse(renderJsonReport(input)) as Record<string, any>;
  assert.ok(validate(r), JSON.stringify(validate.errors, null, 2));
  assert.deepEqual(
    r.forecast.map((p: { objects: number; far: boolean }) => [p.objects, p.far]),
    [
      [50_000, false],
      [500_000, true],
    ],
  );
  const f = input.forecast?.points[1];
  assert.deepEqual(r.forecast[1].pi, [
    Math.round((f?.pi[0] ?? 0) * 1000) / 1000,
    Math.round((f?.pi[1] ?? 0) * 1000) / 1000,
  ]);
  assert.deepEqual(r.forecastFit, {
    observedFill: 25_000,
    fromBatch: 4,
    batchesUsed: 22,
    cliffBatch: null,
    skipped: [],
  });
  const plain = JSON.parse(renderJsonReport(fedora3Input())) as Record<string, unknown>;
  assert.ok(!('forecast' in plain) && !('forecastFit' in plain));
  delete r.forecast[0].pi;
  assert.ok(!validate(r), 'a forecast without its interval is refused');
});
