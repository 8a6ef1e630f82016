/**
 * The HTML report in a real browser (Debian's Chromium through playwright-core): opened from a
 * file:// URL, it must make no network request, log no console error and throw no page error; the
 * charts' points are counted in the DOM, and a screenshot is written to a temporary directory (its
 * path is printed as a test diagnostic).
 *
 * Without /usr/bin/chromium the test is skipped with the reason, unless CI is set: CI installs
 * Chromium, so there a missing browser is a failure.
 *
 *   npx tsc -p tsconfig.json && node --test dist/test/browser/
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { renderHtml } from '../../src/report/html/page.js';
import { openReport } from '../helpers/browser-page.js';
import { fedoraInput, syntheticInput } from '../unit/report-fixture.js';

/** The DOM as the page.evaluate callbacks use it (tsconfig has no "dom" lib; they run in the page). */
declare const document: {
  querySelectorAll(selector: string): { length: number };
  querySelector(selector: string): { textContent: string | null; getBoundingClientRect(): { width: number } } | null;
};

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const missing = !existsSync(CHROMIUM);
const skip =
  missing && !process.env['CI']
    ? `${CHROMIUM} is not installed (apt-get install chromium); CI fails instead of skipping`
    : false;

test(
  'the HTML report renders in Chromium without errors or network, with countable chart points',
  { skip, timeout: 120_000 },
  async (t) => {
    assert.ok(!missing, `${CHROMIUM} is missing, and CI is set: install chromium`);
    const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-html-'));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      const cases = [
        { name: 'fedora4-vs-fedora3', html: renderHtml(fedoraInput()), candidate: 25, baseline: 25, latency: 0, mb: 0 },
        { name: 'synthetic-ldp', html: renderHtml(syntheticInput()), candidate: 12, baseline: 0, latency: 12, mb: 12 },
      ];
      for (const c of cases) {
        const file = join(dir, `${c.name}.html`);
        writeFileSync(file, c.html);
        const { page, problems, requests, close } = await openReport(browser, file);

        const counts = await page.evaluate(() => {
          const n = (sel: string): number => document.querySelectorAll(sel).length;
          return {
            candidate: n('#chart-batch-time .pt.batch-time.candidate'),
            baseline: n('#chart-batch-time .pt.batch-time.baseline'),
            latency: ['p50', 'p95', 'p99'].map((p) => n(`#chart-latency .pt.lat-${p}`)),
            objects: n('#chart-objects-per-second .pt.tput-objects'),
            mb: n('#chart-megabytes-per-second .pt.tput-mb'),
            trend: n('#chart-batch-time polyline.trend-candidate'),
            band: n('#chart-batch-time polygon.ci-band'),
            banner: document.querySelector('.verdict .word')?.textContent ?? '',
            scripts: n('script'),
            chartWidth: document.querySelector('#chart-batch-time')?.getBoundingClientRect().width ?? 0,
          };
        });
        assert.equal(counts.candidate, c.candidate, `${c.name}: candidate points`);
        assert.equal(counts.baseline, c.baseline, `${c.name}: baseline points`);
        assert.deepEqual(counts.latency, [c.latency, c.latency, c.latency], `${c.name}: latency points`);
        assert.equal(counts.objects, c.candidate, `${c.name}: objects/s points`);
        assert.equal(counts.mb, c.mb, `${c.name}: MB/s points`);
        assert.equal(counts.trend, 1);
        assert.equal(counts.band, 1);
        assert.match(counts.banner, /FAIL/);
        assert.equal(counts.scripts, 0);
        assert.ok(counts.chartWidth > 300, `chart laid out (${counts.chartWidth}px wide)`);

        // the print stylesheet applies cleanly too
        await page.emulateMedia({ media: 'print' });
        await page.emulateMedia({ media: 'screen' });

        const shot = join(dir, `${c.name}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        assert.ok(statSync(shot).size > 10_000, `${shot} is too small`);
        t.diagnostic(`screenshot: ${shot}`);

        assert.deepEqual(requests, [], `${c.name}: network requests`);
        assert.deepEqual(problems, [], `${c.name}: console errors`);
        await close();
      }
    } finally {
      await browser.close();
    }
  },
);
