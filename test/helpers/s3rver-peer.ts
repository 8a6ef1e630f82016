/**
 * s3rver as a test peer for fast S3 contract tests, installed by scripts/install-peers.sh into
 * test/peers/s3rver, started on 127.0.0.1 with one bucket, stopped by its PID. It does not verify
 * signatures, so it is never the only proof of the signer (Ceph RGW is).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './cli.js';
import { freePort } from './free-port.js';

const PEER = join(REPO_ROOT, 'test', 'peers', 's3rver');
const BIN = join(PEER, 'node_modules', 's3rver', 'bin', 's3rver.js');
export const s3rverInstalled = (): boolean => existsSync(BIN);
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3Peer {
  url: string;
  bucket: string;
  stop(): Promise<void>;
}

export async function startS3rver(bucket = 'ingest-test', limitMs = 30_000): Promise<S3Peer> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'ingest-scale-s3rver-'));
  const child = spawn(
    process.execPath,
    [
      BIN,
      '-d',
      data,
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '--no-vhost-buckets',
      '--configure-bucket',
      bucket,
      '--silent',
    ],
    {
      cwd: PEER,
      env: { ...process.env, NODE_OPTIONS: '--openssl-legacy-provider' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) {
      process.kill(child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(data, { recursive: true, force: true });
  };
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`s3rver exited with ${child.exitCode}: ${stderr}`);
    }
    try {
      await fetch(url);
      return { url, bucket, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stop();
  throw new Error(`s3rver did not answer within ${limitMs} ms: ${stderr}`);
}
