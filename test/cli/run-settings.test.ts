/**
 * A run's gate settings are facts of the run: `check` and `report` judge it by the error budget and
 * growth limit it ran with, unless their own command line overrides one, and then they say so.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ResultsStore } from '../../src/store/results-store.js';
import type { RunSettings } from '../../src/model/records.js';
import { runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

/** A completed run of 12 batches with 5% failed operations, recorded with the given settings. */
async function seed(db: string, id: string, settings: RunSettings | null): Promise<void> {
  const store = await ResultsStore.open(db);
  await store.createRun({
    id,
    label: null,
    source: 'run',
    status: 'running',
    backend: 'leveldb',
    target: 'x',
    targetInfo: null,
    workload: { objects: 120 },
    batchSize: 10,
    plannedBatches: 12,
    toolVersion: '0',
    nodeVersion: process.version,
    host: { hostname: 'h', platform: 'p', arch: 'a', cpus: 1, cpuModel: 'c', memoryBytes: 1 },
    startedAt: new Date().toISOString(),
    finishedAt: null,
    error: null,
    settings,
  });
  for (let i = 1; i <= 12; i++) {
    const wallMs = 100 + ((i * 37) % 11);
    await store.recordBatch(
      id,
      {
        index: i,
        objects: 10,
        objectsBefore: (i - 1) * 10,
        bytes: 100,
        wallMs,
        okOps: 19,
        failedOps: 1,
        retriedOps: 0,
        p50Ms: 1,
        p95Ms: 1,
        p99Ms: 1,
        startedAt: null,
      },
      [],
    );
  }
  await store.finishRun(id, 'completed');
  await store.close();
}

test('a run made with --max-error-rate 0.1 keeps its budget in report; a flag overrides it and says so', async () => {
  const db = join(tmp.dir, 'budget.db');
  await seed(db, 'budgetrun1', { maxErrorRate: 0.1, maxGrowth: 1.1, stopEarly: false });
  const j = JSON.parse((await runCli(['report', 'budgetrun1', '--db', db, '--format', 'json'])).stdout);
  assert.equal(j.gates.maxErrorRate, 0.1);
  const md = await runCli(['report', 'budgetrun1', '--db', db]);
  assert.match(
    md.stdout,
    /## Error budget\n\n\*\*PASS\*\*: 12 of 240 operations failed \(5\.00%, within the 10\.0% budget\)/,
  );
  assert.equal(md.stderr, '');
  const over = await runCli(['report', 'budgetrun1', '--db', db, '--max-error-rate', '0.01']);
  assert.match(over.stdout, /\*\*FAIL\*\*: 12 of 240 operations failed \(5\.00%, above the 1\.0% budget\)/);
  assert.match(over.stderr, /note: --max-error-rate 0\.01 from the command line overrides the run's own 0\.1/);
  const junit = await runCli(['report', 'budgetrun1', '--db', db, '--format', 'junit']);
  assert.doesNotMatch(junit.stdout, /<testcase classname="ingest-scale" name="error budget"[^>]*>\s*<failure/);
});

test("check uses the run's --max-growth unless given; runs without settings keep the defaults", async () => {
  const db = join(tmp.dir, 'growth.db');
  await seed(db, 'growthrun1', { maxErrorRate: 0.1, maxGrowth: 1.5, stopEarly: false });
  await seed(db, 'oldrun0001', null);
  const own = JSON.parse((await runCli(['check', 'growthrun1', '--db', db, '--json'])).stdout);
  assert.equal(own.gates.maxGrowth, 1.5);
  assert.equal(own.limit, 1.5, 'the gate ran with the run own limit');
  assert.deepEqual(own.gates.overridden, []);
  const given = await runCli(['check', 'growthrun1', '--db', db, '--max-growth', '1.2']);
  assert.match(given.stdout, /^note: --max-growth 1\.2 from the command line overrides the run's own 1\.5$/m);
  const old = JSON.parse((await runCli(['check', 'oldrun0001', '--db', db, '--json'])).stdout);
  assert.deepEqual([old.gates.maxGrowth, old.gates.maxErrorRate], [1.1, 0.01]);
});

test('run records its settings with the run', async () => {
  const db = join(tmp.dir, 'run.db');
  const r = await runCli([
    'run',
    '-n',
    '40',
    '--batch-size',
    '4',
    '--datastream',
    'D:256',
    '--max-error-rate',
    '0.2',
    '--max-growth',
    '1.3',
    '--db',
    db,
    '--data',
    join(tmp.dir, 'store'),
    '--json',
  ]);
  assert.ok([0, 1, 3].includes(r.code ?? -1), r.stderr);
  const c = JSON.parse((await runCli(['check', 'last', '--db', db, '--json'])).stdout);
  assert.deepEqual([c.gates.maxGrowth, c.gates.maxErrorRate, c.limit], [1.3, 0.2, 1.3]);
});

test('run records --request-timeout and --connect-timeout: report (Markdown, HTML, JSON) and check --json show them', async () => {
  const db = join(tmp.dir, 'timeouts.db');
  const r = await runCli([
    'run',
    '-n',
    '20',
    '--batch-size',
    '4',
    '--datastream',
    'D:256',
    '--request-timeout',
    '2s',
    '--connect-timeout',
    '1s',
    '--db',
    db,
    '--data',
    join(tmp.dir, 'store-timeouts'),
    '--json',
  ]);
  assert.ok([0, 1, 3].includes(r.code ?? -1), r.stderr);
  const c = JSON.parse((await runCli(['check', 'last', '--db', db, '--json'])).stdout);
  assert.deepEqual(c.timeouts, { requestMs: 2000, connectMs: 1000 });
  const j = JSON.parse((await runCli(['report', 'last', '--db', db, '--format', 'json'])).stdout);
  assert.deepEqual([j.run.requestTimeoutMs, j.run.connectTimeoutMs], [2000, 1000]);
  const md = await runCli(['report', 'last', '--db', db]);
  assert.match(md.stdout, /^\| Timeouts \| request 2\.00 s, connect 1\.00 s \|$/m);
  const html = await runCli(['report', 'last', '--db', db, '--format', 'html']);
  assert.match(html.stdout, /<th[^>]*>Timeouts<\/th>\s*<td[^>]*>request 2\.00 s, connect 1\.00 s<\/td>/);
});

test('a run recorded without its timeouts (an older database) still reads: null in JSON, "not recorded" in the report', async () => {
  const db = join(tmp.dir, 'old-timeouts.db');
  await seed(db, 'oldtimeout', { maxErrorRate: 0.1, maxGrowth: 1.1, stopEarly: false, retries: 2 });
  const c = await runCli(['check', 'oldtimeout', '--db', db, '--json']);
  assert.deepEqual(JSON.parse(c.stdout).timeouts, { requestMs: null, connectMs: null }, c.stderr);
  const j = JSON.parse((await runCli(['report', 'oldtimeout', '--db', db, '--format', 'json'])).stdout);
  assert.deepEqual([j.run.requestTimeoutMs, j.run.connectTimeoutMs], [null, null]);
  const md = await runCli(['report', 'oldtimeout', '--db', db]);
  assert.match(md.stdout, /^\| Timeouts \| not recorded \|$/m);
});
