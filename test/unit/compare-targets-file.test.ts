/**
 * The targets file of `compare` (src/compare/targets-file.ts): keys derived from each backend's
 * module, every error naming the file, the target and the key (E_BAD_TARGETS, exit 2), secrets only
 * named, never given; and a seeded fast-check fuzz: any JSON value gives targets or the typed error.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { optionKey } from '../../src/backends/backend-module.js';
import { BACKEND_MODULES } from '../../src/backends/registry.js';
import { parseTargets, readTargetsFile, targetSecrets } from '../../src/compare/targets-file.js';
import { IngestScaleError } from '../../src/errors.js';
import { ExitCode } from '../../src/exit-codes.js';
import { withTmp } from '../helpers/cli.js';
import { throwsUsage } from '../helpers/throws-usage.js';

const F = 'targets.json';

test('two targets in file order, the first the reference; flags keyed as commander parses them', () => {
  const t = parseTargets(F, {
    targets: {
      old: {
        backend: 'ldp',
        url: 'http://127.0.0.1:1/rest',
        flavor: 'fedora6',
        tx: 'per-batch',
        passwordEnv: 'OLD_PW',
      },
      new: { backend: 's3', url: 'http://127.0.0.1:2', bucket: 'b', pathStyle: true, createBucket: true },
      embedded: { backend: 'leveldb', data: '/tmp/x', keepData: false },
    },
  });
  assert.deepEqual(
    t.map((x) => x.name),
    ['old', 'new', 'embedded'],
  );
  assert.deepEqual(t[0], {
    name: 'old',
    backend: 'ldp',
    flags: { url: 'http://127.0.0.1:1/rest', flavor: 'fedora6', tx: 'per-batch' },
    passwordEnv: 'OLD_PW',
  });
  assert.deepEqual(t[1]?.flags, { url: 'http://127.0.0.1:2', bucket: 'b', pathStyle: true, createBucket: true });
  assert.deepEqual(t[2]?.flags, { data: '/tmp/x' });
});

test("the keys a target takes are its backend module's run options: every one of them is accepted", () => {
  for (const m of BACKEND_MODULES) {
    const target: Record<string, unknown> = { backend: m.name };
    for (const o of m.options) {
      if (!(o.commands ?? ['run']).includes('run')) continue;
      target[optionKey(o.flag)] = o.value === undefined ? true : (o.choices?.[0] ?? o.default ?? 'x');
    }
    const [t] = parseTargets(F, { targets: { a: target, b: { backend: 'memory' } } });
    assert.equal(Object.keys(t?.flags ?? {}).length, Object.keys(target).length - 1, m.name);
  }
});

test('errors name the file, the target and the key, and say what to do', () => {
  throwsUsage(
    () => parseTargets(F, { targets: { a: { backend: 'leveldb', url: 'http://x' }, b: { backend: 'leveldb' } } }),
    'E_BAD_TARGETS',
    [F, 'target "a"', 'key "url"', 'backend leveldb', 'it is for fedora3'],
  );
  throwsUsage(
    () =>
      parseTargets(F, { targets: { a: { backend: 'ldp', url: 'u', flavor: 'fedora9' }, b: { backend: 'leveldb' } } }),
    'E_BAD_TARGETS',
    ['target "a" key "flavor"', '"fedora9"', 'fedora6'],
  );
  throwsUsage(
    () => parseTargets(F, { targets: { a: { backend: 'nope' }, b: { backend: 'leveldb' } } }),
    'E_BAD_TARGETS',
    ['target "a"', 'backend "nope" is unknown'],
  );
  throwsUsage(() => parseTargets(F, { targets: { a: { url: 'x' }, b: { backend: 'leveldb' } } }), 'E_BAD_TARGETS', [
    'target "a" has no "backend"',
  ]);
  throwsUsage(() => parseTargets(F, { targets: { a: { backend: 'leveldb' } } }), 'E_BAD_TARGETS', [F, 'at least 2']);
  throwsUsage(
    () =>
      parseTargets(F, {
        targets: { a: { backend: 's3', url: 'u', bucket: 'b', pathStyle: 'yes' }, b: { backend: 'leveldb' } },
      }),
    'E_BAD_TARGETS',
    ['key "pathStyle"', 'true or false'],
  );
  throwsUsage(
    () =>
      parseTargets(F, {
        targets: { a: { backend: 'fedora3', url: 'u', password: 'secret' }, b: { backend: 'leveldb' } },
      }),
    'E_BAD_TARGETS',
    ['key "password"', 'secrets never go in the file'],
  );
  throwsUsage(
    () =>
      parseTargets(F, {
        targets: { a: { backend: 'fedora3', url: 'u', passwordEnv: 'not a name' }, b: { backend: 'leveldb' } },
      }),
    'E_BAD_TARGETS',
    ['"passwordEnv" must name an environment variable'],
  );
  throwsUsage(() => parseTargets(F, { targets: [], extra: 1 }), 'E_BAD_TARGETS', ['key "extra"']);
  throwsUsage(
    () => parseTargets(F, { targets: { 'bad name!': { backend: 'leveldb' }, b: { backend: 'leveldb' } } }),
    'E_BAD_TARGETS',
    ['target name "bad name!"'],
  );
});

test('the file: unreadable and not-JSON are usage errors naming it', () => {
  withTmp((dir) => {
    const missing = join(dir, 'none.json');
    throwsUsage(() => readTargetsFile(missing), 'E_FILE_UNREADABLE', [missing]);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"targets": ');
    throwsUsage(() => readTargetsFile(broken), 'E_BAD_TARGETS', [broken, 'not valid JSON']);
  });
});

test("secrets come from the environment: the target's own variable, else INGEST_SCALE_PASSWORD; a named variable that is unset is refused", () => {
  const [own, plain] = parseTargets(F, {
    targets: {
      own: { backend: 'ldp', url: 'u', user: 'x', passwordEnv: 'OWN_PW' },
      plain: { backend: 'ldp', url: 'u', user: 'y' },
    },
  });
  assert.ok(own && plain);
  assert.deepEqual(targetSecrets(own, { OWN_PW: 'p1', INGEST_SCALE_PASSWORD: 'p0' }), { password: 'p1' });
  assert.deepEqual(targetSecrets(plain, { OWN_PW: 'p1', INGEST_SCALE_PASSWORD: 'p0' }), { password: 'p0' });
  throwsUsage(() => targetSecrets(own, {}), 'E_BAD_TARGETS', ['OWN_PW', 'not set']);
});

test('an ldp target with oidcIssuer: the flag as run takes it, the client credentials from the environment', () => {
  const pod = {
    backend: 'ldp',
    url: 'http://localhost:3000/p/',
    flavor: 'solid',
    oidcIssuer: 'http://localhost:3000/',
  };
  const [solid] = parseTargets(F, { targets: { pod, other: { ...pod, url: 'http://localhost:3000/q/' } } });
  assert.ok(solid);
  assert.equal(solid.flags.oidcIssuer, 'http://localhost:3000/');
  const env = { INGEST_SCALE_CLIENT_ID: 'id', INGEST_SCALE_CLIENT_SECRET: 'secret' };
  assert.deepEqual(targetSecrets(solid, env), { clientId: 'id', clientSecret: 'secret' });
});

test('fuzz (seeded): any JSON value, and targets with random keys and values, give targets or the typed usage error', () => {
  const keys = [
    ...new Set(BACKEND_MODULES.flatMap((m) => m.options.map((o) => optionKey(o.flag)))),
    'backend',
    'passwordEnv',
    'tokenEnv',
    'password',
    'x',
  ];
  const value = fc.oneof(
    fc.constantFrom(...BACKEND_MODULES.map((m) => m.name)),
    fc.string(),
    fc.boolean(),
    fc.integer(),
    fc.constant(null),
    fc.double(),
    fc.array(fc.string(), { maxLength: 2 }),
  );
  const target = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 });
  const valid = fc.constantFrom<Record<string, unknown>>(
    { backend: 'leveldb' },
    { backend: 'memory', latency: '1ms' },
    { backend: 'ldp', url: 'http://127.0.0.1:1/rest', tx: 'none' },
  );
  const name = fc.oneof(fc.constantFrom('a', 'b', 'old', 'new-2'), fc.string({ maxLength: 8 }));
  const file = fc.oneof(
    fc.jsonValue(),
    fc.record({
      targets: fc.dictionary(name, fc.oneof(valid, valid, target, fc.jsonValue()), { minKeys: 1, maxKeys: 4 }),
    }),
  );
  let ok = 0;
  let refused = 0;
  fc.assert(
    fc.property(file, (json) => {
      try {
        const t = parseTargets(F, json);
        assert.ok(t.length >= 2);
        ok++;
      } catch (e) {
        assert.ok(e instanceof IngestScaleError, `not a typed error: ${String(e)}`);
        assert.equal(e.exitCode, ExitCode.Usage);
        assert.ok(e.message.startsWith(`--targets ${F}: `), e.message);
        refused++;
      }
    }),
    { numRuns: 3000, seed: 20261203 },
  );
  assert.ok(ok > 0 && refused > 0, `${ok} accepted, ${refused} refused`);
});

test('a target may carry "tags" for its run (as run --tag); bad keys, values and shapes name the target', () => {
  const t = parseTargets('t.json', {
    targets: {
      old: { backend: 'leveldb', tags: { version: '6.5.0' } },
      new: { backend: 'leveldb', tags: { version: '6.5.1' } },
    },
  });
  assert.deepEqual(
    t.map((x) => x.tags),
    [{ version: '6.5.0' }, { version: '6.5.1' }],
  );
  for (const [tags, re] of [
    [['6.5.0'], /"tags" must be an object/],
    [{ version: 6 }, /tag version must be a string/],
    [{ '9x': 'a' }, /tag key "9x"/],
    [{ version: '' }, /empty value/],
  ] as const)
    assert.throws(
      () => parseTargets('t.json', { targets: { a: { backend: 'leveldb' }, b: { backend: 'leveldb', tags } } }),
      (e: Error & { code?: string }) =>
        e.code === 'E_BAD_TARGETS' && /target "b"/.test(e.message) && re.test(e.message),
    );
});
