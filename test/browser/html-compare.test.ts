/**
 * The compare page in a real browser (Debian's Chromium through playwright-core): the seeded compare
 * of test/unit/compare-page-fixture.ts loads without console errors or network requests, and its
 * charts are laid out with every point: both targets per batch, the ratio per paired batch, the
 * trend and the band. Skipped without /usr/bin/chromium unless CI is set (as html-report.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderCompareHtml } from '../../src/report/html/compare-page.js';
import { chromiumSkip as skip, inReportPage } from '../helpers/browser-page.js';
import { BATCHES, compareFixture } from '../unit/compare-page-fixture.js';

declare const document: {
  querySelectorAll(selector: string): { length: number };
  querySelector(selector: string): { getBoundingClientRect(): { width: number } } | null;
};

test(
  'the compare page renders in Chromium: targets overlaid, the ratio with trend and band',
  { skip, timeout: 120_000 },
  async () => {
    await inReportPage(
      'html-compare',
      renderCompareHtml(compareFixture(), '2026-02-01T12:00:00.000Z', '0.1.0'),
      async (page) => {
        const seen = await page.evaluate(() => ({
          reference: document.querySelectorAll('#chart-compare-put .pt.target-0').length,
          other: document.querySelectorAll('#chart-compare-put .pt.target-1').length,
          ratios: document.querySelectorAll('#chart-ratio-put-1 .pt.ratio').length,
          trend: document.querySelectorAll('#chart-ratio-put-1 polyline.trend-ratio').length,
          band: document.querySelectorAll('#chart-ratio-put-1 polygon.ci-band').length,
          failBanners: document.querySelectorAll('.verdict-FAIL').length,
          width: document.querySelector('#chart-ratio-put-1')?.getBoundingClientRect().width ?? 0,
        }));
        assert.deepEqual(
          { ...seen, width: seen.width > 300 },
          { reference: BATCHES, other: BATCHES, ratios: BATCHES - 1, trend: 1, band: 1, failBanners: 2, width: true },
        );
      },
    );
  },
);
