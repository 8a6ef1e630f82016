/**
 * A throwaway Ceph cluster on 127.0.0.1 as a test peer, brought up by scripts/ceph-rgw.sh (read
 * it): `single` is one monitor, one memstore OSD and one radosgw; `multi` is three OSDs (pools
 * replicated three ways) and two radosgw gateways on two ports. Stopped by its daemons' PIDs (the
 * script's `stop`). Tests skip with the reason when the packages are missing, except in CI, which
 * installs them (scripts/install-system-deps.sh).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './cli.js';
import { freePort } from './free-port.js';

const SCRIPT = join(REPO_ROOT, 'scripts', 'ceph-rgw.sh');
const installed = ['/usr/bin/radosgw', '/usr/bin/ceph-mon', '/usr/bin/ceph-osd'].every((f) => existsSync(f));
/** Why a Ceph test cannot run here, or false. */
export const cephSkip: string | false =
  !installed && !process.env.CI ? 'Ceph is not installed: run scripts/ceph-rgw.sh install (as root)' : false;

export interface CephPeer {
  /** The first gateway's endpoint. */
  endpoint: string;
  /** Every gateway's endpoint (one in `single`, two in `multi`). */
  endpoints: string[];
  /** The test user's keys as the AWS_* variables the s3 backend reads. */
  credentials: { AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string };
  /** The cluster's directory (ceph.conf, run/ with the daemons' admin sockets), removed by stop. */
  dir: string;
  stop(): void;
}

function stopCluster(dir: string): void {
  spawnSync('bash', [SCRIPT, 'stop', dir], { timeout: 120_000 });
  rmSync(dirname(dir), { recursive: true, force: true });
}

/**
 * Brings a cluster up. Bringing it up is environment setup, not the thing under test: a failed
 * start is retried on fresh ports (three attempts), and the last failure's output is thrown.
 */
export async function startCeph(mode: 'single' | 'multi'): Promise<CephPeer> {
  let last = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const dir = join(mkdtempSync(join(tmpdir(), 'ingest-scale-ceph-')), 'cluster');
    const ports = await Promise.all(Array.from({ length: mode === 'multi' ? 3 : 2 }, () => freePort()));
    const args = mode === 'multi' ? ['start-multi', dir, ...ports.map(String)] : ['start', dir, ...ports.map(String)];
    const up = spawnSync('bash', [SCRIPT, ...args], { encoding: 'utf8', timeout: 300_000 });
    if (up.status === 0) {
      const env = Object.fromEntries(
        readFileSync(join(dir, 'env'), 'utf8')
          .trim()
          .split('\n')
          .map((l) => l.split('=', 2) as [string, string]),
      );
      return {
        endpoint: env.CEPH_RGW_ENDPOINT ?? '',
        endpoints: (env.CEPH_RGW_ENDPOINTS ?? env.CEPH_RGW_ENDPOINT ?? '').split(','),
        credentials: {
          AWS_ACCESS_KEY_ID: env.CEPH_RGW_ACCESS_KEY ?? '',
          AWS_SECRET_ACCESS_KEY: env.CEPH_RGW_SECRET_KEY ?? '',
        },
        dir,
        stop: () => stopCluster(dir),
      };
    }
    last = `${up.stdout}\n${up.stderr}`;
    stopCluster(dir);
  }
  throw new Error(`ceph-rgw.sh ${mode === 'multi' ? 'start-multi' : 'start'} failed three times; the last: ${last}`);
}
