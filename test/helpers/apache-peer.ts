/**
 * Apache 2.4 with mod_dav_fs as a WebDAV store (Debian's apache2): a private config in a temp
 * directory, 127.0.0.1 on a free port, started with `apache2 -k start` (it daemonizes) and stopped
 * by the PID in its PidFile. mod_dav_fs answers a PUT into a missing collection with 409, so the
 * http-put backend must MKCOL first. As root the workers run as www-data, which owns the served tree.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { alive, stopPid, waitServing, type DavPeer } from './serving.js';

export const APACHE = '/usr/sbin/apache2';
const MODULES = '/usr/lib/apache2/modules';
export const apacheInstalled = (): boolean => existsSync(APACHE) && existsSync(join(MODULES, 'mod_dav_fs.so'));

/** uid and gid of www-data, when running as root (else the server runs as this user). */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string): number => Number(execFileSync('id', [flag, 'www-data'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export async function startApache(limitMs = 20_000): Promise<DavPeer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-apache-'));
  const root = join(dir, 'root', 'dav');
  for (const d of [root, join(dir, 'lock'), join(dir, 'logs')]) mkdirSync(d, { recursive: true });
  const user = serverUser();
  if (user) {
    chmodSync(dir, 0o755); // the workers (www-data) must reach the served tree and the lock database
    for (const d of [join(dir, 'root'), root, join(dir, 'lock')]) chownSync(d, user.uid, user.gid);
  }
  const pidFile = join(dir, 'httpd.pid');
  const conf = join(dir, 'httpd.conf');
  const load = (name: string, file: string): string => `LoadModule ${name}_module ${MODULES}/${file}.so`;
  writeFileSync(
    conf,
    `ServerRoot ${dir}
Listen 127.0.0.1:${port}
ServerName 127.0.0.1
PidFile ${pidFile}
ErrorLog ${dir}/logs/error.log
LogLevel warn
${load('mpm_event', 'mod_mpm_event')}
${load('authz_core', 'mod_authz_core')}
${load('mime', 'mod_mime')}
${load('dav', 'mod_dav')}
${load('dav_fs', 'mod_dav_fs')}
${user ? 'User www-data\nGroup www-data\n' : ''}TypesConfig /dev/null
DavLockDB ${dir}/lock/DavLock
LimitRequestBody 0
KeepAlive On
MaxKeepAliveRequests 0
DocumentRoot ${dir}/root
<Directory ${dir}/root>
  Dav On
  Require all granted
</Directory>
`,
  );
  const url = `http://127.0.0.1:${port}/dav`;
  const started = spawnSync(APACHE, ['-f', conf, '-k', 'start'], { encoding: 'utf8', timeout: limitMs });
  const pidOf = (): number | null =>
    existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) || null : null;
  const stop = async (): Promise<void> => {
    const pid = pidOf();
    if (pid !== null) await stopPid(pid);
    rmSync(dir, { recursive: true, force: true });
  };
  const log = (): string =>
    existsSync(join(dir, 'logs', 'error.log')) ? readFileSync(join(dir, 'logs', 'error.log'), 'utf8').slice(-2000) : '';
  try {
    if (started.status !== 0)
      throw new Error(`apache2 -k start exited with ${started.status}: ${started.stderr}${log()}`);
    const server = await waitServing(`${url}/`, limitMs, () => {
      const pid = pidOf();
      return pid !== null && !alive(pid) ? `apache2 (pid ${pid}) exited: ${log()}` : null;
    });
    const pid = pidOf();
    if (pid === null) throw new Error(`apache2 answered but wrote no PidFile: ${log()}`);
    return { url, pid, version: server ?? 'Apache', root, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
