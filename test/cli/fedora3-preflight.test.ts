/**
 * Fedora 3 preflight checks write access before the first batch: getNextPID (API-M, creates no
 * object) with the run's credentials. A wrong password, or none, stops the run with exit 4 naming
 * the request and what the server asked for — before any run or batch is recorded.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

const PASSWORD = 'preflight-s3cret';
let tmp: ReturnType<typeof tempDir>;
let server: ServedProcess;

before(async () => {
  tmp = tempDir();
  server = await serve(['--protocol', 'fedora3', '--user', 'fedoraAdmin', '--data', join(tmp.dir, 'f3')], {
    INGEST_SCALE_SERVER_PASSWORD: PASSWORD,
  });
});
after(async () => {
  await server.stop();
  tmp.cleanup();
});

const RUN = ['--pid-namespace', 'pre', '-n', '8', '--batch-size', '2', '--datastream', 'D:1KiB', '--no-chart'];
const NEXT_PID = /refused POST \/fedora\/objects\/nextPID\?numPIDs=1&namespace=pre&format=xml: HTTP 401/;

test('a wrong password is refused at preflight (exit 4), naming the write check and the password, before anything is recorded', async () => {
  const db = join(tmp.dir, 'wrong.db');
  const r = await runCli(
    ['run', '--backend', 'fedora3', '--url', server.url, '--user', 'fedoraAdmin', ...RUN, '--db', db],
    { env: { INGEST_SCALE_PASSWORD: 'not-the-password' } },
  );
  assert.equal(r.code, 4, r.stderr);
  assert.match(r.stderr, NEXT_PID);
  assert.match(
    r.stderr,
    /hint: the server asks for Basic and refused --user fedoraAdmin: check --user and INGEST_SCALE_PASSWORD/,
  );
  assert.doesNotMatch(r.stderr, /not-the-password/);
  assert.doesNotMatch(r.stderr, /^run \w+:/m, 'the run never started');
  assert.equal(existsSync(db), false, 'no run and no batch recorded');
});

test('no credentials at all: the preflight says the server asks for Basic and what to give', async () => {
  const db = join(tmp.dir, 'none.db');
  const r = await runCli(['run', '--backend', 'fedora3', '--url', server.url, ...RUN, '--db', db]);
  assert.equal(r.code, 4, r.stderr);
  assert.match(r.stderr, NEXT_PID);
  assert.match(r.stderr, /hint: the server asks for Basic: give --user and set INGEST_SCALE_PASSWORD/);
  assert.equal(existsSync(db), false);
});

test('the right password passes the write check and the run ingests', async () => {
  const db = join(tmp.dir, 'right.db');
  const r = await runCli(
    ['run', '--backend', 'fedora3', '--url', server.url, '--user', 'fedoraAdmin', ...RUN, '--db', db, '--json'],
    { env: { INGEST_SCALE_PASSWORD: PASSWORD } },
  );
  assert.equal(r.code, 3, `four batches: INCONCLUSIVE; stderr: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as { status: string; batches: number };
  assert.equal(out.status, 'completed');
  assert.equal(out.batches, 4);
});
