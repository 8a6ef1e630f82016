/**
 * The HTML report's verdict block at 1,300 px in a real browser (Debian's Chromium through
 * playwright-core): its text wraps inside the block instead of scrolling sideways. The test first
 * shows the text would overflow unwrapped (white-space: pre), so the check is not vacuous. Skipped
 * without /usr/bin/chromium unless CI is set (as html-report.test.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderHtml } from '../../src/report/html/page.js';
import { chromiumSkip as skip, inReportPage } from '../helpers/browser-page.js';
import { fedoraInput, syntheticInput } from '../unit/report-fixture.js';

interface Pre {
  scrollWidth: number;
  clientWidth: number;
  style: { whiteSpace: string };
}
declare const document: { querySelectorAll(selector: string): ArrayLike<Pre> };

for (const [name, input] of [
  ['fedora4-vs-fedora3', fedoraInput()],
  ['synthetic-ldp', syntheticInput()],
] as const) {
  test(
    `the verdict block of ${name} wraps at 1,300 px instead of scrolling sideways`,
    { skip, timeout: 120_000 },
    async () => {
      await inReportPage(`verdict-wrap-${name}`, renderHtml(input), async (page) => {
        await page.setViewportSize({ width: 1300, height: 900 });
        const seen = await page.evaluate(() => {
          const pres = Array.from(document.querySelectorAll('.verdict pre'));
          const wrapped = pres.map((p) => p.scrollWidth - p.clientWidth);
          const unwrapped = pres.map((p) => {
            const was = p.style.whiteSpace;
            p.style.whiteSpace = 'pre';
            const over = p.scrollWidth - p.clientWidth;
            p.style.whiteSpace = was;
            return over;
          });
          return { count: pres.length, wrapped, unwrapped };
        });
        assert.ok(seen.count > 0, 'no verdict block');
        assert.ok(
          seen.unwrapped.some((over) => over > 0),
          `no verdict text is wider than its block, nothing to wrap: ${JSON.stringify(seen)}`,
        );
        for (const over of seen.wrapped) assert.ok(over <= 1, `a verdict block scrolls sideways by ${over} px`);
      });
    },
  );
}
