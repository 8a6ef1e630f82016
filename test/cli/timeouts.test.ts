/**
 * --request-timeout against a server that never answers some requests (the http-put reference
 * server's `hang` fault): the run ends in bounded time, every stalled request recorded as a failed
 * E_TIMEOUT operation counted by the error budget. Duration flags are checked before anything runs.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

let tmp: ReturnType<typeof tempDir>;
let server: ServedProcess;
before(async () => {
  tmp = tempDir();
  server = await serve(['--protocol', 'http-put', '--base-cost', '0ms', '--faults', 'hang:2%', '--seed', '7']);
});
after(async () => {
  await server.stop();
  tmp.cleanup();
});

test('stalled requests fail as E_TIMEOUT after --request-timeout and count against the error budget', async () => {
  const db = join(tmp.dir, 't.db');
  const args = [
    'run',
    '--backend',
    'http-put',
    '--url',
    server.url,
    '-n',
    '300',
    '--batch-size',
    '30',
    '--datastream',
    'D:1KiB',
    '--collections',
    'none',
    '--request-timeout',
    '250ms',
    '--retries',
    '0',
    '--no-stop-early',
    '--db',
    db,
    '--json',
  ];
  const within = await runCli([...args, '--max-error-rate', '0.5']);
  assert.ok([0, 1, 3].includes(within.code ?? -1), within.stderr);
  const j = JSON.parse((await runCli(['report', 'last', '--db', db, '--format', 'json'])).stdout);
  const timeouts = (j.errors.byCode as Record<string, number>).E_TIMEOUT ?? 0;
  assert.ok(timeouts > 0, 'the hung requests are recorded as E_TIMEOUT');
  assert.equal(j.errors.failed, timeouts, 'every failed operation is a timeout, counted by the error budget');
  assert.equal(j.gates.maxErrorRate, 0.5);

  const strict = await runCli([...args, '--max-error-rate', '0']);
  assert.equal(strict.code, 4, strict.stdout + strict.stderr);
  assert.match(strict.stdout + strict.stderr, /E_ERROR_BUDGET|above the 0\.0% budget[\s\S]*E_TIMEOUT/);
});

test('duration flags: a bare number or an unknown unit is exit 2 naming the flag', async () => {
  const r = await runCli(['run', '--request-timeout', '60', '--db', join(tmp.dir, 'u.db')]);
  assert.equal(r.code, 2);
  assert.match(
    r.stderr,
    /--request-timeout "60" has no unit\n {2}hint: give the unit: --request-timeout 60ms or --request-timeout 60s/,
  );
  const c = await runCli(['run', '--connect-timeout', '5 minutes', '--db', join(tmp.dir, 'u.db')]);
  assert.equal(c.code, 2);
  assert.match(c.stderr, /--connect-timeout "5 minutes" is not a duration/);
});
