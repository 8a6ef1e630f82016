/**
 * The OCFL storage-root backend passes the backend contract in both layouts it writes, and what it
 * writes is checked against the specification by a checker of its own (test/helpers/ocfl-check.ts):
 * a root after ingest, updates and removal is valid, the 0004 path of the extension's own example
 * id, a non-OCFL directory or a root of another layout refused, and --versions K.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { OcflBackend } from '../../src/backends/ocfl/ocfl-backend.js';
import { ocfl } from '../../src/backends/ocfl/index.js';
import { UsageError } from '../../src/errors.js';
import { contentSha256 } from '../../src/generate/content.js';
import { planObject } from '../../src/generate/plan.js';
import { defaultWorkload } from '../../src/workload/defaults.js';
import type { Workload } from '../../src/workload/workload.js';
import { checkOcflRoot } from '../helpers/ocfl-check.js';
import { throwsUsage } from '../helpers/throws-usage.js';
import { backendContract } from './backend-contract.js';

const ROOT_FILES = ['0=ocfl_1.1', 'extensions', 'ocfl_layout.json'];

function target(layout: Workload['layout']): () => Promise<{
  backend: OcflBackend;
  cleanup(): Promise<void>;
  leftovers(): Promise<string[]>;
}> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-ocfl-'));
    const root = join(dir, 'root');
    return {
      backend: new OcflBackend({ root, layout, create: true }),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      leftovers: async () => readdirSync(root).filter((n) => !ROOT_FILES.includes(n)),
    };
  };
}

backendContract('ocfl (0004 hashed n-tuple)', target('pairtree'));
backendContract('ocfl (0002 flat-direct)', target('flat'));

async function withRoot(
  layout: Workload['layout'],
  fn: (b: OcflBackend, root: string) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-ocfl-'));
  const b = new OcflBackend({ root: join(dir, 'root'), layout, create: true });
  try {
    await b.preflight();
    await fn(b, join(dir, 'root'));
  } finally {
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('ocfl: a root after ingest, new versions and a purge passes the independent check', async () => {
  await withRoot('pairtree', async (b, root) => {
    const w: Workload = { ...defaultWorkload(), layout: 'pairtree' };
    const plans = Array.from({ length: 5 }, (_, i) => planObject(w, i, { idPrefix: 'chk-' }));
    for (const p of plans) assert.ok((await b.ingest(p)).every((o) => o.status === 'ok'));
    for (const version of [1, 2]) await b.update(plans[0]!, { ...plans[0]!.datastreams[0]!, version });
    await b.remove({ id: 'chk-4', index: 4 });
    const check = checkOcflRoot(root);
    assert.deepEqual(check.problems, []);
    assert.deepEqual([...check.objects].sort(), [
      ['chk-0', 3],
      ['chk-1', 1],
      ['chk-2', 1],
      ['chk-3', 1],
    ]);
  });
});

test('ocfl: the checker catches a changed content file and a wrong sidecar', async () => {
  await withRoot('flat', async (b, root) => {
    const plan = planObject(defaultWorkload(), 0, { idPrefix: 'bad-' });
    await b.ingest(plan);
    writeFileSync(join(root, 'bad-0', 'v1', 'content', plan.datastreams[0]!.id), 'changed');
    writeFileSync(join(root, 'bad-0', 'inventory.json.sha512'), `${'0'.repeat(128)} inventory.json\n`);
    const problems = checkOcflRoot(root).problems.join('\n');
    assert.match(problems, /does not match its digest/);
    assert.match(problems, /sidecar does not hold/);
  });
});

test("ocfl: 0004 puts the extension's example id object-01 at 3c0/ff4/240/<its SHA-256>", async () => {
  await withRoot('pairtree', async (b, root) => {
    const plan = { ...planObject(defaultWorkload(), 1, { idPrefix: 'x' }), id: 'object-01' };
    await b.ingest(plan);
    const digest = '3c0ff4240c1e116dba14c7627f2319b58aa3d77606d0d90dfc6161608ac987d4';
    assert.ok(existsSync(join(root, '3c0', 'ff4', '240', digest, '0=ocfl_object_1.1')));
  });
});

test('ocfl: a non-empty directory that is not a storage root, or a root of another layout, is a usage error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-ocfl-'));
  try {
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    await assert.rejects(
      new OcflBackend({ root: dir, layout: 'flat', create: true }).preflight(),
      (e: unknown) => e instanceof UsageError && /not an OCFL storage root/.test(e.message),
    );
    const root = join(dir, 'root');
    await new OcflBackend({ root, layout: 'flat', create: true }).preflight();
    await assert.rejects(
      new OcflBackend({ root, layout: 'pairtree', create: true }).preflight(),
      (e: unknown) => e instanceof UsageError && /0002-flat-direct-storage-layout/.test(e.message),
    );
    assert.equal((await new OcflBackend({ root, layout: 'flat', create: false }).preflight()).details?.root, 'opened');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('ocfl --versions: each object ends at version K, the changed datastream reads as its last version', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-ocfl-'));
  const b = new OcflBackend({ root: join(dir, 'root'), layout: 'flat', create: true, versions: 5 });
  try {
    await b.preflight();
    const w: Workload = {
      ...defaultWorkload(),
      datastreams: [
        { id: 'M', size: { kind: 'fixed', bytes: 512 }, contentKind: 'random', mime: 'text/plain' },
        { id: 'V', size: { kind: 'fixed', bytes: 70_000 }, contentKind: 'random', mime: 'text/plain', edit: 0.01 },
      ],
    };
    const plans = [0, 1, 2].map((i) => planObject(w, i, { idPrefix: 'ver-' }));
    for (const p of plans) {
      const ops = await b.ingest(p);
      assert.ok(ops.every((o) => o.status === 'ok'));
      assert.deepEqual(
        ops.filter((o) => o.kind === 'add-datastream').map((o) => o.datastreamId),
        ['M', 'V', 'V', 'V', 'V', 'V'],
      );
    }
    const check = checkOcflRoot(join(dir, 'root'));
    assert.deepEqual(check.problems, []);
    assert.deepEqual([...check.objects.values()], [5, 5, 5]);
    const h = createHash('sha256');
    for await (const c of b.read('ver-1', 'V')) h.update(c);
    assert.equal(h.digest('hex'), contentSha256({ ...plans[1]!.datastreams[1]!, version: 4 }));
  } finally {
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('ocfl --versions: a bad count, or versions with readback or probes, is a usage error', () => {
  const ctx = { runId: 'r', workload: defaultWorkload(), concurrency: 1, dataDir: 'D', purpose: 'run' as const };
  assert.equal(ocfl.fromFlags({ versions: '50' }, ctx).versions, 50);
  throwsUsage(() => ocfl.fromFlags({ versions: '0' }, ctx), 'E_BAD_FLAG', ['--versions "0"']);
  throwsUsage(() => ocfl.fromFlags({ versions: '3', probe: 'get' }, ctx), 'E_FLAG_CONFLICT', ['--probe']);
  const readback = { ...ctx, workload: { ...defaultWorkload(), verify: 'readback' as const } };
  throwsUsage(() => ocfl.fromFlags({ versions: '3' }, readback), 'E_FLAG_CONFLICT', ['--verify readback']);
});
