/**
 * The table of which backend takes which flag: every backend flag of `run` is in it (a new flag
 * cannot be silently ignored by the other backends), and each flag is refused, naming the flag and
 * the backends that take it, by every backend that does not take it — and accepted by those that do.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BACKEND_FLAGS, refuseForeignFlags } from '../../src/backends/backend-flags.js';
import { BACKEND_NAMES } from '../../src/backends/backend-names.js';
import { makeContext } from '../../src/cli/context.js';
import { runCommand } from '../../src/cli/run-command.js';

/** Flags of `run` that every backend takes: the workload, the recording, the gate, the output. */
const COMMON = new Set([
  '--objects',
  '--batch-size',
  '--concurrency',
  '--datastream',
  '--seed',
  '--layout',
  '--fanout-width',
  '--fanout-depth',
  '--verify',
  '--workload',
  '--backend',
  '--db',
  '--label',
  '--tag',
  '--max-growth',
  '--min-detectable',
  '--max-error-rate',
  '--json',
  '--no-progress',
  '--no-chart',
  // what watches the run (the live view, the metrics endpoint), whatever the backend
  '--no-live',
  '--metrics',
  '--stop-early',
  '--no-stop-early',
  '--stop-grace',
  '--help',
  // the run's lifecycle and probes: every backend takes them (the timeouts matter only to HTTP backends)
  '--request-timeout',
  '--connect-timeout',
  '--retries',
  '--probe',
  '--probe-sample',
  '--probe-stop-above',
  '--max-datastream-size',
  '--ignore-free-space',
  '--resume',
  // scale-out: a run's shard (the backends that cannot be shared refuse --shard at run time, naming why)
  '--shard',
  '--run-id',
  '--start-at',
  // an opt-in warm-up of the client; in-process stores are never warmed
  '--client-warmup',
  // the warm-up against an in-process sink (on by default for http-put; the others have no sink and ignore it)
  '--no-sink-warmup',
]);

test('every flag of run is either common to all backends or in the backend flag table', () => {
  const inTable = new Set(BACKEND_FLAGS.map((f) => f.flag));
  const missing = runCommand(makeContext())
    .options.map((o) => o.long ?? '')
    .filter((f) => !COMMON.has(f) && !inTable.has(f));
  assert.deepEqual(
    missing,
    [],
    "add these to a backend module's options (src/backends/<name>/index.ts) or to COMMON here",
  );
});

test('the table names only real backends, and every key is the camelCase of its flag', () => {
  for (const f of BACKEND_FLAGS) {
    assert.ok(
      f.backends.length > 0 && f.backends.every((b) => (BACKEND_NAMES as readonly string[]).includes(b)),
      f.flag,
    );
    assert.equal(
      f.key,
      f.flag.slice(2).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()),
      f.flag,
    );
  }
});

test('each backend flag is refused by every backend that does not take it, naming the flag and the backends that do', () => {
  let refused = 0;
  for (const f of BACKEND_FLAGS) {
    for (const backend of BACKEND_NAMES) {
      const given = { [f.key]: 'x' };
      if (f.backends.includes(backend)) {
        assert.doesNotThrow(() => refuseForeignFlags(backend, given), `${f.flag} is taken by ${backend}`);
        continue;
      }
      assert.throws(
        () => refuseForeignFlags(backend, given),
        (e: Error & { code?: string; exitCode?: number; hint?: string }) => {
          assert.equal(e.code, 'E_FLAG_NOT_TAKEN');
          assert.equal(e.exitCode, 2);
          assert.equal(e.message, `${f.flag} is not taken by --backend ${backend}; it is for ${f.backends.join(', ')}`);
          assert.match(e.hint ?? '', /--backend |drop /);
          return true;
        },
      );
      refused++;
    }
  }
  assert.ok(refused >= 60, `${refused} refusals checked`);
});

test('absent flags (undefined) and unset switches (false) are not refused; the default backend says so', () => {
  assert.doesNotThrow(() => refuseForeignFlags('leveldb', { url: undefined, pathStyle: false, objects: '10' }));
  assert.throws(
    () => refuseForeignFlags('leveldb', { url: 'http://x/' }, true),
    /--url is not taken by --backend leveldb \(the default\); it is for fedora3, ldp, http-put, s3/,
  );
});
