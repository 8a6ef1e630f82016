/**
 * `watch` from a second process: it follows a run another process writes (memory backend with a
 * simulated per-operation latency, so the run lasts seconds), prints one line per batch when piped,
 * and ends with the exit code `check` gives once the run has ended; on a run killed with SIGKILL it
 * ends with exit 3 and says the run was interrupted.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, REPO_ROOT, runCli, tempDir } from '../helpers/cli.js';
import { spawnSlowRun } from '../helpers/slow-run.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

/** Starts `run` in its own process and resolves with it once it has printed its run id. */
function startRun(db: string, objects: number): Promise<{ child: ChildProcessWithoutNullStreams; id: string }> {
  const child = spawnSlowRun(db, objects);
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /^run (\w+):/m.exec(err);
      if (m?.[1]) resolve({ child, id: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`run exited ${code} before it started: ${err}`)));
  });
}

const exited = (c: ChildProcessWithoutNullStreams): Promise<number | null> =>
  c.exitCode !== null ? Promise.resolve(c.exitCode) : new Promise((r) => c.on('exit', (code) => r(code)));

test('watch follows a run from another process and exits with the code check gives', { timeout: 120_000 }, async () => {
  const db = join(tmp.dir, 'watched.db');
  const { child, id } = await startRun(db, 400);
  const watched = await runCli(['watch', id, '--db', db, '--interval', '100ms']);
  const runCode = await exited(child);
  const check = await runCli(['check', id, '--db', db]);
  assert.equal(watched.code, check.code, `watch ${watched.code}, check ${check.code}: ${watched.stderr}`);
  assert.equal(runCode, check.code);
  // piped: one line per batch (those recorded before watch started come at once), then the final output
  const lines = watched.stdout.split('\n').filter((l) => l.startsWith(`run ${id} batch `));
  assert.equal(lines.length, 20, watched.stdout);
  assert.match(lines[19] ?? '', /batch 20\/20: 400 objects stored, .* growth so far x/);
  assert.match(watched.stdout, new RegExp(`run ${id} completed: 400 objects`));
  assert.doesNotMatch(watched.stdout, /\x1b\[\d+A/, 'no redraws when piped');
});

test('watch ends with exit 3 and says so when the run it follows is killed', { timeout: 120_000 }, async () => {
  const db = join(tmp.dir, 'killed.db');
  const { child, id } = await startRun(db, 4000);
  const watcher = spawn(process.execPath, [BIN, 'watch', id, '--db', db, '--interval', '100ms'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let out = '';
  let err = '';
  watcher.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    // a few batches followed: kill the writer outright (no chance to record an ending)
    if ((out.match(/ batch /g) ?? []).length >= 3 && child.exitCode === null) child.kill('SIGKILL');
  });
  watcher.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((r) => watcher.on('exit', r));
  assert.equal(code, 3, `${out}\n${err}`);
  assert.match(err, new RegExp(`run ${id} was interrupted`));
  assert.equal((await runCli(['check', id, '--db', db])).code, 3);
});
