/**
 * --min-detectable through the real binary (docs/growth-gate.md, "Power-aware PASS"): on the imported Fedora 3 series
 * (R80 about x1.14) 1.1 is INCONCLUSIVE (exit 3) and 1.5 PASS (exit 0); `run` stores the ratio with
 * its settings, `check` uses it unless its own flag overrides it, and then says so.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ResultsStore } from '../../src/store/results-store.js';
import { fixture, runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
let db: string;
let f3: string;
before(async () => {
  tmp = tempDir();
  db = join(tmp.dir, 'results.db');
  const r = await runCli([
    'import',
    fixture('series/fedora3-vs-fedora4.csv'),
    '--format',
    'csv',
    '--column',
    'fedora3_ms',
    '--batch-size',
    '1000',
    '--db',
    db,
    '--json',
  ]);
  assert.equal(r.code, 0, r.stderr);
  f3 = (JSON.parse(r.stdout) as { runId: string }).runId;
});
after(() => tmp.cleanup());

test('Fedora 3: check --min-detectable 1.1 is INCONCLUSIVE (exit 3), 1.5 PASS (exit 0)', async () => {
  const tight = await runCli(['check', f3, '--db', db, '--min-detectable', '1.1']);
  assert.equal(tight.code, 3, tight.stderr);
  assert.match(
    tight.stdout,
    /^INCONCLUSIVE  .*underpowered: this run could only see growth of x1\.14 or more \(asked: x1\.10\); at this noise x1\.1 is out of reach/,
  );
  assert.match(tight.stdout, /^the growth gate alone \(not the verdict\):\nPASS  /m);
  const j = JSON.parse((await runCli(['check', f3, '--db', db, '--min-detectable', '1.12', '--json'])).stdout);
  assert.equal(j.verdict, 'INCONCLUSIVE');
  assert.equal(j.underpowered, true);
  assert.equal(j.minDetectable, 1.12);
  assert.equal(j.gates.minDetectable, 1.12);
  assert.ok(j.rerunBatches.totalBatches > 25, JSON.stringify(j.rerunBatches));
  const loose = await runCli(['check', f3, '--db', db, '--min-detectable', '1.5', '--json']);
  assert.equal(loose.code, 0, loose.stderr);
  const l = JSON.parse(loose.stdout);
  assert.equal(l.verdict, 'PASS');
  assert.equal(l.underpowered, false);
  const none = JSON.parse((await runCli(['check', f3, '--db', db, '--json'])).stdout);
  assert.equal(none.gates.minDetectable, null);
  assert.equal(none.underpowered, false, 'Fedora 3 sees x1.14: not underpowered by the default rule');
});

test('a bad --min-detectable is a usage error (exit 2) whose hint names the flag', async () => {
  const r = await runCli(['check', f3, '--db', db, '--min-detectable', '0.9']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--min-detectable/);
  assert.match(r.stderr, /hint: .*--min-detectable 1\.5/);
});

test('run stores --min-detectable with its settings; check uses it, and a flag overrides it with a note', async () => {
  const rdb = join(tmp.dir, 'run.db');
  const r = await runCli([
    'run',
    '--backend',
    'memory',
    '-n',
    '240',
    '--batch-size',
    '10',
    '--datastream',
    'OBJ:1KiB',
    '--min-detectable',
    '1.2',
    '--no-stop-early',
    '--db',
    rdb,
    '--json',
  ]);
  assert.ok([0, 1, 3].includes(r.code ?? -1), r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.minDetectable, 1.2);
  const store = await ResultsStore.open(rdb, 'read');
  const run = await store.resolveRun(out.runId);
  await store.close();
  assert.equal(run.settings?.minDetectable, 1.2);
  const own = JSON.parse((await runCli(['check', out.runId, '--db', rdb, '--json'])).stdout);
  assert.equal(own.gates.minDetectable, 1.2);
  assert.deepEqual(own.gates.overridden, []);
  assert.equal(own.verdict, out.verdict, 'check gives the verdict the run gave');
  const given = await runCli(['check', out.runId, '--db', rdb, '--min-detectable', '1.5']);
  assert.match(given.stdout, /^note: --min-detectable 1\.5 from the command line overrides the run's own 1\.2$/m);
  const same = await runCli(['check', out.runId, '--db', rdb, '--min-detectable', '1.2']);
  assert.doesNotMatch(same.stdout, /^note: --min-detectable/m);
});
