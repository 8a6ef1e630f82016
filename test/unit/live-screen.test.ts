/**
 * The live view as text: golden files (test/golden/live-*.txt) of fixed states built from recorded
 * series (live-fixture.ts): early (too early for an estimate), mid-run (estimate, early-stop look,
 * contention rise), stale rates, an early-stop look that is certain, a compare, a 60-column and a
 * short terminal, colour. The tests only compare; rewrite the files with
 *   npx tsc -p tsconfig.json && node scripts/update-golden.mjs
 * when a change is intended, and review the diff.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { renderLiveScreen } from '../../src/report/live-screen.js';
import { clipLine, visibleLength, wrapLine } from '../../src/report/live-text.js';
import { LIVE_CASES, LIVE_GOLDEN_CASES } from './live-fixture.js';

const GOLDEN_DIR = new URL('../../../test/golden/', import.meta.url);

for (const c of LIVE_GOLDEN_CASES) {
  test(`golden: ${c.name}.txt`, () => {
    const url = new URL(`${c.name}.txt`, GOLDEN_DIR);
    assert.ok(existsSync(url), `test/golden/${c.name}.txt is missing; run scripts/update-golden.mjs`);
    assert.equal(c.render(), readFileSync(url, 'utf8'));
  });
}

test('every screen fits its terminal: fewer lines than rows, no line as wide as the terminal', () => {
  for (const c of LIVE_CASES) {
    const lines = renderLiveScreen(c.state, c.view);
    assert.ok(lines.length <= c.view.height - 1, `${c.name}: ${lines.length} lines for ${c.view.height} rows`);
    for (const l of lines) assert.ok(visibleLength(l) <= c.view.width - 1, `${c.name}: ${JSON.stringify(l)}`);
  }
});

test('without colour (NO_COLOR) no screen holds an escape; with colour the verdict word and chart are coloured', () => {
  for (const c of LIVE_CASES.filter((k) => !k.view.color))
    assert.ok(!renderLiveScreen(c.state, c.view).join('\n').includes('\x1b'), c.name);
  const coloured = LIVE_CASES.find((k) => k.view.color);
  assert.ok(coloured);
  assert.match(renderLiveScreen(coloured.state, coloured.view).join('\n'), /\x1b\[32mPASS\x1b\[0m so far/);
});

test('what each state says', () => {
  const screen = (name: string): string => {
    const c = LIVE_CASES.find((k) => k.name === name);
    assert.ok(c, name);
    return renderLiveScreen(c.state, c.view).join('\n');
  };
  assert.match(screen('live-early'), /too early \(6 of the 10 batches/);
  assert.doesNotMatch(screen('live-early'), /early-stop look/);
  assert.match(screen('live-mid'), /batch 240 of 600/);
  assert.match(screen('live-mid'), /not certain \(the lower bound must rise x/);
  assert.match(screen('live-mid'), /host contention: CPU pressure \d+% → \d+% from batch 6\d/);
  assert.doesNotMatch(screen('live-mid'), /stale/);
  assert.match(screen('live-stale'), /\(stale: the last batch ended 9\.00 s ago\)/);
  assert.match(screen('live-early-stop-look'), /FAIL certain, the run stops/);
  assert.match(screen('live-compare'), /fedora4: run f4minimal0, batch 19\/25/);
  assert.match(screen('live-compare'), /level x2\.\d\d of fedora3 over 19 batches/);
  assert.doesNotMatch(screen('live-short-terminal'), /objects stored/, 'no room for the chart');
});

test('clipLine and wrapLine count visible characters only', () => {
  assert.equal(clipLine('\x1b[32mPASS\x1b[0m so far', 6), '\x1b[32mPASS\x1b[0m s\x1b[0m');
  assert.equal(clipLine('short', 10), 'short');
  assert.deepEqual(wrapLine('aaa bbb ccc', 7), ['aaa bbb', '  ccc']);
  assert.deepEqual(wrapLine('\x1b[31mFAIL\x1b[0m x', 6), ['\x1b[31mFAIL\x1b[0m x']);
});
