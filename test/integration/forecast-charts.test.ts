/**
 * The forecast in the charts end to end (docs/forecast.md, "In the charts"): a memory store on the
 * virtual clock whose cost rises linearly (x1.5 over 20,000 objects) fills 5,000 objects; then
 * `check --forecast 20k` prints the chart with the projection (and `--no-chart` leaves it out), and
 * `report --forecast 20k` gives the Markdown table and chart, the HTML projection and band, and the JSON
 * report's forecast, the same numbers as `check --json`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ForecastJsonFields } from '../../src/report/forecast-text.js';
import { runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
let db: string;
let checkJson: ForecastJsonFields;

before(async () => {
  tmp = tempDir();
  db = join(tmp.dir, 'linear.db');
  const run = await runCli([
    ...['run', '--backend', 'memory', '--virtual-clock', '--latency', 'lognormal:2ms:0.2'],
    ...['--cost', 'linear:1.5', '--fill', '20000', '-n', '5000', '--batch-size', '100', '--concurrency', '4'],
    ...['--datastream', 'D:1KiB', '--seed', '1', '--no-stop-early', '--no-chart', '--db', db],
  ]);
  assert.ok([0, 1].includes(run.code ?? -1), run.stderr);
  const c = await runCli(['check', 'last', '--db', db, '--forecast', '20k', '--json']);
  assert.ok([0, 1].includes(c.code ?? -1), c.stderr);
  checkJson = JSON.parse(c.stdout) as ForecastJsonFields;
});
after(() => tmp.cleanup());

const batchForecast = (f: ForecastJsonFields): ForecastJsonFields['forecast'][number] => {
  const p = f.forecast.find((x) => x.metric === 'batch');
  assert.ok(p, 'a per-batch forecast');
  return p;
};

test('check --forecast prints the chart with the projection to the forecast fill; --no-chart and --json leave it out', async () => {
  const c = await runCli(['check', 'last', '--db', db, '--forecast', '20k']);
  assert.ok([0, 1].includes(c.code ?? -1), c.stderr);
  assert.match(c.stdout, /^ +0 +\|5,000 +20,000 objects stored \(forecast\)$/m);
  assert.match(c.stdout, /\* {2}forecast: projected per-batch time to 20,000 objects \([a-z-]+\)$/m);
  assert.match(c.stdout, /: {2}its 90% prediction interval/);
  const plot = c.stdout.split('\n').filter((l) => /[┤┼]/.test(l));
  assert.ok(plot.length >= 12, 'a plot');
  assert.ok(
    plot.some((l) => l.includes('*')),
    'projection marks in the plot',
  );
  for (const l of plot) assert.ok([...l].length <= 80, `a row of ${[...l].length} columns on an 80-column output`);
  // the chart comes before the forecast's text
  assert.ok(c.stdout.indexOf('objects stored (forecast)') < c.stdout.indexOf('Forecast (90% prediction intervals'));
  const bare = await runCli(['check', 'last', '--db', db, '--forecast', '20k', '--no-chart']);
  assert.doesNotMatch(bare.stdout, /objects stored \(forecast\)|┤/);
  assert.match(bare.stdout, /Forecast \(90% prediction intervals/);
  const plain = await runCli(['check', 'last', '--db', db]);
  assert.doesNotMatch(plain.stdout, /┤|Forecast/, 'no chart without --forecast');
});

test('report --forecast: the Markdown table and the projection in its chart', async () => {
  const r = await runCli(['report', 'last', '--db', db, '--forecast', '20k']);
  assert.equal(r.code, 0, r.stderr);
  const p = batchForecast(checkJson);
  assert.match(
    r.stdout,
    /## Forecast\n\n90% prediction intervals, fitted to batches \d+-50 of a run that stored 5,000 objects\./,
  );
  assert.match(
    r.stdout,
    new RegExp(`\\| 20,000 \\| per batch \\| ${p.model} \\| \\d+ ms \\| \\[\\d+ ms, \\d+ ms\\] \\| no \\|`),
  );
  assert.match(r.stdout, /20,000 objects stored \(forecast\)/);
});

test('report --forecast --format html: a dashed projection and the interval band reaching the forecast fill', async () => {
  const file = join(tmp.dir, 'r.html');
  const r = await runCli(['report', 'last', '--db', db, '--forecast', '20k', '--format', 'html', '-o', file]);
  assert.equal(r.code, 0, r.stderr);
  const html = readFileSync(file, 'utf8');
  assert.match(html, /<polyline class="trend forecast-projection"[^>]*stroke-dasharray/);
  assert.match(html, /<polygon class="band forecast-band"/);
  assert.match(html, /class="pt forecast candidate"[^>]*data-x="20000"/);
  assert.match(html, /<h2>Forecast<\/h2>/);
});

test('report --forecast --format json: the forecast of check --json, valid against the schema', async () => {
  const r = await runCli(['report', 'last', '--db', db, '--forecast', '20k', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout) as ForecastJsonFields;
  assert.deepEqual(report.forecast, checkJson.forecast);
  assert.deepEqual(report.forecastFit, checkJson.forecastFit);
  const Ajv2020 = Ajv2020Module.default;
  const schema = JSON.parse(
    readFileSync(new URL('../../../schemas/report.schema.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);
  assert.ok(validate(report), JSON.stringify(validate.errors, null, 2));
});

test('report --forecast refuses what check --forecast refuses, and does not apply to --compare', async () => {
  const far = await runCli(['report', 'last', '--db', db, '--forecast', '10M']);
  assert.equal(far.code, 2, far.stderr);
  assert.match(far.stderr, /largest fill this run supports is 500,000/);
  const bad = await runCli(['report', 'last', '--db', db, '--forecast', 'lots']);
  assert.equal(bad.code, 2, bad.stderr);
  const cmp = await runCli(['report', '--compare', 'last', '--format', 'html', '--db', db, '--forecast', '20k']);
  assert.equal(cmp.code, 2, cmp.stderr);
  assert.match(cmp.stderr, /--forecast does not apply to report --compare/);
});
