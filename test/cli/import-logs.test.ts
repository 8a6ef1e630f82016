/**
 * import of request logs through the real binary: for each tool's format, a fill whose latency grows
 * x1.5 over 20,000 ingests (batches of 500) FAILs `check` and a flat one does not; reads and other
 * metrics are left out and counted; failed requests are stored as failed operations.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  jmeterCsvLines,
  jmeterXmlLines,
  k6Lines,
  simulate,
  warpLines,
  type SimRequest,
  type ImportedLog,
} from '../helpers/request-logs.js';

let tmp: ReturnType<typeof tempDir>;
let db: string;
before(() => {
  tmp = tempDir();
  db = join(tmp.dir, 'results.db');
});
after(() => tmp.cleanup());

interface Case {
  name: string;
  lines: (reqs: readonly SimRequest[]) => Iterable<string>;
  flags: string[];
  /** Lines of the file that are not requests. */
  otherLines: (reqs: readonly SimRequest[]) => number;
}

const CASES: Case[] = [
  { name: 'k6', lines: k6Lines, flags: ['--format', 'k6', '--method', 'PUT'], otherLines: (r) => r.length * 8 + 11 },
  {
    name: 'jmeter csv',
    lines: jmeterCsvLines,
    flags: ['--format', 'jmeter', '--match', '^PUT object$'],
    otherLines: () => 0,
  },
  { name: 'jmeter xml', lines: jmeterXmlLines, flags: ['--method', 'PUT'], otherLines: () => 0 },
  { name: 'warp', lines: warpLines, flags: ['--format', 'warp'], otherLines: () => 1 },
];

async function importLog(c: Case, growth: number): Promise<{ imported: ImportedLog; reqs: SimRequest[] }> {
  const reqs = simulate({ ingests: 20_000, growth, readEvery: 7, failEvery: 499, seed: growth === 1 ? 11 : 5 });
  const file = join(tmp.dir, `${c.name.replace(' ', '-')}-${growth}.log`);
  writeFileSync(file, `${[...c.lines(reqs)].join('\n')}\n`);
  const r = await runCli([
    'import',
    file,
    ...c.flags,
    '--batch-size',
    '500',
    '--db',
    db,
    '--json',
    '--tag',
    'case=growth',
  ]);
  assert.equal(r.code, 0, r.stderr);
  return { imported: JSON.parse(r.stdout) as ImportedLog, reqs };
}

for (const c of CASES) {
  test(`${c.name}: latency x1.5 over 20,000 ingests FAILs; reads and failed requests counted`, async () => {
    const { imported, reqs } = await importLog(c, 1.5);
    const reads = reqs.filter((q) => q.method === 'GET').length;
    const failed = reqs.filter((q) => q.status >= 400).length;
    assert.equal(imported.batches, 40);
    assert.equal(imported.counts.ingests, 20_000);
    assert.equal(imported.counts.failedIngests, failed);
    assert.ok(failed > 30, `the fill has failed requests (${failed})`);
    assert.equal(imported.counts.leftOutByMethod + imported.counts.leftOutByMatch, reads);
    assert.equal(imported.counts.otherLines, c.otherLines(reqs));
    const check = await runCli(['check', imported.runId, '--db', db, '--json']);
    assert.equal(check.code, 1, check.stdout + check.stderr);
    const g = JSON.parse(check.stdout) as { verdict: string; growthRatio: number };
    assert.equal(g.verdict, 'FAIL');
    assert.ok(g.growthRatio > 1.3, `growth x${g.growthRatio}`);
  });

  test(`${c.name}: a flat latency does not FAIL`, async () => {
    const { imported } = await importLog(c, 1);
    const check = await runCli(['check', imported.runId, '--db', db, '--json']);
    const g = JSON.parse(check.stdout) as { verdict: string; growthRatio: number };
    assert.notEqual(g.verdict, 'FAIL', check.stdout);
    assert.ok(g.growthRatio < 1.05, `growth x${g.growthRatio}`);
  });
}

test('failed requests are failed operations counted by the error budget', async () => {
  const { imported, reqs } = await importLog(CASES[0] as Case, 1.0);
  const failed = reqs.filter((q) => q.status >= 400).length;
  const check = await runCli(['check', imported.runId, '--db', db, '--json']);
  const g = JSON.parse(check.stdout) as {
    errors: { operations: number; failed: number; byCode: Record<string, number> };
  };
  assert.equal(g.errors.failed, failed);
  assert.equal(g.errors.operations, 20_000 + failed);
  assert.deepEqual(g.errors.byCode, { E_HTTP_503: failed });
});

test('--reads-as-probes: the GETs become probe operations of kind get with their own verdict', async () => {
  const reqs = simulate({ ingests: 20_000, growth: 1, readEvery: 7, seed: 2 });
  const file = join(tmp.dir, 'k6-probes.log');
  writeFileSync(file, `${[...k6Lines(reqs)].join('\n')}\n`);
  const r = await runCli(['import', file, '--batch-size', '500', '--reads-as-probes', '--db', db, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const imported = JSON.parse(r.stdout) as ImportedLog;
  const reads = reqs.filter((q) => q.method === 'GET').length;
  assert.equal(imported.counts.probes, reads);
  assert.equal(imported.counts.leftOutByMethod, 0);
  const check = await runCli(['check', imported.runId, '--db', db, '--json']);
  const g = JSON.parse(check.stdout) as { probes: { get: { verdict: string; batches: number } } };
  assert.equal(g.probes.get.batches, 40);
  assert.notEqual(g.probes.get.verdict, 'FAIL');
});
