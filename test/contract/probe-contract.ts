/**
 * The probe contract (docs/probes.md), part of every backend's contract: every probe kind runs against
 * the backend's real peer — get cold and warm with SHA-256 verified, head, range (bytes compared),
 * list, update (the next version of a versioned:1% datastream, read back by the next get), delete (a probe object made and removed, the population untouched) — and a wrong byte in a
 * GET is caught: a wrapper that flips one bit of what the store sent fails the probe and the run.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { canRead, hasBatchLifecycle, type Backend } from '../../src/backends/backend.js';
import type { OpTiming } from '../../src/model/timings.js';
import { OpError } from '../../src/backends/op-timer.js';
import { PROBE_KINDS, refuseUnsupportedProbes } from '../../src/engine/probes/probe-kinds.js';
import { ProbeRunner } from '../../src/engine/probes/probe-runner.js';
import { contentSha256 } from '../../src/generate/content.js';
import { planObject } from '../../src/generate/plan.js';
import type { Workload } from '../../src/workload/workload.js';
import type { ContractTarget } from './backend-contract.js';

const W: Workload = {
  objects: 4,
  batchSize: 4,
  concurrency: 2,
  datastreams: [
    {
      id: 'OBJ',
      size: { kind: 'fixed', bytes: 150_001 },
      contentKind: 'random',
      mime: 'application/octet-stream',
      edit: 0.01,
    },
    { id: 'META', size: { kind: 'fixed', bytes: 2048 }, contentKind: 'compressible', mime: 'text/plain' },
  ],
  seed: 7,
  layout: 'flat',
  fanout: { width: 16, depth: 2 },
  verify: 'none',
};

async function ingestAll(b: Backend, prefix: string): Promise<OpTiming[]> {
  const plans = Array.from({ length: W.objects }, (_, i) => planObject(W, i, { idPrefix: prefix }));
  const prep = hasBatchLifecycle(b) ? await b.prepareBatch(plans) : [];
  const ops = [...prep, ...(await Promise.all(plans.map((p) => b.ingest(p)))).flat()];
  assert.ok(
    ops.every((o) => o.status === 'ok'),
    ops
      .filter((o) => o.status !== 'ok')
      .map((o) => `${o.kind} ${o.errorCode}`)
      .join(', '),
  );
  return ops;
}

/** The backend with every GET's first chunk one bit off (the store "returned" a wrong byte). */
function flippingReads(b: Backend): Backend {
  assert.ok(canRead(b));
  const wrapped = Object.create(b) as Backend & { read: (o: string, d: string) => AsyncIterable<Uint8Array> };
  wrapped.read = async function* (objectId: string, datastreamId: string) {
    let first = true;
    for await (const chunk of b.read(objectId, datastreamId)) {
      const out = Buffer.from(chunk);
      if (first && out.length > 0) out[out.length >> 1] = (out[out.length >> 1] as number) ^ 0x01;
      first = false;
      yield out;
    }
  };
  return wrapped;
}

async function withTarget(make: () => Promise<ContractTarget>, fn: (b: Backend) => Promise<void>): Promise<void> {
  const t = await make();
  try {
    await t.backend.preflight();
    await fn(t.backend);
  } finally {
    await t.backend.close();
    await t.cleanup();
  }
}

export function probeContract(name: string, make: () => Promise<ContractTarget>, skip: string | false = false): void {
  describe(`probe contract: ${name}`, { skip }, () => {
    test('every probe kind runs: get cold and warm (SHA-256), head, range, list, update, delete; the population stays', async (t) => {
      await withTarget(make, async (b) => {
        refuseUnsupportedProbes(b, PROBE_KINDS);
        const ingest = await ingestAll(b, 'pc-');
        const runner = new ProbeRunner(b, W, 'pc-', { kinds: PROBE_KINDS, sample: 3 }, 1);
        const ops = await runner.afterBatch(1, W.objects, ingest);
        // a WebDAV server without PROPFIND (nginx dav_methods) cannot be listed: said so, and the run ends
        const unlisted = ops.filter((o) => o.errorCode === 'E_LIST_UNSUPPORTED');
        if (unlisted.length > 0) {
          t.diagnostic(
            `this peer does not list: ${unlisted.length} list probes E_LIST_UNSUPPORTED (HTTP ${unlisted[0]?.httpStatus})`,
          );
          assert.equal(unlisted.length, ops.filter((o) => o.kind === 'probe-list').length);
          assert.throws(
            () => runner.shouldStop(),
            (e: Error & { code?: string }) => e.code === 'E_PROBE_UNSUPPORTED',
          );
        }
        const failed = ops.filter((o) => o.status !== 'ok' && o.errorCode !== 'E_LIST_UNSUPPORTED');
        assert.deepEqual(
          failed.map((o) => `${o.kind} ${o.objectId} ${o.errorCode}`),
          [],
        );
        const kinds = (k: string) => ops.filter((o) => o.kind === k);
        // the oldest and the newest object are always probed, cold then warm
        const cold = kinds('probe-get').map((o) => o.objectIndex);
        assert.equal(cold.length, 3);
        assert.equal(cold[0], 0);
        assert.equal(cold[2], 3);
        assert.deepEqual(
          kinds('probe-get-warm').map((o) => o.objectIndex),
          cold,
        );
        for (const o of [...kinds('probe-get'), ...kinds('probe-get-warm')]) {
          assert.equal(
            o.sha256,
            contentSha256(planObject(W, o.objectIndex, { idPrefix: 'pc-' }).datastreams[0]!),
            "the SHA-256 of what was read is the generator's",
          );
        }
        assert.equal(kinds('probe-head').length, 3);
        assert.equal(kinds('probe-range').length, 3);
        assert.ok(kinds('probe-range').every((o) => o.bytes === 64 * 1024));
        assert.equal(kinds('probe-list').length, 3);
        assert.equal(kinds('probe-delete').length, 3);
        assert.deepEqual(
          kinds('probe-update').map((o) => o.objectIndex),
          cold,
          'the sampled objects get their next version',
        );
        if (unlisted.length === 0) assert.equal(runner.shouldStop(), null);
        // the probe objects are gone, the population is whole
        if (canRead(b)) {
          const probeIds = [...new Set(kinds('probe-delete').map((o) => o.objectId))];
          for (const id of probeIds) {
            await assert.rejects(
              async () => {
                for await (const _ of b.read(id, 'OBJ')) void _;
              },
              (e: unknown) => e instanceof OpError && e.errorCode === 'E_NOT_FOUND',
            );
          }
        }
        // the next batch's probes read the updated objects at their new version (versioned:1%), and update them again
        const again = await runner.afterBatch(2, W.objects, []);
        assert.deepEqual(
          again
            .filter((o) => o.status !== 'ok' && o.errorCode !== 'E_LIST_UNSUPPORTED')
            .map((o) => `${o.kind} ${o.objectId} ${o.errorCode}`),
          [],
        );
        const updated = new Set(cold);
        const rereads = again.filter((o) => o.kind === 'probe-get' && updated.has(o.objectIndex));
        for (const o of rereads) {
          const ds = { ...planObject(W, o.objectIndex, { idPrefix: 'pc-' }).datastreams[0]!, version: 1 };
          assert.equal(o.sha256, contentSha256(ds), `object ${o.objectIndex} read back at version 1`);
        }
        assert.ok(rereads.length >= 2, 'the oldest and newest were updated and are read again');
      });
    });

    test('a wrong byte in a GET is caught: the probe fails with E_PROBE_MISMATCH and the run fails', async () => {
      await withTarget(make, async (b) => {
        const ingest = await ingestAll(b, 'px-');
        const runner = new ProbeRunner(flippingReads(b), W, 'px-', { kinds: ['get'], sample: 2 }, 1);
        const ops = await runner.afterBatch(1, W.objects, ingest);
        assert.equal(ops.length, 4);
        assert.ok(
          ops.every((o) => o.status === 'failed' && o.errorCode === 'E_PROBE_MISMATCH'),
          ops.map((o) => o.errorCode).join(','),
        );
        assert.throws(
          () => runner.shouldStop(),
          (e: Error & { code?: string }) => e.code === 'E_PROBE_MISMATCH',
        );
      });
    });
  });
}
