/**
 * `report --compare ID --format html` (docs/commands/report.md) of a real compare of two LevelDB targets
 * with the phases put, get-cold and get-warm, through the real binary: per phase a chart with both
 * targets overlaid (a point per batch each), and for the second target the ratio series with its
 * trend and CI band; the banner carries the compare's verdict. Wrong combinations exit 2.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
let db: string;
let compareId: string;
let verdict: string;
before(async () => {
  tmp = tempDir();
  db = join(tmp.dir, 'compare.db');
  const targets = join(tmp.dir, 'targets.json');
  writeFileSync(
    targets,
    JSON.stringify({ targets: { first: { backend: 'leveldb' }, second: { backend: 'leveldb' } } }),
  );
  const r = await runCli([
    'compare',
    '--targets',
    targets,
    '-n',
    '240',
    '--batch-size',
    '20',
    '--datastream',
    'OBJ:2KiB',
    '--phases',
    'put,get-cold,get-warm',
    '--sample',
    '3',
    '--db',
    db,
    '--json',
  ]);
  assert.ok(r.stdout, r.stderr);
  const answer = JSON.parse(r.stdout) as { compareId: string; verdict: string };
  compareId = answer.compareId;
  verdict = answer.verdict;
});
after(() => tmp.cleanup());

const count = (html: string, re: RegExp): number => [...html.matchAll(re)].length;

test(
  'report --compare ID --format html: targets overlaid per phase, the ratio with its trend and band',
  { timeout: 120_000 },
  async () => {
    const r = await runCli(['report', '--compare', compareId, '--format', 'html', '--db', db]);
    assert.equal(r.code, 0, r.stderr);
    const html = r.stdout;
    assert.match(html, /^<!DOCTYPE html>/);
    assert.match(html, new RegExp(`aria-label="Compare: ${verdict}"`));
    for (const phase of ['put', 'get-cold', 'get-warm']) {
      assert.match(html, new RegExp(`<svg xmlns="http://www.w3.org/2000/svg" id="chart-compare-${phase}"`));
      assert.equal(
        count(html, new RegExp(`class="pt compare-${phase} target-0 baseline"`, 'g')),
        12,
        `${phase}: the reference's 12 batches`,
      );
      assert.equal(
        count(html, new RegExp(`class="pt compare-${phase} target-1 candidate"`, 'g')),
        12,
        `${phase}: the second target's 12 batches`,
      );
      // the first batch is the warm-up: 11 pairs
      assert.equal(
        count(html, new RegExp(`class="pt ratio ratio-${phase} candidate"`, 'g')),
        11,
        `${phase}: 11 paired batches`,
      );
      const chart = html.slice(html.indexOf(`id="chart-ratio-${phase}-1"`));
      assert.match(chart.slice(0, chart.indexOf('</svg>')), /class="trend trend-ratio"[\s\S]*/);
      assert.match(chart.slice(0, chart.indexOf('</svg>')), /class="band ci-band"/);
    }
    // the x axis is objects stored: the last batch ends at 240
    assert.match(html, /data-batch="12" data-x="240"/);
    const last = await runCli(['report', '--compare', 'last', '--format', 'html', '--db', db]);
    assert.equal(last.stdout.replace(/Generated [^ ]+/, ''), html.replace(/Generated [^ ]+/, ''));
  },
);

test(
  'report --compare: not with a run, only as HTML, an unknown compare: exit 2 naming the problem',
  { timeout: 60_000 },
  async () => {
    const both = await runCli(['report', 'last', '--compare', compareId, '--format', 'html', '--db', db]);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /a RUN or --compare, not both/);
    const md = await runCli(['report', '--compare', compareId, '--db', db]);
    assert.equal(md.code, 2);
    assert.match(md.stderr, /report --compare renders HTML only, not --format markdown/);
    const none = await runCli(['report', '--compare', 'zzzz', '--format', 'html', '--db', db]);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no compare "zzzz"/);
    const neither = await runCli(['report', '--db', db]);
    assert.equal(neither.code, 2);
    assert.match(neither.stderr, /report needs a RUN \(or --compare ID\)/);
  },
);
