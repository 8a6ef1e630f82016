/**
 * Starts `ingest-scale serve` as its own process (as a user would), waits for the URL it prints,
 * and stops it by PID. Bounded: a server that prints nothing within the limit fails the test.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { BIN, REPO_ROOT } from './cli.js';

export interface ServedProcess {
  url: string;
  pid: number;
  stop(): Promise<number | null>;
}

export function serve(args: string[], env: Record<string, string> = {}, limitMs = 30_000): Promise<ServedProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--json', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve printed no URL within ${limitMs} ms; stderr: ${stderr}`));
    }, limitMs);
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const info = JSON.parse(line) as { url: string; pid: number };
      resolve({
        url: info.url,
        pid: info.pid,
        stop: async () => {
          process.kill(info.pid, 'SIGTERM');
          return exited;
        },
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before printing its URL; stderr: ${stderr}`));
    });
  });
}
