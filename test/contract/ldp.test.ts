/**
 * The LDP client passes the backend contract against the LDP reference server (Fedora 6
 * behaviour, no shared protocol code) in both containment modes, with and without a transaction
 * per batch, and handles POST + Slug, digests and layouts the way docs/protocols.md says.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { LdpBackend, type LdpOptions } from '../../src/backends/ldp/ldp-backend.js';
import { contentSha256 } from '../../src/generate/content.js';
import { planObject } from '../../src/generate/plan.js';
import { startLdpServer, type Containment } from '../../src/servers/ldp/ldp-server.js';
import { resolveWorkload } from '../../src/workload/resolve.js';
import { backendContract } from './backend-contract.js';

async function target(containment: Containment, extra: Partial<LdpOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-ldp-'));
  const server = await startLdpServer({ dataDir: dir, containment });
  const backend = new LdpBackend({
    url: server.url,
    connections: 4,
    flavor: 'fedora6',
    create: 'put',
    tx: 'none',
    purgeTombstones: false,
    runId: `c${Math.random().toString(36).slice(2, 8)}`,
    workload: { layout: 'flat', fanout: { width: 16, depth: 2 } },
    purpose: 'run',
    ...extra,
  });
  return {
    backend,
    server,
    cleanup: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

for (const containment of ['keyed', 'document'] as const) {
  backendContract(`ldp fedora6, ${containment} containment (reference server)`, () => target(containment));
}

async function readSha(b: LdpBackend, id: string, ds: string): Promise<string> {
  const h = (await import('node:crypto')).createHash('sha256');
  for await (const c of b.read(id, ds)) h.update(c);
  return h.digest('hex');
}

describe('ldp client against the reference server', () => {
  test('--tx per-batch: objects appear only after the commit, which is its own timed operation', async () => {
    const t = await target('keyed', { tx: 'per-batch' });
    try {
      await t.backend.preflight();
      const w = resolveWorkload({
        objects: 10,
        batchSize: 5,
        datastreams: [
          { id: 'D', size: { kind: 'fixed', bytes: 3000 }, contentKind: 'random', mime: 'application/octet-stream' },
        ],
      });
      const plans = [0, 1, 2].map((i) => planObject(w, i, { idPrefix: 'tx-' }));
      const begin = await t.backend.beginBatch();
      assert.deepEqual(
        begin.map((o) => [o.kind, o.status]),
        [['begin-tx', 'ok']],
      );
      for (const p of plans) assert.ok((await t.backend.ingest(p)).every((o) => o.status === 'ok'));
      await assert.rejects(
        readSha(t.backend, 'tx-0', 'D'),
        /E_NOT_FOUND|HTTP 404/,
        'not visible outside the open transaction',
      );
      const end = await t.backend.endBatch();
      assert.deepEqual(
        end.map((o) => [o.kind, o.status, o.httpStatus]),
        [['commit', 'ok', 204]],
      );
      for (const p of plans) assert.equal(await readSha(t.backend, p.id, 'D'), contentSha256(p.datastreams[0]!));
    } finally {
      await t.backend.close();
      await t.cleanup();
    }
  });

  test('POST + Slug: a taken Slug gets a new path from the server, and the client follows Location', async () => {
    const t = await target('document', { create: 'post' });
    try {
      await t.backend.preflight();
      const w = resolveWorkload({
        objects: 10,
        batchSize: 5,
        datastreams: [{ id: 'D', size: { kind: 'fixed', bytes: 100 }, contentKind: 'random', mime: 'text/plain' }],
      });
      const plan = planObject(w, 4, { idPrefix: 'slug-' });
      assert.ok((await t.backend.ingest(plan)).every((o) => o.status === 'ok'));
      const again = await t.backend.ingest(plan);
      assert.ok(
        again.every((o) => o.status === 'ok'),
        'a Slug collision is not an error in LDP',
      );
      assert.equal(await readSha(t.backend, plan.id, 'D'), contentSha256(plan.datastreams[0]!));
    } finally {
      await t.backend.close();
      await t.cleanup();
    }
  });

  test('pairtree layout: intermediate containers are created once, before the batch, as their own operations', async () => {
    const w = resolveWorkload({
      objects: 40,
      batchSize: 20,
      layout: 'pairtree',
      datastreams: [
        { id: 'D', size: { kind: 'fixed', bytes: 10 }, contentKind: 'random', mime: 'application/octet-stream' },
      ],
    });
    const t = await target('keyed', { workload: w });
    try {
      await t.backend.preflight();
      const plans = Array.from({ length: 20 }, (_, i) => planObject(w, i, { idPrefix: 'pt-' }));
      const prep = await t.backend.prepareBatch(plans);
      assert.ok(prep.every((o) => o.kind === 'create-container' && o.status === 'ok'));
      const distinct = new Set(plans.flatMap((p) => p.path.map((_, i) => p.path.slice(0, i + 1).join('/'))));
      assert.equal(prep.length, distinct.size, 'one create per distinct intermediate container');
      assert.deepEqual(await t.backend.prepareBatch(plans), [], 'never twice');
      for (const p of plans.slice(0, 5)) assert.ok((await t.backend.ingest(p)).every((o) => o.status === 'ok'));
      assert.equal(await readSha(t.backend, 'pt-3', 'D'), contentSha256(plans[3]!.datastreams[0]!));
      await t.backend.remove({ id: 'pt-3', index: 3 });
      await assert.rejects(readSha(t.backend, 'pt-3', 'D'));
    } finally {
      await t.backend.close();
      await t.cleanup();
    }
  });
});

test('readback: a Digest header that does not match the body is an error (E_DIGEST_HEADER)', async () => {
  const { createServer } = await import('node:http');
  const liar = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', digest: `sha-256=${'0'.repeat(64)}` });
    res.end('these are not the bytes the digest describes');
  });
  await new Promise<void>((r) => liar.listen(0, '127.0.0.1', r));
  const port = (liar.address() as { port: number }).port;
  const b = new LdpBackend({
    url: `http://127.0.0.1:${port}/rest`,
    connections: 1,
    flavor: 'fedora6',
    create: 'put',
    tx: 'none',
    purgeTombstones: false,
    runId: 'liar',
    workload: { layout: 'flat', fanout: { width: 16, depth: 2 } },
    purpose: 'run',
  });
  try {
    await assert.rejects(
      readSha(b, 'x-1', 'D'),
      (e: Error & { errorCode?: string }) => e.errorCode === 'E_DIGEST_HEADER',
    );
  } finally {
    await b.close();
    await new Promise((r) => liar.close(r));
  }
});
