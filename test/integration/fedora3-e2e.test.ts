/**
 * End to end through the real binary: `serve --protocol fedora3` in the background (with Basic auth
 * on writes), `run --backend fedora3` with 24 batches and --verify readback, `check`, `clean`, and a
 * wrong password that stops a run with exit 4. The password is only ever in the environment, and
 * never reaches the database, the output or a process's argv.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

const PASSWORD = 'pw-7f3a9c1e-not-in-any-output';
let tmp: ReturnType<typeof tempDir>;
let server: ServedProcess;
let db: string;

before(async () => {
  tmp = tempDir();
  db = join(tmp.dir, 'results.db');
  server = await serve(['--protocol', 'fedora3', '--user', 'fedoraAdmin', '--data', join(tmp.dir, 'f3')], {
    INGEST_SCALE_SERVER_PASSWORD: PASSWORD,
  });
});

after(async () => {
  const code = await server.stop();
  assert.equal(code, 0, 'serve exits 0 on SIGTERM');
  tmp.cleanup();
});

test('serve prints a loopback URL ending in /fedora and keeps the password out of its argv', () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/fedora$/);
  const argv = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8');
  assert.doesNotMatch(argv, new RegExp(PASSWORD));
});

test('run --backend fedora3: 24 batches with readback verification, then check and clean', async () => {
  const env = { INGEST_SCALE_PASSWORD: PASSWORD };
  const r = await runCli(
    [
      'run',
      '--backend',
      'fedora3',
      '--url',
      server.url,
      '--user',
      'fedoraAdmin',
      '--pid-namespace',
      'e2e',
      '-n',
      '600',
      '--batch-size',
      '25',
      '--datastream',
      'DS1:8KiB',
      '--datastream',
      'DS2:uniform:1KiB-32KiB:compressible',
      '--verify',
      'readback',
      '--no-stop-early',
      '--db',
      db,
      '--json',
      '--label',
      'f3-e2e',
    ],
    { env },
  );
  assert.ok(r.stdout, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.status, 'completed', r.stderr);
  assert.equal(out.batches, 24);
  assert.equal(out.objects, 600);
  assert.equal(out.failedOps, 0);
  assert.equal(r.code, { PASS: 0, WARN: 0, FAIL: 1, INCONCLUSIVE: 3 }[out.verdict as 'PASS']);
  assert.doesNotMatch(r.stdout + r.stderr, new RegExp(PASSWORD));

  const check = await runCli(['check', out.runId, '--db', db, '--json']);
  assert.equal(JSON.parse(check.stdout).verdict, out.verdict);

  const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as {
    id: string;
    backend: string;
    target: string;
    targetInfo: { version: string };
  }[];
  const rec = runs.find((x) => x.id === out.runId);
  assert.equal(rec?.backend, 'fedora3');
  assert.equal(rec?.target, server.url);
  assert.match(rec?.targetInfo.version ?? '', /^3\./);

  const cleaned = await runCli(['clean', out.runId, '--db', db, '--user', 'fedoraAdmin', '--json'], { env });
  assert.equal(cleaned.code, 0, cleaned.stderr);
  assert.deepEqual(JSON.parse(cleaned.stdout), {
    runId: out.runId,
    objects: 600,
    removed: 600,
    alreadyGone: 0,
    failed: 0,
    errors: {},
  });
  const again = JSON.parse(
    (await runCli(['clean', out.runId, '--db', db, '--user', 'fedoraAdmin', '--json'], { env })).stdout,
  );
  assert.equal(again.alreadyGone, 600, 'purged objects are gone (404) on the second clean');

  for (const f of readdirSync(tmp.dir).filter((n) => n.startsWith('results.db'))) {
    assert.equal(readFileSync(join(tmp.dir, f)).includes(PASSWORD), false, `${f} does not contain the password`);
  }
});

test('a wrong password stops the run at preflight with exit 4 and says which credential to check', async () => {
  const before = (JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as unknown[]).length;
  const r = await runCli(
    [
      'run',
      '--backend',
      'fedora3',
      '--url',
      server.url,
      '--user',
      'fedoraAdmin',
      '-n',
      '40',
      '--batch-size',
      '4',
      '--datastream',
      'D:1KiB',
      '--db',
      db,
    ],
    {
      env: { INGEST_SCALE_PASSWORD: 'not-the-password' },
    },
  );
  assert.equal(r.code, 4, r.stderr);
  assert.match(r.stderr, /refused POST \/fedora\/objects\/nextPID\S* HTTP 401[\s\S]*INGEST_SCALE_PASSWORD/);
  assert.doesNotMatch(r.stderr, /not-the-password/);
  const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as unknown[];
  assert.equal(runs.length, before, 'the write check at preflight stops it before a run is recorded');
});

test('a run without a password for --user is a usage error before anything is written', async () => {
  const r = await runCli(
    ['run', '--backend', 'fedora3', '--url', server.url, '--user', 'fedoraAdmin', '--db', join(tmp.dir, 'never.db')],
    { env: { INGEST_SCALE_PASSWORD: '' } },
  );
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--user fedoraAdmin needs a password[\s\S]*INGEST_SCALE_PASSWORD/);
});
