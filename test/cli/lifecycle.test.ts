/**
 * The run lifecycle through the real binary: SIGTERM stops after the current batch (exit 143,
 * status aborted, data directory kept), SIGKILL leaves a run every command shows as interrupted,
 * and `check` never passes a run that did not complete, nor a failed one.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sqlite3 from 'sqlite3';
import { ResultsStore } from '../../src/store/results-store.js';
import { BIN, runCli, tempDir } from '../helpers/cli.js';
import { serve } from '../helpers/serve.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

/** Batches recorded so far (0 while the database or its tables do not exist yet). */
function batchCount(db: string): Promise<number> {
  return new Promise((resolve) => {
    if (!existsSync(db)) return resolve(0);
    const d = new sqlite3.Database(db, sqlite3.OPEN_READONLY, (err) => {
      if (err) return resolve(0);
      d.get('SELECT COUNT(*) AS n FROM batches', (e: Error | null, row: { n: number } | undefined) => {
        d.close();
        resolve(e ? 0 : (row?.n ?? 0));
      });
    });
  });
}

interface Spawned {
  child: ChildProcess;
  stderr(): string;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function spawnRun(args: string[], cwd: string): Spawned {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { child, done, stderr: () => stderr };
}

/** Polls the database until at least n batches are recorded (the run is then surely between or inside batches). */
async function untilBatches(db: string, n: number, s: Spawned): Promise<void> {
  let exited = false;
  void s.done.then(() => (exited = true));
  while ((await batchCount(db)) < n) {
    if (exited) throw new Error(`run ended before ${n} batches: ${(await s.done).stderr}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits (polling) until the run's stderr matches, e.g. its start line. */
async function untilStderr(s: Spawned, re: RegExp): Promise<void> {
  let exited = false;
  void s.done.then(() => (exited = true));
  while (!re.test(s.stderr())) {
    if (exited) throw new Error(`run ended before ${re}: ${s.stderr()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const LONG_RUN = [
  'run',
  '-n',
  '400000',
  '--batch-size',
  '400',
  '--datastream',
  'D:512',
  '--no-stop-early',
  '--no-chart',
];

test('SIGTERM stops after the current batch: exit 143, status aborted, data directory kept; check is INCONCLUSIVE naming how far it got', async () => {
  const dir = join(tmp.dir, 'term');
  const db = join(dir, 'r.db');
  const s = spawnRun([...LONG_RUN, '--db', db], tmp.dir);
  await untilBatches(db, 12, s); // enough for --allow-partial to gate below
  s.child.kill('SIGTERM');
  const r = await s.done;
  assert.equal(r.code, 143, r.stderr);
  assert.match(r.stderr, /SIGTERM: stopping after the current batch/);
  const id = /run ([0-9a-z]{10}) aborted after (\d+) of 1000 batches/.exec(r.stderr);
  assert.ok(id, r.stderr);
  assert.ok(
    existsSync(join(tmp.dir, 'reports', 'data', id[1] as string)),
    'an aborted run keeps its default data directory',
  );
  assert.match(r.stderr, new RegExp(`ingest-scale clean ${id[1]}`));

  const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as {
    id: string;
    status: string;
    batches: number;
  }[];
  assert.deepEqual(
    runs.map((x) => [x.id, x.status, x.batches]),
    [[id[1], 'aborted', Number(id[2])]],
  );

  const c = await runCli(['check', 'last', '--db', db]);
  assert.equal(c.code, 3, c.stdout + c.stderr);
  const n = Number(id[2]);
  assert.match(
    c.stdout,
    new RegExp(
      `^INCONCLUSIVE  run ${id[1]} stopped at batch ${n} of 1000 \\(${(n * 400).toLocaleString('en-US')} of 400,000 objects\\): aborted`,
      'm',
    ),
  );
  const partial = await runCli(['check', 'last', '--db', db, '--allow-partial', '--json']);
  const gated = JSON.parse(partial.stdout) as { completion: string; contention: { rose?: boolean } | null };
  assert.equal(gated.completion, 'partial');
  // with --allow-partial the batches present are gated: exit 3 only if other work on the host rose
  // during the run (the contention guard), never for the missing batches
  assert.ok(partial.code !== 3 || gated.contention?.rose === true, partial.stdout);

  const junit = await runCli(['report', 'last', '--db', db, '--format', 'junit']);
  assert.equal(junit.code, 0, 'report itself exits 0');
  assert.match(junit.stdout, /<property name="verdict" value="INCONCLUSIVE"\/>/);
  const md = await runCli(['report', 'last', '--db', db, '--format', 'markdown']);
  assert.match(md.stdout, /^# ingest-scale: INCONCLUSIVE for /m);
  assert.match(md.stdout, /stopped at batch \d+ of 1000/);
});

test('the end of --stop-grace after the first signal abandons the batch in flight (exit 130 for SIGINT)', async () => {
  const dir = join(tmp.dir, 'grace');
  const db = join(dir, 'r.db');
  // batches of 100,000 small objects: the grace period surely ends inside the first one
  const s = spawnRun(
    [
      'run',
      '-n',
      '200000',
      '--batch-size',
      '100000',
      '--datastream',
      'D:64',
      '--no-stop-early',
      '--stop-grace',
      '50ms',
      '--db',
      db,
      '--data',
      join(dir, 'store'),
    ],
    tmp.dir,
  );
  await untilStderr(s, /^run [0-9a-z]{10}: /m);
  s.child.kill('SIGINT');
  const r = await s.done;
  assert.equal(r.code, 130, r.stderr);
  assert.match(r.stderr, /grace period \(--stop-grace\) ran out: abandoning the batch in flight/);
  assert.match(r.stderr, /aborted after 0 of 2 batches/);
  assert.match(r.stderr, /batch \d+ was abandoned in flight/);
});

test('a run killed with SIGKILL is shown as interrupted by runs, check and report', async () => {
  const dir = join(tmp.dir, 'kill');
  const db = join(dir, 'r.db');
  const s = spawnRun([...LONG_RUN, '--db', db, '--data', join(dir, 'store')], tmp.dir);
  await untilBatches(db, 2, s);
  s.child.kill('SIGKILL');
  await s.done;
  const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as { status: string; pid: number }[];
  assert.equal(runs[0]?.status, 'interrupted');
  const c = await runCli(['check', 'last', '--db', db]);
  assert.equal(c.code, 3);
  assert.match(
    c.stdout,
    /stopped at batch \d+ of 1000 \([\d,]+ of 400,000 objects\): interrupted \(its process is gone\)/,
  );
  assert.match(c.stdout, /`ingest-scale clean [0-9a-z]{10}` removes what it stored on its target/);
  const j = JSON.parse((await runCli(['report', 'last', '--db', db, '--format', 'json'])).stdout);
  assert.equal(j.run.status, 'interrupted');
  assert.equal(j.verdict, 'INCONCLUSIVE');
});

test('a failed run checks as exit 4 with its reason, and its report is headed by the failure', async () => {
  const db = join(tmp.dir, 'failed.db');
  const store = await ResultsStore.open(db);
  await store.createRun({
    id: 'failedrun1',
    label: null,
    source: 'run',
    status: 'running',
    backend: 'leveldb',
    target: 'x',
    targetInfo: null,
    workload: { objects: 100 },
    batchSize: 10,
    plannedBatches: 10,
    toolVersion: '0',
    nodeVersion: process.version,
    host: { hostname: 'h', platform: 'p', arch: 'a', cpus: 1, cpuModel: 'c', memoryBytes: 1 },
    startedAt: new Date().toISOString(),
    finishedAt: null,
    error: null,
  });
  for (let i = 1; i <= 3; i++) {
    await store.recordBatch(
      'failedrun1',
      {
        index: i,
        objects: 10,
        objectsBefore: (i - 1) * 10,
        bytes: 100,
        wallMs: 10 + i,
        okOps: 10,
        failedOps: 0,
        retriedOps: 0,
        p50Ms: 1,
        p95Ms: 1,
        p99Ms: 1,
        startedAt: null,
      },
      [],
    );
  }
  await store.finishRun('failedrun1', 'failed', '5 of 20 operations failed (25.0%, above the 1.0% budget) by batch 3');
  await store.close();
  const c = await runCli(['check', 'failedrun1', '--db', db]);
  assert.equal(c.code, 4, c.stdout + c.stderr);
  assert.match(
    c.stdout,
    /^FAIL {2}run failedrun1 failed at batch 3 of 10 \(30 of 100 objects\): 5 of 20 operations failed/m,
  );
  const md = await runCli(['report', 'failedrun1', '--db', db]);
  assert.equal(md.code, 0);
  assert.match(md.stdout, /^# ingest-scale: FAIL for /m);
  assert.match(md.stdout, /^\*\*FAIL\*\*: run failedrun1 failed at batch 3/m);
});

test('SIGTERM while requests hang on a server: the grace period abandons them and the run ends at once with exit 143', async () => {
  const server = await serve(['--protocol', 'http-put', '--base-cost', '0ms', '--faults', 'hang:20%', '--seed', '5']);
  try {
    const db = join(tmp.dir, 'hang', 'r.db');
    // a request timeout far beyond the test's life: only the abandonment can end the batch
    const s = spawnRun(
      [
        'run',
        '--backend',
        'http-put',
        '--url',
        server.url,
        '--collections',
        'none',
        '-n',
        '400',
        '--batch-size',
        '40',
        '--datastream',
        'D:1KiB',
        '--request-timeout',
        '10m',
        '--stop-grace',
        '100ms',
        '--db',
        db,
      ],
      tmp.dir,
    );
    await untilStderr(s, /^run [0-9a-z]{10}: /m);
    s.child.kill('SIGTERM');
    const r = await s.done;
    assert.equal(r.code, 143, r.stderr);
    assert.match(r.stderr, /abandoning the batch in flight/);
    assert.match(
      r.stderr,
      /batch 1 was abandoned in flight: some of its objects may be on the target without a record/,
    );
    assert.doesNotMatch(r.stderr, /its store is kept in/, 'a server backend has no data directory to keep');
    const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as { status: string }[];
    assert.equal(runs[0]?.status, 'aborted');
  } finally {
    await server.stop();
  }
});
