/**
 * Host load for the contention tests: a child process that spins on one CPU for at most `forMs`
 * (bounded by itself even if the test dies; tests also stop it by PID in their finally).
 */
import { spawn, type ChildProcess } from 'node:child_process';

export function busyChild(forMs: number): ChildProcess {
  return spawn(
    process.execPath,
    ['-e', `const end = Date.now() + ${forMs}; let x = 0; while (Date.now() < end) x++;`],
    { stdio: 'ignore' },
  );
}
