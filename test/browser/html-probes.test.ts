/**
 * The HTML report's probe panel in a real browser (Debian's Chromium through playwright-core): the
 * report of a run with probes (test/unit/probe-report-fixture.ts) loads without console errors or
 * network requests, a banner and a chart per probe kind are laid out, the get chart has a cold and a
 * warm point per batch, and the list banner says FAIL. Skipped without /usr/bin/chromium unless CI
 * is set (as html-report.test.ts).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { renderHtml } from '../../src/report/html/page.js';
import { openReport } from '../helpers/browser-page.js';
import { probeInput } from '../unit/probe-report-fixture.js';

declare const document: {
  querySelectorAll(selector: string): { length: number };
  querySelector(selector: string): { textContent: string | null; getBoundingClientRect(): { width: number } } | null;
};

const CHROMIUM = '/usr/bin/chromium';
const missing = !existsSync(CHROMIUM);
const skip =
  missing && !process.env['CI']
    ? `${CHROMIUM} is not installed (apt-get install chromium); CI fails instead of skipping`
    : false;

test(
  'the probe panel renders in Chromium: a banner and a chart per kind, cold and warm GET points',
  { skip, timeout: 120_000 },
  async () => {
    assert.ok(!missing, `${CHROMIUM} is missing, and CI is set: install chromium`);
    const input = probeInput(true);
    const batches = input.candidate.evaluation.batches.length;
    const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-html-probes-'));
    const file = join(dir, 'probes.html');
    writeFileSync(file, renderHtml(input));
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    try {
      const { page, problems, requests } = await openReport(browser, file);
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
      assert.deepEqual(requests, []);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
