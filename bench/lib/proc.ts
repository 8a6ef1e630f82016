/**
 * Child processes of the benchmarks: servers started as their own processes (read their first
 * JSON line, stop them by PID) and measuring clients run to completion with a time limit (their
 * last stdout line is a JSON result). Every child is bounded: a client past its limit is killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** dist/bench (where the compiled benchmark scripts live). */
export const BENCH_DIST = dirname(dirname(fileURLToPath(import.meta.url)));
/** The repository root (dist/bench/../..). */
export const REPO_ROOT = dirname(dirname(BENCH_DIST));
export const benchScript = (rel: string): string => join(BENCH_DIST, rel);

export interface ServerProcess<T> {
  pid: number;
  info: T;
  stop(): Promise<void>;
}

/** Starts `node script args`, waits for its first stdout line (JSON), and returns it with a stop by PID. */
export function startServer<T>(script: string, args: string[] = [], limitMs = 15_000): Promise<ServerProcess<T>> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      void kill(child);
      reject(new Error(`${script} did not report its address within ${limitMs} ms: ${err}`));
    }, limitMs);
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}: ${err}`));
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ pid: child.pid as number, info: JSON.parse(out.slice(0, nl)) as T, stop: () => kill(child) });
    });
  });
}

/** Sends SIGTERM to the child's PID and waits for it to exit (SIGKILL after 5 s). */
export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  process.kill(child.pid, 'SIGTERM');
  const t = setTimeout(() => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  }, 5_000);
  await exited;
  clearTimeout(t);
}

export interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
}

/** Runs a command to completion (killed after limitMs) and collects its output and wall time. */
export function runProcess(
  cmd: string,
  args: string[],
  o: { limitMs?: number; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<ChildResult> {
  const limitMs = o.limitMs ?? 600_000;
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: o.env ?? process.env,
      cwd: o.cwd ?? REPO_ROOT,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => void kill(child), limitMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, wallMs: Number(process.hrtime.bigint() - start) / 1e6 });
    });
  });
}

/** Runs `node script` with one JSON argument and returns the JSON of its last stdout line. */
export async function runJsonChild<T>(script: string, arg: unknown, limitMs = 300_000): Promise<T> {
  const r = await runProcess(process.execPath, [script, JSON.stringify(arg)], { limitMs });
  const last = r.stdout.trim().split('\n').pop() ?? '';
  if (r.code !== 0 || last === '') throw new Error(`${script} exited with ${r.code}: ${r.stderr.slice(-2000)}`);
  return JSON.parse(last) as T;
}
