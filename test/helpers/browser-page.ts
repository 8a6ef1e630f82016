/**
 * Opens a report file in a Chromium context for the browser tests, collecting what the page must
 * not do: console errors and warnings, page errors, and requests to anything but file: and data: URLs.
 * Also the tests' shared setup: Debian's Chromium, skipped without it unless CI is set, and one page
 * rendered from HTML in a fresh browser (inReportPage).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumMissing = !existsSync(CHROMIUM);
/** The skip reason of a browser test: only outside CI, where a missing browser fails instead. */
export const chromiumSkip: string | false =
  chromiumMissing && !process.env['CI']
    ? `${CHROMIUM} is not installed (apt-get install chromium); CI fails instead of skipping`
    : false;

export interface OpenedReport {
  page: Page;
  /** Console errors and warnings, and uncaught page errors. */
  problems: string[];
  /** URLs the page requested other than file: and data:. */
  requests: string[];
  close(): Promise<void>;
}

export async function openReport(browser: Browser, file: string): Promise<OpenedReport> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) requests.push(r.url());
  });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { page, problems, requests, close: () => context.close() };
}

/**
 * Writes `html` to a temporary file, opens it in a fresh headless Chromium and runs `look` on the
 * page; then the page must have made no request and logged no problem. Everything is closed and
 * removed afterwards.
 */
export async function inReportPage(name: string, html: string, look: (page: Page) => Promise<void>): Promise<void> {
  assert.ok(!chromiumMissing, `${CHROMIUM} is missing, and CI is set: install chromium`);
  const dir = mkdtempSync(join(tmpdir(), `ingest-scale-${name}-`));
  const file = join(dir, `${name}.html`);
  writeFileSync(file, html);
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
    await look(page);
    assert.deepEqual(requests, []);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
