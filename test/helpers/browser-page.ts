/**
 * Opens a report file in a Chromium context for the browser tests, collecting what the page must
 * not do: console errors and warnings, page errors, and requests to anything but file: and data: URLs.
 */
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';

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
