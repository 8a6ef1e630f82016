/**
 * `check` names the error budget as `run` and `report` do: on a run against the http-put reference
 * server answering 503 to some requests (--retries 1, so some operations were retried and some
 * failed), check's text carries run's own "error budget: …" line word for word, and check --json the
 * same facts under `errors` (the key of report --format json). A run without failures or retries
 * prints no such line.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

let tmp: ReturnType<typeof tempDir>;
let faulty: ServedProcess;
let clean: ServedProcess;
before(async () => {
  tmp = tempDir();
  faulty = await serve(['--protocol', 'http-put', '--base-cost', '0ms', '--faults', '503:15%', '--seed', '7']);
  clean = await serve(['--protocol', 'http-put', '--base-cost', '0ms']);
});
after(async () => {
  await faulty.stop();
  await clean.stop();
  tmp.cleanup();
});

const run = (url: string, db: string): string[] => [
  'run',
  '--backend',
  'http-put',
  '--url',
  url,
  '--collections',
  'none',
  '-n',
  '300',
  '--batch-size',
  '20',
  '--datastream',
  'D:512',
  '--no-stop-early',
  '--no-chart',
  '--no-progress',
  '--db',
  db,
];
const budgetLine = (text: string): string | undefined => /^error budget: .*$/m.exec(text)?.[0];

test(
  'check prints the error-budget line run printed, and check --json carries its facts',
  { timeout: 300_000 },
  async () => {
    const db = join(tmp.dir, 'faulty.db');
    const r = await runCli([...run(faulty.url, db), '--retries', '1', '--max-error-rate', '0.5']);
    assert.ok([0, 1, 3].includes(r.code ?? -1), r.stdout + r.stderr);
    const fromRun = budgetLine(r.stdout);
    assert.ok(fromRun, `run names the error budget:\n${r.stdout}`);

    const c = await runCli(['check', 'last', '--db', db]);
    assert.ok([0, 1, 3].includes(c.code ?? -1), c.stderr);
    assert.equal(budgetLine(c.stdout), fromRun, `check prints the same line:\n${c.stdout}`);

    const j = JSON.parse((await runCli(['check', 'last', '--db', db, '--json'])).stdout);
    const report = JSON.parse((await runCli(['report', 'last', '--db', db, '--format', 'json'])).stdout);
    assert.deepEqual(j.errors, report.errors, 'the same facts as report --format json');
    assert.ok(j.errors.failed + j.errors.retried > 0, JSON.stringify(j.errors));
    assert.equal(j.errors.maxErrorRate, 0.5, "judged by the run's own --max-error-rate");
    const m = /^error budget: ([\d,]+) of ([\d,]+) operations failed/.exec(fromRun);
    assert.equal(Number(m?.[1]?.replace(/,/g, '')), j.errors.failed);
    assert.equal(Number(m?.[2]?.replace(/,/g, '')), j.errors.operations);
  },
);

test(
  'a run with no failed or retried operation: check prints no error-budget line, --json a zero budget',
  { timeout: 300_000 },
  async () => {
    const db = join(tmp.dir, 'clean.db');
    const r = await runCli(run(clean.url, db));
    assert.ok([0, 1, 3].includes(r.code ?? -1), r.stdout + r.stderr);
    const c = await runCli(['check', 'last', '--db', db]);
    assert.equal(budgetLine(c.stdout), undefined, c.stdout);
    const j = JSON.parse((await runCli(['check', 'last', '--db', db, '--json'])).stdout);
    assert.equal(j.errors.failed, 0);
    assert.equal(j.errors.retried, 0);
    assert.equal(j.errors.operations, 300);
    assert.equal(j.errors.verdict, 'PASS');
  },
);
