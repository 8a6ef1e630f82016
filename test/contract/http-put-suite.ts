/**
 * The http-put suite run against each real WebDAV server (nginx, Apache mod_dav_fs, rclone): the
 * shared backend contract, collections made with MKCOL, and end to end through the binary — `run
 * --verify readback` then `clean`, after which the served directory on disk is as it was before.
 * A peer whose binary is missing shows as skipped with the reason (and fails under CI=true).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { HttpPutBackend } from '../../src/backends/http-put/http-put-backend.js';
import type { CollectionsMode } from '../../src/backends/http-put/dav-collections.js';
import { planObject } from '../../src/generate/plan.js';
import type { Workload } from '../../src/workload/workload.js';
import { runCli, tempDir } from '../helpers/cli.js';
import type { DavPeer } from '../helpers/serving.js';
import { backendContract, type ContractTarget } from './backend-contract.js';

export interface PeerKind {
  /** e.g. 'Apache mod_dav_fs'. */
  name: string;
  installed(): boolean;
  /** Why the suite is skipped when the binary is missing, e.g. 'apache2 not installed'. */
  missing: string;
  start(): Promise<DavPeer>;
  /** Start a fresh server for every contract target (rclone's directory cache goes stale otherwise). */
  freshPerTarget: boolean;
  /** The --collections modes to take end to end through the binary. */
  modes: CollectionsMode[];
}

const DATASTREAMS = ['OBJ', 'META', 'BIG', 'EMPTY', 'TXT', 'D'].map((id) => ({
  id,
  size: { kind: 'fixed' as const, bytes: 1 },
  contentKind: 'random' as const,
  mime: 'application/octet-stream',
}));
const runTag = (): string => `t${Math.random().toString(36).slice(2, 8)}`;

/** Every file and directory below the served root, as relative paths, sorted. */
export function listing(root: string): string[] {
  return existsSync(root) ? (readdirSync(root, { recursive: true }) as string[]).sort() : [];
}

export function httpPutSuite(kind: PeerKind): void {
  if (!kind.installed() && !process.env.CI) {
    test(`http-put against ${kind.name}`, { skip: kind.missing }, () => undefined);
    return;
  }
  let shared: DavPeer | undefined;
  before(async () => {
    if (!kind.freshPerTarget) shared = await kind.start();
  });
  after(async () => {
    await shared?.stop();
  });

  const target = async (
    collections: CollectionsMode = 'mkcol',
  ): Promise<ContractTarget & { backend: HttpPutBackend; peer: DavPeer; runId: string }> => {
    const peer = kind.freshPerTarget ? await kind.start() : (shared as DavPeer);
    const runId = runTag();
    const backend = new HttpPutBackend({
      url: peer.url,
      connections: 4,
      runId,
      workload: { layout: 'flat', fanout: { width: 16, depth: 2 }, datastreams: DATASTREAMS },
      collections,
    });
    return {
      backend,
      peer,
      runId,
      cleanup: async () => {
        if (kind.freshPerTarget) await peer.stop();
      },
      leftovers: async () => listing(peer.root).filter((p) => p.startsWith(`ingest-scale-${runId}`)),
    };
  };

  backendContract(`http-put (${kind.name})`, () => target(), { emptyContent: true, refusesExisting: false });

  describe(`http-put collections (${kind.name})`, () => {
    test('preflight makes the run collection and records it; an object whose collection exists already is ok', async () => {
      const t = await target();
      try {
        const info = await t.backend.preflight();
        assert.equal(info.details?.collections, 'mkcol');
        assert.ok(existsSync(join(t.peer.root, `ingest-scale-${t.runId}`)), 'the run collection is on disk');
        const w: Workload = {
          objects: 10,
          batchSize: 10,
          concurrency: 1,
          seed: 1,
          layout: 'flat',
          fanout: { width: 16, depth: 2 },
          verify: 'none',
          datastreams: DATASTREAMS.slice(0, 1),
        };
        const plan = planObject(w, 0, { idPrefix: 'x-' });
        const prep = await t.backend.prepareBatch([plan]);
        assert.deepEqual(
          prep.map((o) => [o.kind, o.status]),
          [['create-container', 'ok']],
          'the run collection, recorded with the first batch',
        );
        const first = await t.backend.ingest(plan);
        assert.deepEqual(
          first.map((o) => o.kind),
          ['create-object', 'add-datastream'],
        );
        const again = await t.backend.ingest(plan);
        assert.equal(again[0]?.status, 'ok', `MKCOL of an existing collection answered ${again[0]?.httpStatus}`);
      } finally {
        await t.backend.close();
        await t.cleanup();
      }
    });
  });

  for (const mode of kind.modes) {
    test(
      `run --backend http-put --collections ${mode} --verify readback against ${kind.name}, then clean leaves the served directory as it was`,
      { timeout: 180_000 },
      async () => {
        const peer = kind.freshPerTarget ? await kind.start() : (shared as DavPeer);
        const tmp = tempDir();
        try {
          const db = join(tmp.dir, 'results.db');
          const before = listing(peer.root);
          const r = await runCli([
            'run',
            '--backend',
            'http-put',
            '--url',
            peer.url,
            '--collections',
            mode,
            '-n',
            '120',
            '--batch-size',
            '10',
            '--layout',
            'pairtree',
            '--datastream',
            'OBJ:uniform:1KiB-48KiB',
            '--datastream',
            'META:2KiB:compressible',
            '--verify',
            'readback',
            '--no-stop-early',
            '--db',
            db,
            '--json',
          ]);
          assert.ok(r.stdout, r.stderr);
          const out = JSON.parse(r.stdout) as {
            runId: string;
            status: string;
            objects: number;
            failedOps: number;
            verdict: string;
          };
          assert.equal(out.status, 'completed', r.stderr);
          assert.equal(out.failedOps, 0);
          assert.equal(r.code, { PASS: 0, WARN: 0, FAIL: 1, INCONCLUSIVE: 3 }[out.verdict as 'PASS']);
          const files = listing(join(peer.root, `ingest-scale-${out.runId}`)).filter((p) => /\/(OBJ|META)$/.test(p));
          assert.equal(files.length, 240, 'two datastreams of 120 objects on disk, under four pairtree levels');

          const cleaned = await runCli(['clean', out.runId, '--db', db, '--json']);
          assert.equal(cleaned.code, 0, cleaned.stdout + cleaned.stderr);
          assert.deepEqual(JSON.parse(cleaned.stdout), {
            runId: out.runId,
            objects: 120,
            removed: 120,
            alreadyGone: 0,
            failed: 0,
            errors: {},
          });
          assert.deepEqual(listing(peer.root), before, 'the served directory is as it was before the run');
          const again = await runCli(['clean', out.runId, '--db', db, '--json']);
          assert.equal(again.code, 0, again.stderr);
          assert.equal(JSON.parse(again.stdout).alreadyGone, 120);
        } finally {
          tmp.cleanup();
          if (kind.freshPerTarget) await peer.stop();
        }
      },
    );
  }
}
