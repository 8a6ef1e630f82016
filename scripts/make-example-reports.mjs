#!/usr/bin/env node
// Writes the example reports in reports/ from the published Fedora 3 vs Fedora 4 series
// (fixtures/series/fedora3-vs-fedora4.csv, Fedora 4 as the candidate, Fedora 3 as the baseline),
// with fixed ids and dates so the files only change when the renderers do. A test checks they
// are up to date. Run through `npm run reports:examples` (it compiles first).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const check = process.argv.includes('--check');
const fixture = new URL('dist/test/unit/report-fixture.js', root);
if (!existsSync(fileURLToPath(fixture))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(2);
}
const { EXAMPLE_REPORTS } = await import(new URL('dist/test/unit/example-reports.js', root).href);
let stale = 0;
for (const r of EXAMPLE_REPORTS) {
  const file = new URL(`reports/${r.file}`, root);
  const text = r.render();
  const old = existsSync(fileURLToPath(file)) ? readFileSync(file, 'utf8') : null;
  if (old === text) {
    console.log(`up to date  reports/${r.file}`);
    continue;
  }
  stale++;
  if (!check) writeFileSync(file, text);
  console.log(`${check ? 'STALE     ' : 'written   '}  reports/${r.file}`);
}
if (check && stale > 0) {
  console.error(`${stale} example report(s) are stale: run npm run reports:examples`);
  process.exit(1);
}
