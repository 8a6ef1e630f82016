/**
 * The backend modules (src/backends/<name>/index.ts) as data and as functions: one registry entry
 * per name, a flag shared by several backends described once, defaults that are valid choices and
 * are what fromFlags applies, flags checked with usage errors naming them, a recorded run reopened
 * with what it recorded (and a store that no longer exists reported as gone, not opened).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { RecordedTarget, TargetContext } from '../../src/backends/backend-module.js';
import { BACKEND_NAMES } from '../../src/backends/backend-names.js';
import { BACKEND_MODULES, backendModule } from '../../src/backends/registry.js';
import { defaultWorkload } from '../../src/workload/defaults.js';
import { throwsUsage } from '../helpers/throws-usage.js';

const ctx: TargetContext = {
  runId: 'r1',
  workload: defaultWorkload(),
  concurrency: 3,
  dataDir: 'DATA',
  purpose: 'run',
};
const URL = { url: 'http://127.0.0.1:9/x' };
const opts = (name: string, flags: Record<string, unknown>, c: TargetContext = ctx): Record<string, unknown> =>
  backendModule(name).fromFlags(flags, c) as Record<string, unknown>;

test('one module per backend name, in order; a flag several backends take is described once', () => {
  assert.deepEqual(
    BACKEND_MODULES.map((m) => m.name),
    [...BACKEND_NAMES],
  );
  const byFlag = new Map<string, unknown>();
  for (const m of BACKEND_MODULES) {
    assert.equal(new Set(m.options.map((o) => o.flag)).size, m.options.length, `${m.name} lists a flag twice`);
    for (const o of m.options) {
      assert.match(o.flag, /^--[a-z][a-z0-9-]+$/);
      if (byFlag.has(o.flag)) assert.deepEqual(o, byFlag.get(o.flag), `${o.flag} differs between backends`);
      byFlag.set(o.flag, o);
      if (o.choices && o.default !== undefined)
        assert.ok(o.choices.includes(o.default), `${o.flag}: default ${o.default} is not a choice`);
      if (o.value === undefined) assert.equal(o.default, undefined, `${o.flag} is a switch: no default`);
    }
  }
});

test('fromFlags applies the stated defaults and passes the context', () => {
  assert.equal(opts('fedora3', URL).pidNamespace, 'bench');
  assert.deepEqual(
    ['flavor', 'create', 'tx'].map((k) => opts('ldp', URL)[k]),
    ['fedora6', 'put', 'none'],
  );
  assert.equal(opts('http-put', URL).collections, 'mkcol');
  const s3 = opts('s3', { ...URL, bucket: 'b' });
  assert.deepEqual(
    [s3.region, s3.multipartThreshold, s3.partSize, s3.pathStyle, s3.connections],
    ['us-east-1', 64 * 2 ** 20, 16 * 2 ** 20, undefined, 3],
  );
  assert.deepEqual(opts('leveldb', {}), { dataDir: 'DATA' });
  assert.deepEqual(opts('memory', {}).latency, { kind: 'fixed', ms: 0 });
  assert.deepEqual(opts('memory', { latency: 'uniform:1ms-3ms' }).latency, { kind: 'uniform', minMs: 1, maxMs: 3 });
});

test('secrets: the password only with --user, the token for HTTP backends and never for s3', () => {
  const secret = { ...ctx, password: 'pw', token: 'tok' };
  assert.deepEqual([opts('ldp', URL, secret).password, opts('ldp', URL, secret).token], [undefined, 'tok']);
  assert.deepEqual(
    [opts('fedora3', { ...URL, user: 'me' }, secret).user, opts('fedora3', { ...URL, user: 'me' }, secret).password],
    ['me', 'pw'],
  );
  const s3 = opts('s3', { ...URL, bucket: 'b' }, secret);
  assert.equal('token' in s3 || 'password' in s3, false);
});

test('bad or missing flags are usage errors naming the flag', () => {
  for (const name of ['fedora3', 'ldp', 'http-put', 's3'])
    throwsUsage(() => opts(name, {}), 'E_BAD_FLAG', [`--backend ${name} needs --url`]);
  throwsUsage(() => opts('s3', URL), 'E_BAD_FLAG', ['--backend s3 needs --bucket']);
  throwsUsage(() => opts('s3', { ...URL, bucket: 'b', partSize: '0' }), 'E_BAD_FLAG', [
    '--part-size must be at least 1 byte',
  ]);
  throwsUsage(() => opts('s3', { ...URL, bucket: 'b', partSize: '1MiB' }), 'E_BAD_FLAG', [
    '--part-size 1 MiB is below the 5 MiB',
  ]);
  assert.equal(opts('s3', { ...URL, bucket: 'b', partSize: '1MiB', allowSmallParts: true }).partSize, 2 ** 20);
  throwsUsage(() => opts('ldp', { ...URL, flavor: 'solid', tx: 'per-batch' }), 'E_BAD_FLAG', [
    '--tx per-batch: Solid servers have no transactions',
  ]);
  throwsUsage(() => opts('memory', { latency: 'soon' }), 'E_BAD_FLAG', ['--latency']);
  throwsUsage(() => backendModule('fedora9'), 'E_UNKNOWN_BACKEND', ['--backend "fedora9" is unknown']);
});

const recorded = (backend: string, target: string, details: Record<string, string | boolean> = {}): RecordedTarget => ({
  id: 'rec1',
  backend,
  target,
  targetInfo: { backend, target, details },
  workload: defaultWorkload(),
});
const access = { flags: {}, concurrency: 2 };
function reopen(
  r: RecordedTarget,
  a: Parameters<ReturnType<typeof backendModule>['fromRecorded']>[1] = access,
): Record<string, unknown> {
  const out = backendModule(r.backend).fromRecorded(r, a);
  assert.ok('options' in out, `${r.backend} reopens`);
  return out.options as Record<string, unknown>;
}

test('fromRecorded reopens a run with what it recorded, for clean', () => {
  assert.equal(reopen(recorded('fedora3', 'http://h/fedora', { pidNamespace: 'ns9' })).pidNamespace, 'ns9');
  const l = reopen(recorded('ldp', 'http://h/rest', { flavor: 'fedora4' }), {
    ...access,
    flags: { purgeTombstones: true },
  });
  assert.deepEqual(
    [l.flavor, l.purgeTombstones, l.purpose, l.runId, l.connections],
    ['fedora4', true, 'clean', 'rec1', 2],
  );
  assert.equal(reopen(recorded('http-put', 'http://h/dav', { collections: 'mkcol' })).collections, 'mkcol');
  assert.equal(
    reopen(recorded('http-put', 'http://h/dav')).collections,
    'none',
    'runs from before --collections PUT straight to each path',
  );
  const s = reopen(
    recorded('s3', 'http://h:7480/b', { endpoint: 'http://h:7480', bucket: 'b', region: 'eu-1', pathStyle: true }),
    { ...access, flags: { profile: 'p' } },
  );
  assert.deepEqual(
    [s.url, s.bucket, s.region, s.pathStyle, s.profile, s.purpose],
    ['http://h:7480', 'b', 'eu-1', true, 'p', 'clean'],
  );
  throwsUsage(() => backendModule('s3').fromRecorded(recorded('s3', 'http://h'), access), 'E_USAGE', [
    'recorded no S3 bucket',
  ]);
  const withToken = reopen(recorded('ldp', 'http://h/rest', { flavor: 'solid' }), { ...access, token: 'tok' });
  assert.equal(withToken.token, 'tok');
});

test('a store that no longer exists is gone, with the reason, instead of reopened', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-modules-'));
  try {
    assert.deepEqual(backendModule('leveldb').fromRecorded(recorded('leveldb', dir), access), {
      options: { dataDir: dir },
    });
    const gone = backendModule('leveldb').fromRecorded(recorded('leveldb', join(dir, 'removed')), access);
    assert.ok('gone' in gone && /no longer exists/.test(gone.gone));
    const mem = backendModule('memory').fromRecorded(recorded('memory', 'memory:rec1'), access);
    assert.ok('gone' in mem && /^nothing to remove: run rec1 used the memory backend/.test(mem.gone));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('create loads the implementation: a memory backend from its options works at once', async () => {
  const b = await backendModule('memory').create(opts('memory', { latency: '0ms' }));
  assert.equal(b.name, 'memory');
  assert.equal((await b.preflight()).target, 'memory:r1');
  await b.close();
});

test('the CLI shows each backend option once, with its default in the help, on run and on clean', async () => {
  const { makeContext } = await import('../../src/cli/context.js');
  const { runCommand } = await import('../../src/cli/run-command.js');
  const { cleanCommand } = await import('../../src/cli/clean-command.js');
  const run = runCommand(makeContext());
  const longs = run.options.map((o) => o.long);
  assert.equal(new Set(longs).size, longs.length, 'no flag twice');
  for (const m of BACKEND_MODULES) {
    for (const o of m.options.filter((x) => (x.commands ?? ['run']).includes('run'))) {
      const option = run.options.find((x) => x.long === o.flag);
      assert.ok(option, `run has ${o.flag}`);
      if (o.default !== undefined) assert.ok(option.description.endsWith(`(default ${o.default})`), option.description);
      assert.equal(
        option.defaultValue,
        undefined,
        `${o.flag}: commander is not told the default, so an untyped flag stays undefined`,
      );
    }
  }
  const clean = cleanCommand(makeContext()).options.map((o) => o.long);
  for (const f of ['--user', '--ca', '--profile', '--purge-tombstones', '--oidc-issuer'])
    assert.ok(clean.includes(f), f);
  for (const f of ['--url', '--bucket', '--latency', '--flavor']) assert.equal(clean.includes(f), false, f);
});
