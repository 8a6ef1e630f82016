/** The HTML report (src/report/html/): one self-contained file, charts with countable points, escaping. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderHtml } from '../../src/report/html/page.js';
import { niceTicks, tickFormat, timeFormat, timeTicks } from '../../src/report/html/svg-chart.js';
import { fedora3Input, fedoraInput, syntheticInput } from './report-fixture.js';

/** The markup of one chart (an <svg id=...> element). */
function chart(html: string, id: string): string {
  const start = html.indexOf(`<svg xmlns="http://www.w3.org/2000/svg" id="${id}"`);
  assert.ok(start >= 0, `chart ${id} is missing`);
  return html.slice(start, html.indexOf('</svg>', start));
}

/** Elements whose class attribute holds all of the given classes. */
function count(markup: string, ...classes: string[]): number {
  const re = /class="([^"]*)"/g;
  let n = 0;
  for (const m of markup.matchAll(re)) {
    const have = new Set((m[1] ?? '').split(/\s+/));
    if (classes.every((c) => have.has(c))) n++;
  }
  return n;
}

/** Resource references the browser would fetch: attributes and CSS, excluding xmlns. */
function externalReferences(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/\s([a-zA-Z:-]+)\s*=\s*["']?\s*((?:https?:)?\/\/[^"'\s>]*)/g)) {
    const name = (m[1] ?? '').toLowerCase();
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) found.push(`${name}=${m[2]}`);
  }
  for (const m of html.matchAll(/url\(\s*["']?(?!#)([^)"']*)/g)) found.push(`url(${m[1]})`);
  for (const m of html.matchAll(/@import[^;]*/g)) found.push(m[0]);
  return found;
}

test('Fedora 4 against Fedora 3: 25 candidate and 25 baseline points, trend lines and the CI band', () => {
  const html = renderHtml(fedoraInput());
  const bt = chart(html, 'chart-batch-time');
  assert.equal(count(bt, 'pt', 'batch-time', 'candidate'), 25);
  assert.equal(count(bt, 'pt', 'batch-time', 'baseline'), 25);
  assert.equal((bt.match(/<circle class="pt batch-time candidate/g) ?? []).length, 25);
  assert.equal(count(bt, 'pt', 'candidate', 'warmup'), 1); // Fedora 4 drops 1 warm-up batch
  assert.equal(count(bt, 'pt', 'baseline', 'warmup'), 3); // Fedora 3 drops 3
  assert.equal(count(bt, 'trend', 'trend-candidate'), 1);
  assert.equal(count(bt, 'trend', 'trend-baseline'), 1);
  assert.equal(count(bt, 'band', 'ci-band'), 1);
  for (let b = 1; b <= 25; b++) assert.match(bt, new RegExp(`data-run="candidate" data-batch="${b}"`));
  // imported series: no latencies, no bytes
  assert.doesNotMatch(html, /id="chart-latency"/);
  assert.doesNotMatch(html, /id="chart-megabytes-per-second"/);
  assert.match(html, /No operation latencies were recorded/);
  assert.equal(count(chart(html, 'chart-objects-per-second'), 'pt', 'tput-objects'), 25);
  assert.match(html, /class="verdict verdict-FAIL"/);
  assert.match(html, /Against baseline fedora3/);
});

test('synthetic run: latency percentiles and both throughput charts, 12 points each', () => {
  const html = renderHtml(syntheticInput());
  assert.equal(count(chart(html, 'chart-batch-time'), 'pt', 'batch-time', 'candidate'), 12);
  assert.equal(count(chart(html, 'chart-batch-time'), 'pt', 'baseline'), 0);
  const lat = chart(html, 'chart-latency');
  for (const p of ['lat-p50', 'lat-p95', 'lat-p99']) assert.equal(count(lat, 'pt', p), 12, p);
  assert.equal(count(chart(html, 'chart-objects-per-second'), 'pt', 'tput-objects'), 12);
  assert.equal(count(chart(html, 'chart-megabytes-per-second'), 'pt', 'tput-mb'), 12);
  assert.match(html, /early stop at batch 12 of 25/);
});

test('self-contained: no scripts, no external resources, a CSP that forbids the network', () => {
  for (const input of [fedoraInput(), syntheticInput(), fedora3Input()]) {
    const html = renderHtml(input);
    assert.doesNotMatch(html, /<script/i);
    assert.deepEqual(externalReferences(html), []);
    assert.match(
      html,
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">/,
    );
    for (const m of html.matchAll(/<link\b[^>]*>/g)) assert.match(m[0], /href="data:/);
    assert.match(html, /^<!DOCTYPE html>\n<html lang="en">/);
    assert.match(html, /@media print/);
    // the target URL of the synthetic run appears as text only
    if (input.candidate.evaluation.run.target?.startsWith('http'))
      assert.match(html, /<td>http:\/\/127\.0\.0\.1:8080\/rest<\/td>/);
  }
});

test('the external-reference check finds what it should', () => {
  assert.deepEqual(externalReferences('<img src="https://x.test/a.png"><svg xmlns="http://www.w3.org/2000/svg">'), [
    'src=https://x.test/a.png',
  ]);
  assert.deepEqual(externalReferences('<div style="background: url(http://x.test/b)">'), ['url(http://x.test/b)']);
  assert.deepEqual(externalReferences('<g clip-path="url(#c)">'), []);
});

test('all text is escaped: labels, targets and error codes cannot inject markup', () => {
  const input = syntheticInput();
  const run = input.candidate.evaluation.run;
  run.label = '<script>alert("x")</script> & \'q\'';
  run.target = 'http://h/"><img src=x onerror=alert(1)>';
  input.candidate.errors = [{ batch: 2, codes: { '<b>E</b>': 1 } }];
  const html = renderHtml(input);
  assert.doesNotMatch(html, /<script/);
  assert.doesNotMatch(html, /<img/);
  assert.doesNotMatch(html, /<b>E<\/b>/);
  assert.match(html, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; &apos;q&apos;/);
});

test('the verdict banner reads without colour: symbol and word as text, one style per verdict', () => {
  const pass = renderHtml(fedora3Input());
  assert.match(pass, /<section class="verdict verdict-PASS"[^>]*><span class="word">\u2713 PASS<\/span>/);
  const fail = renderHtml(fedoraInput());
  assert.match(fail, /<span class="word">\u2717 FAIL<\/span>/);
  assert.match(fail, /\.verdict-FAIL \{[^}]*border-style: double/);
});

test('niceTicks: 0 up to a round step at or above the maximum', () => {
  assert.deepEqual(niceTicks(208978), [0, 50000, 100000, 150000, 200000, 250000]);
  assert.deepEqual(niceTicks(25000), [0, 5000, 10000, 15000, 20000, 25000]);
  assert.deepEqual(niceTicks(0), [0, 1]);
  assert.deepEqual(niceTicks(7.3), [0, 2, 4, 6, 8]);
});

test('axis labels: decimals follow the step; time axes tick at round ms, s or min', () => {
  assert.deepEqual([0, 2.5, 5, 7.5].map(tickFormat([0, 2.5, 5, 7.5])), ['0.0', '2.5', '5.0', '7.5']);
  assert.deepEqual([0, 50000, 100000].map(tickFormat([0, 50000, 100000])), ['0', '50,000', '100,000']);
  assert.deepEqual(timeTicks(208978), [0, 60000, 120000, 180000, 240000]);
  assert.deepEqual(timeTicks(208978).map(timeFormat(208978)), ['0', '1 min', '2 min', '3 min', '4 min']);
  assert.deepEqual(timeTicks(1201).map(timeFormat(1201)), ['0', '0.25 s', '0.50 s', '0.75 s', '1.00 s', '1.25 s']);
  assert.deepEqual(timeTicks(20.6).map(timeFormat(20.6)), ['0', '5 ms', '10 ms', '15 ms', '20 ms', '25 ms']);
});
