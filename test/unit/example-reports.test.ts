/** The committed example reports in reports/ are exactly what the renderers produce today. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { EXAMPLE_REPORTS } from './example-reports.js';

for (const r of EXAMPLE_REPORTS) {
  test(`reports/${r.file} is up to date (regenerate with npm run reports:examples)`, () => {
    const committed = readFileSync(new URL(`../../../reports/${r.file}`, import.meta.url), 'utf8');
    assert.equal(
      committed,
      r.render(),
      `reports/${r.file} is stale: run npm run reports:examples and commit the result`,
    );
  });
}
