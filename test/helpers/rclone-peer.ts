/**
 * `rclone serve webdav` as a WebDAV store (Debian's rclone): a directory in a temp dir served at
 * /dav on 127.0.0.1 and a free port, an empty config file of its own, stopped by its PID. rclone
 * answers a PUT into a missing collection with 404, so the http-put backend must MKCOL first. Its
 * directory cache goes stale when files change behind its back: start a fresh one per test target.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { waitServing, type DavPeer } from './serving.js';

export const RCLONE = '/usr/bin/rclone';
export const rcloneInstalled = (): boolean => existsSync(RCLONE);

export async function startRclone(limitMs = 20_000): Promise<DavPeer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-rclone-'));
  const root = join(dir, 'root');
  mkdirSync(root);
  const config = join(dir, 'rclone.conf');
  writeFileSync(config, '');
  const version =
    execFileSync(RCLONE, ['version', '--config', config], { encoding: 'utf8' }).split('\n')[0]?.trim() ?? 'rclone';
  const child = spawn(
    RCLONE,
    ['serve', 'webdav', root, '--addr', `127.0.0.1:${port}`, '--baseurl', '/dav', '--config', config],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      process.kill(child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}/dav`;
  try {
    await waitServing(`${url}/`, limitMs, () =>
      child.exitCode !== null ? `rclone exited with ${child.exitCode}: ${stderr}` : null,
    );
    return { url, pid: child.pid as number, version, root, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
