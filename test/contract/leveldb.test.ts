/** The embedded LevelDB store passes the backend contract, and keeps its data across a reopen. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { LevelDbBackend } from '../../src/backends/leveldb/leveldb-backend.js';
import { contentSha256 } from '../../src/generate/content.js';
import { planObject } from '../../src/generate/plan.js';
import { defaultWorkload } from '../../src/workload/defaults.js';
import { backendContract } from './backend-contract.js';

backendContract('leveldb', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-leveldb-'));
  return {
    backend: new LevelDbBackend({ dataDir: join(dir, 'store') }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

test('leveldb: data survives closing and reopening the store', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-leveldb-'));
  try {
    const plan = planObject(defaultWorkload(), 5, { idPrefix: 'keep-' });
    const first = new LevelDbBackend({ dataDir: dir });
    await first.preflight();
    await first.ingest(plan);
    await first.close();
    const second = new LevelDbBackend({ dataDir: dir });
    await second.preflight();
    const h = (await import('node:crypto')).createHash('sha256');
    for await (const c of second.read(plan.id, 'OBJ')) h.update(c);
    assert.equal(h.digest('hex'), contentSha256(plan.datastreams[0]!));
    await second.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('leveldb: a data directory held by another open store is a clear target error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-leveldb-'));
  const a = new LevelDbBackend({ dataDir: dir });
  try {
    await a.preflight();
    const b = new LevelDbBackend({ dataDir: dir });
    await assert.rejects(
      b.preflight(),
      (e: Error & { code?: string }) => e.code === 'E_TARGET' && /cannot open the LevelDB store/.test(e.message),
    );
    await b.close();
  } finally {
    await a.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
