/**
 * Community Solid Server as a test peer: an independent LDP implementation, installed by
 * scripts/install-peers.sh into test/peers/solid, started on 127.0.0.1 with an open file-backed
 * configuration, waited for with a bounded readiness loop, and stopped by its PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';
import { freePort } from './free-port.js';

const PEER = join(REPO_ROOT, 'test', 'peers', 'solid');
export const SOLID_BIN = join(PEER, 'node_modules', '@solid', 'community-server', 'bin', 'server.js');
export const solidInstalled = (): boolean => existsSync(SOLID_BIN);

export interface SolidPeer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface SolidStartOptions {
  /**
   * The host name of the base URL (it still listens on 127.0.0.1 only). An identity provider needs
   * `localhost`: the login library and the server then agree on the issuer and on the URLs DPoP proofs name.
   */
  host?: '127.0.0.1' | 'localhost';
  /** Called with each line the server logs, and the server logs at `info` (every request it receives). */
  onLogLine?: (line: string) => void;
}

/** `config`: a Components.js configuration other than the open one (e.g. with WebACL, answering 401). */
export async function startSolid(
  limitMs = 90_000,
  config = join(PEER, 'config.json'),
  o: SolidStartOptions = {},
): Promise<SolidPeer> {
  const port = await freePort();
  const url = `http://${o.host ?? '127.0.0.1'}:${port}/`;
  const data = mkdtempSync(join(tmpdir(), 'ingest-scale-solid-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--require',
      join(PEER, 'loopback.cjs'),
      SOLID_BIN,
      '-c',
      config,
      '-f',
      data,
      '-b',
      url,
      '-p',
      String(port),
      '-l',
      o.onLogLine ? 'info' : 'warn',
    ],
    { cwd: PEER, stdio: ['ignore', o.onLogLine ? 'pipe' : 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  if (o.onLogLine) {
    const onLine = o.onLogLine;
    let partial = '';
    child.stdout?.on('data', (d: Buffer) => {
      const lines = (partial + d.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) {
      process.kill(child.pid, 'SIGTERM');
      const killer = setTimeout(
        () => child.pid !== undefined && child.exitCode === null && process.kill(child.pid, 'SIGKILL'),
        10_000,
      );
      await exited;
      clearTimeout(killer);
    }
    rmSync(data, { recursive: true, force: true });
  };
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`Community Solid Server exited with ${child.exitCode}: ${stderr}`);
    }
    try {
      const r = await fetch(url, { method: 'HEAD' });
      // ready: the open configuration answers 200, one with access control 401 to anonymous requests
      if (r.status === 200 || r.status === 401) return { url, pid: child.pid as number, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`Community Solid Server did not answer within ${limitMs} ms: ${stderr}`);
}
