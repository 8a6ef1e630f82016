/**
 * `report` of a run made with `run --probe` (docs/probes.md), through the real binary against the
 * embedded store: every format carries the probes (JSON `probes` as `check --json` has them, a
 * JUnit test case per kind, the Markdown section, the HTML probe panel), and --gate-probes makes a
 * JUnit probe case fail exactly when check --gate-probes would exit on that kind.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
let db: string;
let runId: string;
before(async () => {
  tmp = tempDir();
  db = join(tmp.dir, 'probes.db');
  const r = await runCli([
    'run',
    '-n',
    '400',
    '--batch-size',
    '40',
    '--probe',
    'get,head,list',
    '--probe-sample',
    '3',
    '--db',
    db,
    '--json',
  ]);
  assert.ok(r.stdout, r.stderr);
  runId = (JSON.parse(r.stdout) as { runId: string }).runId;
});
after(() => tmp.cleanup());

test('report --format json has the probes of check --json', { timeout: 120_000 }, async () => {
  const rep = await runCli(['report', runId, '--db', db, '--format', 'json']);
  assert.equal(rep.code, 0, rep.stderr);
  const chk = await runCli(['check', runId, '--db', db, '--json']);
  const report = JSON.parse(rep.stdout) as { probes: Record<string, { verdict: string; coldMedianMs: number }> };
  const check = JSON.parse(chk.stdout) as { probes: unknown };
  assert.deepEqual(report.probes, check.probes);
  assert.deepEqual(Object.keys(report.probes), ['get', 'head', 'list']);
  assert.ok((report.probes['get']?.coldMedianMs ?? 0) > 0);
});

test(
  'report --format junit: a case per probe kind; with --gate-probes its outcome follows check --gate-probes',
  { timeout: 120_000 },
  async () => {
    const plain = await runCli(['report', runId, '--db', db, '--format', 'junit']);
    assert.equal(plain.code, 0, plain.stderr);
    for (const k of ['get', 'head', 'list'])
      assert.match(plain.stdout, new RegExp(`<testcase classname="ingest-scale" name="probe ${k}"`));
    assert.doesNotMatch(plain.stdout, /name="probe [a-z]+" time="[\d.]+">\s*<(failure|skipped)/);
    const gated = await runCli(['report', runId, '--db', db, '--format', 'junit', '--gate-probes']);
    const json = JSON.parse((await runCli(['check', runId, '--db', db, '--json'])).stdout) as {
      probes: Record<string, { verdict: string }>;
    };
    for (const [k, v] of Object.entries(json.probes)) {
      const c = new RegExp(`name="probe ${k}"[^>]*>\\s*<(failure|skipped)`).exec(gated.stdout)?.[1] ?? 'pass';
      assert.equal(
        c,
        v.verdict === 'FAIL' ? 'failure' : v.verdict === 'INCONCLUSIVE' ? 'skipped' : 'pass',
        `${k}: ${v.verdict}`,
      );
    }
  },
);

test('report --format markdown and html show the probes', { timeout: 120_000 }, async () => {
  const md = await runCli(['report', runId, '--db', db, '--format', 'markdown']);
  assert.match(md.stdout, /## Read-side probes/);
  assert.match(md.stdout, /^\| list \| (PASS|WARN|FAIL|INCONCLUSIVE) \|/m);
  const html = await runCli(['report', runId, '--db', db, '--format', 'html']);
  assert.match(html.stdout, /<section id="probes"/);
  assert.equal([...html.stdout.matchAll(/class="pt probe-get probe-warm candidate"/g)].length, 10);
  assert.equal([...html.stdout.matchAll(/class="pt probe-get probe-cold candidate"/g)].length, 10);
});
