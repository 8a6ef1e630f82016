/**
 * The ldp backend against a real, independently written LDP server: Community Solid Server, file
 * backend, on 127.0.0.1. 2,000 objects in 20 batches with readback verification, `check`, then
 * `clean`, which must leave the server's root empty. CI installs the peer (scripts/install-peers.sh);
 * elsewhere the test is skipped, with the reason, when the peer is not installed.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { solidInstalled, startSolid, type SolidPeer } from '../helpers/solid-peer.js';

const skip =
  !solidInstalled() && !process.env.CI
    ? 'Community Solid Server is not installed: run scripts/install-peers.sh'
    : false;
let peer: SolidPeer | undefined;
let tmp: ReturnType<typeof tempDir>;

before(async () => {
  tmp = tempDir();
  if (!skip) peer = await startSolid();
});
after(async () => {
  await peer?.stop();
  tmp.cleanup();
});

test(
  'ldp --flavor solid: 2,000 objects in 20 batches, every byte read back, then clean',
  { skip, timeout: 600_000 },
  async () => {
    assert.ok(peer, 'the Solid peer is running (CI must install it: scripts/install-peers.sh)');
    const db = join(tmp.dir, 'solid.db');
    const r = await runCli([
      'run',
      '--backend',
      'ldp',
      '--flavor',
      'solid',
      '--url',
      peer.url,
      '-n',
      '2000',
      '--batch-size',
      '100',
      '--concurrency',
      '4',
      '--datastream',
      'OBJ:2KiB',
      '--verify',
      'readback',
      '--no-stop-early',
      '--max-error-rate',
      '0',
      '--db',
      db,
      '--json',
      '--label',
      'solid',
    ]);
    assert.ok(r.stdout, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.status, 'completed', r.stderr);
    assert.equal(out.batches, 20);
    assert.equal(out.objects, 2000);
    assert.equal(out.failedOps, 0);
    assert.equal(r.code, { PASS: 0, WARN: 0, FAIL: 1, INCONCLUSIVE: 3 }[out.verdict as 'PASS']);

    const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'])).stdout) as {
      targetInfo: { details: { looksLike: string } };
    }[];
    assert.equal(runs[0]?.targetInfo.details.looksLike, 'solid', 'preflight recognises Community Solid Server');

    const cleaned = await runCli(['clean', out.runId, '--db', db, '--json']);
    assert.equal(cleaned.code, 0, cleaned.stderr);
    assert.equal(JSON.parse(cleaned.stdout).removed, 2000);
    const root = await (await fetch(peer.url, { headers: { accept: 'text/turtle' } })).text();
    assert.doesNotMatch(root, /ingest-scale-/, 'the run container is gone');
  },
);
