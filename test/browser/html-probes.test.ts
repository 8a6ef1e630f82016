/**
 * The HTML report's probe panel in a real browser (Debian's Chromium through playwright-core): the
 * report of a run with probes (test/unit/probe-report-fixture.ts) loads without console errors or
 * network requests, a banner and a chart per probe kind are laid out, the get chart has a cold and a
 * warm point per batch, and the list banner says FAIL. Skipped without /usr/bin/chromium unless CI
 * is set (as html-report.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderHtml } from '../../src/report/html/page.js';
import { chromiumSkip as skip, inReportPage } from '../helpers/browser-page.js';
import { probeInput } from '../unit/probe-report-fixture.js';

declare const document: {
  querySelectorAll(selector: string): { length: number };
  querySelector(selector: string): { textContent: string | null; getBoundingClientRect(): { width: number } } | null;
};

test(
  'the probe panel renders in Chromium: a banner and a chart per kind, cold and warm GET points',
  { skip, timeout: 120_000 },
  async () => {
    const input = probeInput(true);
    const batches = input.candidate.evaluation.batches.length;
    await inReportPage('html-probes', renderHtml(input), async (page) => {
      const seen = await page.evaluate(() => ({
        banners: document.querySelectorAll('#probes .verdict').length,
        charts: document.querySelectorAll('#probes svg.chart').length,
        cold: document.querySelectorAll('#chart-probe-get .pt.probe-cold').length,
        warm: document.querySelectorAll('#chart-probe-get .pt.probe-warm').length,
        list: document.querySelectorAll('#chart-probe-list .pt.probe-list').length,
        listBanner: document.querySelector('#probes .verdict-FAIL .word')?.textContent ?? '',
        width: document.querySelector('#chart-probe-list')?.getBoundingClientRect().width ?? 0,
      }));
      assert.deepEqual(
        { ...seen, width: seen.width > 300 },
        { banners: 3, charts: 3, cold: batches, warm: batches, list: batches, listBanner: '\u2717 FAIL', width: true },
      );
    });
  },
);
