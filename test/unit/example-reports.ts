/**
 * The example reports of reports/: the Fedora 4 series (candidate) against Fedora 3 (baseline) from
 * fixtures/series/, in all four formats. scripts/make-example-reports.mjs writes them; the test in
 * example-reports.test.ts fails when a committed file no longer matches what the renderers produce.
 */
import { renderHtml } from '../../src/report/html/page.js';
import { renderJsonReport } from '../../src/report/json-report.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { fedoraInput } from './report-fixture.js';

export const EXAMPLE_REPORTS: { file: string; render: () => string }[] = [
  { file: 'fedora4-vs-fedora3.md', render: () => renderMarkdown(fedoraInput()) },
  { file: 'fedora4-vs-fedora3.json', render: () => renderJsonReport(fedoraInput()) },
  { file: 'fedora4-vs-fedora3.junit.xml', render: () => renderJunit(fedoraInput()) },
  { file: 'fedora4-vs-fedora3.html', render: () => renderHtml(fedoraInput()) },
];
