/**
 * The contract every backend passes (undici's habit: one suite, many implementations). A backend
 * factory gives a fresh, empty target; the suite ingests real generated content and checks the
 * records, the stored bytes (SHA-256 against the generator) and the optional capabilities.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import {
  canCleanAll,
  canFinishClean,
  canList,
  canRead,
  canRemove,
  hasBatchLifecycle,
  type Backend,
} from '../../src/backends/backend.js';
import { OpError } from '../../src/backends/op-timer.js';
import { contentSha256 } from '../../src/generate/content.js';
import { planObject, type ObjectPlan } from '../../src/generate/plan.js';
import type { Workload } from '../../src/workload/workload.js';
import { probeContract } from './probe-contract.js';

export interface ContractTarget {
  backend: Backend;
  cleanup(): Promise<void>;
  /** What the target still holds of this backend's run, seen from the store's side (e.g. files on disk); [] when empty. */
  leftovers?(): Promise<string[]>;
}

const workload = (datastreams: Workload['datastreams']): Workload => ({
  objects: 1000,
  batchSize: 10,
  concurrency: 4,
  datastreams,
  seed: 99,
  layout: 'flat',
  fanout: { width: 16, depth: 2 },
  verify: 'none',
});

const TWO = workload([
  {
    id: 'OBJ',
    size: { kind: 'uniform', min: 1000, max: 200_000 },
    contentKind: 'random',
    mime: 'application/octet-stream',
  },
  { id: 'META', size: { kind: 'fixed', bytes: 2048 }, contentKind: 'compressible', mime: 'text/plain' },
]);

async function readAll(b: Backend, objectId: string, dsId: string): Promise<{ bytes: number; sha256: string }> {
  assert.ok(canRead(b));
  const h = createHash('sha256');
  let bytes = 0;
  for await (const chunk of b.read(objectId, dsId)) {
    h.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: h.digest('hex') };
}

async function withTarget(
  make: () => Promise<ContractTarget>,
  fn: (b: Backend, t: ContractTarget) => Promise<void>,
): Promise<void> {
  const t = await make();
  try {
    await t.backend.preflight();
    await fn(t.backend, t);
  } finally {
    await t.backend.close();
    await t.cleanup();
  }
}

export interface ContractOptions {
  /** Whether the target accepts an empty datastream (Fedora 3 answers 400 to managed content without bytes). */
  emptyContent: boolean;
  /** Whether creating an existing object is refused (object stores such as S3 overwrite by design). */
  refusesExisting?: boolean;
  /** Why the suite cannot run here (its peer is not installed): every test shows as skipped with it. */
  skip?: string | false;
}

export function backendContract(
  name: string,
  make: () => Promise<ContractTarget>,
  opts: ContractOptions = { emptyContent: true },
): void {
  probeContract(name, make, opts.skip ?? false);
  describe(`backend contract: ${name}`, { skip: opts.skip ?? false }, () => {
    test('preflight names the backend and its target, without credentials', async () => {
      const t = await make();
      try {
        const info = await t.backend.preflight();
        assert.equal(info.backend, t.backend.name);
        assert.ok(info.target.length > 0);
        assert.doesNotMatch(info.target, /\/\/[^/]*:[^/]*@/, 'no user:password in the target');
      } finally {
        await t.backend.close();
        await t.cleanup();
      }
    });

    test('ingest returns one ok record per operation, with sizes and timings', async () => {
      await withTarget(make, async (b) => {
        const plan = planObject(TWO, 3, { idPrefix: 'ct-' });
        const ops = await b.ingest(plan);
        const ds = ops.filter((o) => o.kind === 'add-datastream');
        assert.deepEqual(
          ds.map((o) => o.datastreamId),
          ['OBJ', 'META'],
        );
        for (const op of ops) {
          assert.equal(op.status, 'ok', `${op.kind} ${op.errorCode}`);
          assert.equal(op.objectId, 'ct-3');
          assert.equal(op.objectIndex, 3);
          assert.ok(op.durationMs >= 0 && Number.isFinite(op.durationMs));
          assert.equal(op.errorCode, null);
        }
        assert.deepEqual(
          ds.map((o) => o.bytes),
          plan.datastreams.map((d) => d.size),
        );
      });
    });

    test('stored bytes read back identical to the generator (SHA-256), across chunk boundaries and for empty content', async (t) => {
      await withTarget(make, async (b) => {
        if (!canRead(b)) {
          t.skip(`${b.name} cannot read back`);
          return;
        }
        const w = workload([
          {
            id: 'BIG',
            size: { kind: 'fixed', bytes: 3 * 1024 * 1024 + 17 },
            contentKind: 'random',
            mime: 'application/octet-stream',
          },
          ...(opts.emptyContent
            ? [
                {
                  id: 'EMPTY',
                  size: { kind: 'fixed', bytes: 0 },
                  contentKind: 'random',
                  mime: 'application/octet-stream',
                } as const,
              ]
            : []),
          { id: 'TXT', size: { kind: 'fixed', bytes: 65_537 }, contentKind: 'compressible', mime: 'text/plain' },
        ]);
        const plan = planObject(w, 0, { idPrefix: 'rb-' });
        const ops = await b.ingest(plan);
        assert.ok(ops.every((o) => o.status === 'ok'));
        for (const ds of plan.datastreams) {
          const got = await readAll(b, plan.id, ds.id);
          assert.equal(got.bytes, ds.size, ds.id);
          assert.equal(got.sha256, contentSha256(ds), ds.id);
        }
      });
    });

    test(
      'an existing object is a failed record with E_EXISTS, not an exception',
      { skip: opts.refusesExisting === false ? 'this store overwrites by design' : false },
      async () => {
        await withTarget(make, async (b) => {
          const plan = planObject(TWO, 7, { idPrefix: 'dup-' });
          assert.ok((await b.ingest(plan)).every((o) => o.status === 'ok'));
          const again = await b.ingest(plan);
          const create = again.find((o) => o.kind === 'create-object');
          assert.equal(create?.status, 'failed');
          assert.equal(create?.errorCode, 'E_EXISTS');
        });
      },
    );

    test('reading a datastream that was never stored fails with E_NOT_FOUND', async (t) => {
      await withTarget(make, async (b) => {
        if (!canRead(b)) {
          t.skip(`${b.name} cannot read back`);
          return;
        }
        await assert.rejects(
          readAll(b, 'nobody-1', 'OBJ'),
          (e: unknown) => e instanceof OpError && e.errorCode === 'E_NOT_FOUND',
        );
      });
    });

    test('concurrent ingest of many objects keeps every object, and remove deletes exactly one', async () => {
      await withTarget(make, async (b) => {
        const plans: ObjectPlan[] = Array.from({ length: 24 }, (_, i) => planObject(TWO, i, { idPrefix: 'cc-' }));
        const results = await Promise.all(plans.map((p) => b.ingest(p)));
        assert.ok(results.flat().every((o) => o.status === 'ok'));
        if (canList(b)) {
          const ids: string[] = [];
          for await (const id of b.list()) ids.push(id);
          assert.deepEqual(ids.filter((id) => id.startsWith('cc-')).sort(), plans.map((p) => p.id).sort());
        }
        if (canRemove(b)) {
          await b.remove({ id: 'cc-1', index: 1 });
          if (canRead(b)) await assert.rejects(readAll(b, 'cc-1', 'OBJ'));
          if (canRead(b))
            assert.equal((await readAll(b, 'cc-10', 'OBJ')).sha256, contentSha256(plans[10]!.datastreams[0]!));
          if (canList(b)) {
            const ids: string[] = [];
            for await (const id of b.list()) ids.push(id);
            assert.equal(ids.includes('cc-1'), false);
            assert.equal(ids.includes('cc-10'), true);
          }
          await assert.rejects(
            b.remove({ id: 'cc-1', index: 1 }),
            (e: unknown) => e instanceof OpError && e.errorCode === 'E_NOT_FOUND',
          );
        }
      });
    });

    test('clean as `ingest-scale clean` does it (remove every object, then finishClean; or cleanAll) leaves the target empty', async () => {
      await withTarget(make, async (b, t) => {
        const plans: ObjectPlan[] = Array.from({ length: 6 }, (_, i) => planObject(TWO, i, { idPrefix: 'cl-' }));
        const prep = hasBatchLifecycle(b) ? await b.prepareBatch(plans) : [];
        const ops = [...prep, ...(await Promise.all(plans.map((p) => b.ingest(p)))).flat()];
        assert.ok(
          ops.every((o) => o.status === 'ok'),
          ops
            .filter((o) => o.status !== 'ok')
            .map((o) => `${o.kind} ${o.errorCode}`)
            .join(', '),
        );
        if (t.leftovers) assert.ok((await t.leftovers()).length > 0, 'the run left something to clean');
        if (canCleanAll(b)) {
          const r = await b.cleanAll();
          assert.equal(r.failed, 0);
        } else {
          assert.ok(canRemove(b), 'every backend can be cleaned');
          for (const p of plans) await b.remove(p);
          if (canFinishClean(b)) await b.finishClean();
        }
        if (canList(b)) {
          const ids: string[] = [];
          for await (const id of b.list()) ids.push(id);
          assert.deepEqual(
            ids.filter((id) => id.startsWith('cl-')),
            [],
          );
        }
        if (canRead(b))
          for (const p of plans)
            await assert.rejects(
              readAll(b, p.id, 'OBJ'),
              (e: unknown) => e instanceof OpError && e.errorCode === 'E_NOT_FOUND',
            );
        if (t.leftovers) assert.deepEqual(await t.leftovers(), []);
      });
    });
  });
}
