/**
 * The HTML page of a compare (src/report/html/compare-page.ts), from a seeded compare of two
 * targets: the reference flat at 100 ms per batch, the other growing 4% per batch (so its scaling
 * FAILs), 20 batches of 400 with 1 warm-up (compare-page-fixture.ts); the page is checked for what it draws.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderCompareHtml } from '../../src/report/html/compare-page.js';
import { BATCHES, compareFixture, SIZE } from './compare-page-fixture.js';

const count = (html: string, re: RegExp): number => [...html.matchAll(re)].length;

test("the ratio series is the answer's: same pairs, same scaling verdict and growth", () => {
  const c = compareFixture();
  const r = c.ratios.put?.['document'];
  assert.ok(r);
  assert.equal(r.ratios.length, BATCHES - 1, 'the warm-up batch is not paired');
  assert.deepEqual(r.batches[0], 2);
  assert.equal(r.objects[0], 2 * SIZE);
  assert.equal(r.gate.verdict, c.answer.scaling.put?.['document']?.verdict);
  assert.equal(r.gate.growthRatio, c.answer.scaling.put?.['document']?.growthRatio);
  assert.equal(r.gate.verdict, 'FAIL');
});

test('the page: the verdict, both targets per batch at their fill, the ratio with trend, band and the 1.00 line', () => {
  const c = compareFixture();
  const html = renderCompareHtml(c, '2026-02-01T12:00:00.000Z', '0.1.0');
  assert.match(html, /^<!DOCTYPE html>/);
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
  assert.match(html, /<title>ingest-scale compare: FAIL for keyed vs document<\/title>/);
  assert.match(html, /aria-label="Compare: FAIL"/);
  assert.match(html, /aria-label="put scaling of document: FAIL"/);
  assert.equal(count(html, /class="pt compare-put target-0 baseline"/g), BATCHES);
  assert.equal(count(html, /class="pt compare-put target-1 candidate"/g), BATCHES);
  assert.match(html, /class="pt compare-put target-1 candidate" data-run="candidate" data-batch="20" data-x="8000"/);
  assert.equal(count(html, /class="pt ratio ratio-put candidate"/g), BATCHES - 1);
  assert.equal(count(html, /<polyline class="trend trend-ratio"/g), 1);
  assert.equal(count(html, /<polygon class="band ci-band"/g), 1);
  assert.equal(count(html, /<polyline class="trend ratio-one"/g), 1);
  assert.match(html, /fitted trend of the ratio \(kept pairs \d+-19\): x\d\.\d\d/);
  assert.doesNotMatch(html, /<script/);
});
