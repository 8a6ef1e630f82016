/**
 * Every relative link in the README, the CHANGELOG, docs/ and reports/perf.md resolves: the file exists and, for
 * a `#fragment` into a Markdown page, a heading of that page has that anchor (GitHub's slug rule).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPO_ROOT } from '../helpers/cli.js';

/** GitHub's heading anchor: lower case, punctuation but `-` and `_` dropped, each space a `-`. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Lines outside fenced code blocks (``` … ```); indented code is skipped by the caller. */
function proseLines(text: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (!fenced && !/^ {4}/.test(line)) out.push(line);
  }
  return out;
}

function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of proseLines(text)) {
    const m = /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

function links(text: string): string[] {
  const out: string[] = [];
  for (const line of proseLines(text)) {
    const bare = line.replace(/`[^`]*`/g, '');
    for (const m of bare.matchAll(/\]\(([^)\s]+)\)/g)) out.push(m[1]!);
  }
  return out;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The broken links of one page, each as `page: target (why)`. */
function brokenLinks(page: string): string[] {
  const text = readFileSync(page, 'utf8');
  const broken: string[] = [];
  for (const target of links(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path = '', fragment] = target.split('#');
    const file = path === '' ? page : join(dirname(page), decodeURIComponent(path));
    const where = `${relative(REPO_ROOT, page)}: ${target}`;
    if (!existsSync(file)) broken.push(`${where} (no such file)`);
    else if (fragment !== undefined && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(fragment))
      broken.push(`${where} (no heading with this anchor)`);
  }
  return broken;
}

test('slug and anchors follow GitHub: punctuation dropped, spaces to dashes, repeats numbered', () => {
  assert.equal(
    slug("The client's warm-up (`src/engine/sink-warmup.ts`)"),
    'the-clients-warm-up-srcenginesink-warmupts',
  );
  assert.equal(slug('Resume: what `run --resume RUN` finds'), 'resume-what-run---resume-run-finds');
  assert.deepEqual([...anchors('# A\n## B\n```\n# not a heading\n```\n## B\n')], ['a', 'b', 'b-1']);
  assert.deepEqual(links('[x](a.md#b) `[y](z.md)`\n    [indented](no.md)\n[w](https://e.org)'), [
    'a.md#b',
    'https://e.org',
  ]);
});

test('every relative link in README.md, CHANGELOG.md, docs/ and reports/perf.md resolves', () => {
  const pages = [
    join(REPO_ROOT, 'README.md'),
    join(REPO_ROOT, 'CHANGELOG.md'),
    join(REPO_ROOT, 'reports', 'perf.md'),
    ...markdownFiles(join(REPO_ROOT, 'docs')),
  ];
  assert.ok(pages.length > 10, `found ${pages.length} pages`);
  const broken = pages.flatMap(brokenLinks);
  assert.deepEqual(broken, []);
});

test('the README is a guide of at most 250 lines', () => {
  const lines = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
  assert.ok(lines <= 250, `README.md has ${lines} lines`);
});
