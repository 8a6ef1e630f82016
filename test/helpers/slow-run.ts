/**
 * A `run` in its own process that lasts seconds: the memory backend with a simulated 20 ms per
 * operation (a cost the backend adds on purpose, drawn per operation), the quick workload's batches
 * of 20 objects, never stopped early (the tests expect every batch). For tests that watch or scrape a
 * run while it goes.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { BIN, REPO_ROOT, fixture } from './cli.js';

export function spawnSlowRun(db: string, objects: number, extra: string[] = []): ChildProcessWithoutNullStreams {
  const args = ['run', '--backend', 'memory', '--latency', '20ms', '--workload', fixture('workloads/quick.json')];
  return spawn(
    process.execPath,
    [BIN, ...args, '-n', String(objects), '--db', db, '--no-chart', '--no-stop-early', ...extra],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
}
