#!/usr/bin/env node
// Rewrites the golden files of the report renderers (test/golden/*.md, *.xml) and of the live view (*.txt) from the compiled
// fixtures in dist/. The golden tests never write them; run this only when a change in the output
// is intended, then review the diff:
//
//   npx tsc -p tsconfig.json && node scripts/update-golden.mjs
//
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const fixture = new URL('dist/test/unit/report-fixture.js', root);
if (!existsSync(fileURLToPath(fixture))) {
  console.error('dist/test/unit/report-fixture.js is missing: compile first with `npx tsc -p tsconfig.json`');
  process.exit(2);
}
const { GOLDEN_CASES: REPORT_CASES } = await import(fixture.href);
// the live view's screens (test/unit/live-fixture.ts) are golden files of the same folder
const { LIVE_GOLDEN_CASES } = await import(new URL('dist/test/unit/live-fixture.js', root).href);
const GOLDEN_CASES = [...REPORT_CASES, ...LIVE_GOLDEN_CASES];
const dir = new URL('test/golden/', root);
mkdirSync(dir, { recursive: true });
for (const c of GOLDEN_CASES) {
  const file = new URL(`${c.name}.${c.ext}`, dir);
  const text = c.render();
  const old = existsSync(fileURLToPath(file)) ? readFileSync(file, 'utf8') : null;
  if (old === text) {
    console.log(`unchanged  test/golden/${c.name}.${c.ext}`);
    continue;
  }
  writeFileSync(file, text);
  console.log(`${old === null ? 'created  ' : 'rewritten'}  test/golden/${c.name}.${c.ext}`);
}
