/**
 * nginx with the WebDAV module as a plain HTTP PUT store (Debian's nginx-light): a private config
 * and prefix in a temp directory, 127.0.0.1 on a free port, `daemon off`, stopped by its PID. As
 * root its workers run as root too, since the private temp directory is not readable by www-data.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

export const NGINX = '/usr/sbin/nginx';
export const nginxInstalled = (): boolean => existsSync(NGINX);

export interface NginxPeer {
  url: string;
  pid: number;
  /** The Server header nginx answers with, e.g. nginx/1.22.1. */
  version: string;
  /** The directory on disk served at `url`. */
  root: string;
  /** Empties the document root (benchmarks call it between runs so large bodies never fill the disk). */
  clear(): void;
  stop(): Promise<void>;
}

export async function startNginx(limitMs = 20_000): Promise<NginxPeer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-nginx-'));
  for (const d of ['root/dav', 'tmp', 'logs']) mkdirSync(join(dir, d), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    location /dav/ {
      root ${dir}/root;
      dav_methods PUT DELETE MKCOL;
      create_full_put_path on;
      client_max_body_size 0;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) {
      process.kill(child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const clear = (): void => {
    rmSync(join(dir, 'root', 'dav'), { recursive: true, force: true });
    mkdirSync(join(dir, 'root', 'dav'), { recursive: true });
  };
  const url = `http://127.0.0.1:${port}/dav`;
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}: ${stderr}`);
    }
    try {
      const r = await fetch(`${url}/`);
      const version = r.headers.get('server') ?? 'nginx';
      await r.arrayBuffer();
      return { url, pid: child.pid as number, version, root: join(dir, 'root', 'dav'), clear, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stop();
  throw new Error(`nginx did not answer within ${limitMs} ms: ${stderr}`);
}
