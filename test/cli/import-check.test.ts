/**
 * import + check on the published Fedora 3 / Fedora 4 series reproduce the golden verdicts of
 * docs/growth-gate.md through the real binary, with the documented exit codes.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { join } from 'node:path';
import { fixture, runCli, tempDir } from '../helpers/cli.js';

const CSV = fixture('series/fedora3-vs-fedora4.csv');
let tmp: ReturnType<typeof tempDir>;
let db: string;

before(() => {
  tmp = tempDir();
  db = join(tmp.dir, 'results.db');
});
after(() => tmp.cleanup());

async function importColumn(column: string): Promise<string> {
  const r = await runCli([
    'import',
    CSV,
    '--format',
    'csv',
    '--column',
    column,
    '--batch-size',
    '1000',
    '--db',
    db,
    '--json',
  ]);
  assert.equal(r.code, 0, r.stderr);
  const { runId } = JSON.parse(r.stdout) as { runId: string };
  assert.match(runId, /^[0-9a-z]{10}$/);
  return runId;
}

test('Fedora 3 imported: check PASSes with the golden numbers, exit 0', async () => {
  const id = await importColumn('fedora3_ms');
  const r = await runCli(['check', id, '--db', db, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const g = JSON.parse(r.stdout);
  assert.equal(g.verdict, 'PASS');
  assert.equal(g.warmupDropped, 3);
  assert.equal(g.keptBatches, 22);
  assert.equal(g.growthRatio.toFixed(3), '0.933');
  assert.deepEqual(
    g.ci.map((x: number) => x.toFixed(3)),
    ['0.914', '0.956'],
  );
  assert.equal((g.perThousandObjects * 100).toFixed(2), '-0.33');
  assert.equal(g.exponentK.toFixed(2), '0.96');
});

test('Fedora 4 imported: check FAILs with the golden numbers, exit 1, text names the limit', async () => {
  const id = await importColumn('fedora4_minimal_ms');
  const json = await runCli(['check', id, '--db', db, '--json']);
  assert.equal(json.code, 1, json.stderr);
  const g = JSON.parse(json.stdout);
  assert.equal(g.verdict, 'FAIL');
  assert.equal(g.warmupDropped, 1);
  assert.equal(g.growthRatio.toFixed(3), '4.617');
  assert.deepEqual(
    g.ci.map((x: number) => x.toFixed(3)),
    ['3.920', '5.482'],
  );
  assert.equal((g.perThousandObjects * 100).toFixed(2), '6.88');
  assert.equal(g.exponentK.toFixed(2), '1.75');
  const text = await runCli(['check', 'last', '--db', db]);
  assert.equal(text.code, 1);
  assert.match(
    text.stdout,
    /^FAIL {2}.*superlinear slowdown: per-batch time x4\.62 over batches 2-25 \(objects 1,000-25,000\),/m,
  );
  assert.match(text.stdout, /95% CI \[3\.92, 5\.48\], lower bound above limit 1\.10/);
});

test('--max-growth moves the FAIL line: Fedora 4 passes no limit above its CI', async () => {
  const id = await importColumn('fedora4_minimal_ms');
  const r = await runCli(['check', id, '--db', db, '--max-growth', '6', '--json']);
  assert.equal(r.code, 0);
  assert.equal(JSON.parse(r.stdout).verdict, 'WARN');
});

test('a short series is INCONCLUSIVE with exit 3', async () => {
  const { writeFileSync } = await import('node:fs');
  const short = join(tmp.dir, 'short.csv');
  writeFileSync(short, 'ms\n100\n101\n99\n102\n100\n98\n');
  const imp = await runCli(['import', short, '--column', 'ms', '--batch-size', '10', '--db', db, '--json']);
  assert.equal(imp.code, 0, imp.stderr);
  const r = await runCli(['check', JSON.parse(imp.stdout).runId, '--db', db, '--json']);
  assert.equal(r.code, 3);
  assert.equal(JSON.parse(r.stdout).verdict, 'INCONCLUSIVE');
});

test('runs --json lists the imported runs with their labels and batch counts', async () => {
  const r = await runCli(['runs', '--db', db, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const runs = JSON.parse(r.stdout) as { id: string; label: string; source: string; batches: number; status: string }[];
  assert.ok(runs.length >= 2);
  const f3 = runs.find((x) => x.label === 'fedora3-vs-fedora4.csv:fedora3_ms');
  assert.ok(f3, 'the Fedora 3 import is listed');
  assert.equal(f3.batches, 25);
  assert.equal(f3.source, 'import');
  assert.equal(f3.status, 'completed');
});

test('chart of two imported runs overlays both with a legend', async () => {
  const r = await runCli(['chart', 'last', '--db', db, '--width', '80']);
  assert.equal(r.code, 0, r.stderr);
  const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as { id: string }[];
  const two = await runCli(['chart', runs[0]!.id, runs[1]!.id, '--db', db, '--width', '80']);
  assert.equal(two.code, 0, two.stderr);
  assert.match(two.stdout, /25,000 objects stored/);
  assert.equal((two.stdout.match(/per-batch time, 25 batches of 1,000/g) ?? []).length, 2);
});
