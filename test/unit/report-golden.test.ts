/**
 * Golden files of the Markdown and JUnit renderers (test/golden/), rendered from the fixed inputs of
 * report-fixture.ts. The tests only compare; the files are rewritten only by
 *   npx tsc -p tsconfig.json && node scripts/update-golden.mjs
 * when a change in the output is intended (review the diff before committing).
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { GOLDEN_CASES } from './report-fixture.js';

const GOLDEN_DIR = new URL('../../../test/golden/', import.meta.url);
const HINT =
  'if the change is intended, rewrite the golden files with `npx tsc -p tsconfig.json && node scripts/update-golden.mjs` and review the diff';

/** The first differing line, with a little context, for the failure message. */
function diffHint(expected: string, actual: string): string {
  const e = expected.split('\n');
  const a = actual.split('\n');
  const n = Math.max(e.length, a.length);
  for (let i = 0; i < n; i++) {
    if (e[i] !== a[i]) {
      return `first difference at line ${i + 1}:\n  golden:   ${JSON.stringify(e[i] ?? '<end of file>')}\n  rendered: ${JSON.stringify(a[i] ?? '<end of file>')}`;
    }
  }
  return 'the files differ only in line endings';
}

for (const c of GOLDEN_CASES) {
  const file = `${c.name}.${c.ext}`;
  test(`golden: ${file}`, () => {
    const url = new URL(file, GOLDEN_DIR);
    assert.ok(existsSync(url), `test/golden/${file} is missing; ${HINT}`);
    const expected = readFileSync(url, 'utf8');
    const actual = c.render();
    if (actual !== expected)
      assert.fail(`test/golden/${file} does not match the renderer.\n${diffHint(expected, actual)}\n${HINT}`);
  });
}

test('golden: rendering is deterministic (two renders are identical)', () => {
  for (const c of GOLDEN_CASES) assert.equal(c.render(), c.render());
});
