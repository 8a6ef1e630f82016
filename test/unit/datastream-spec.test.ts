import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDatastreamFlag, parseContentKind, validateDatastreamId } from '../../src/workload/datastream-spec.js';
import { defaultWorkload } from '../../src/workload/defaults.js';
import { resolveWorkload } from '../../src/workload/resolve.js';
import { lognormal } from '../../src/workload/size.js';
import { LIMITS, validateWorkload } from '../../src/workload/validate.js';
import type { FanoutSpec, Workload } from '../../src/workload/workload.js';
import { throwsUsage } from '../helpers/throws-usage.js';

const workload = (over: Partial<Workload> = {}): Workload => ({ ...defaultWorkload(), ...over });

test('--datastream ID:SIZE gives random content with the octet-stream MIME type', () => {
  assert.deepEqual(parseDatastreamFlag('OBJ:100KiB'), {
    id: 'OBJ',
    size: { kind: 'fixed', bytes: 102_400 },
    contentKind: 'random',
    mime: 'application/octet-stream',
  });
});

test('--datastream with a uniform size and a kind', () => {
  assert.deepEqual(parseDatastreamFlag('OBJ:uniform:1KiB-1MiB:compressible'), {
    id: 'OBJ',
    size: { kind: 'uniform', min: 1024, max: 2 ** 20 },
    contentKind: 'compressible',
    mime: 'text/plain',
  });
  assert.equal(parseDatastreamFlag('META:2KiB:random').contentKind, 'random');
  assert.equal(parseDatastreamFlag('META:2KiB:compressible').contentKind, 'compressible');
});

test('--datastream with a lognormal size and no kind: the sigma is not taken for a kind', () => {
  const ds = parseDatastreamFlag('OBJ:lognormal:64KiB:0.5');
  assert.equal(ds.id, 'OBJ');
  assert.equal(ds.contentKind, 'random');
  assert.deepEqual(ds.size, lognormal(65_536, 0.5));
  const withKind = parseDatastreamFlag('OBJ:lognormal:64KiB:0.5:compressible');
  assert.deepEqual(withKind.size, lognormal(65_536, 0.5));
  assert.equal(withKind.contentKind, 'compressible');
});

test('--datastream rejects bad and reserved ids', () => {
  throwsUsage(() => parseDatastreamFlag('a b:1KiB'), 'E_BAD_WORKLOAD', ['"a b"', '--datastream a b:1KiB']);
  throwsUsage(() => parseDatastreamFlag('DC:1KiB'), 'E_BAD_WORKLOAD', ['"DC"', 'reserved']);
  throwsUsage(() => parseDatastreamFlag('rels-ext:1KiB'), 'E_BAD_WORKLOAD', ['reserved']);
  throwsUsage(() => parseDatastreamFlag(':1KiB'), 'E_BAD_WORKLOAD', ['""']);
  throwsUsage(() => parseDatastreamFlag('-OBJ:1KiB'), 'E_BAD_WORKLOAD', ['"-OBJ"']);
  const long = 'A'.repeat(65);
  throwsUsage(() => parseDatastreamFlag(`${long}:1KiB`), 'E_BAD_WORKLOAD', [long]);
  // 64 characters is the limit, not over it
  assert.equal(parseDatastreamFlag(`${'A'.repeat(64)}:1KiB`).id.length, 64);
});

test('--datastream rejects unknown kinds, missing sizes and bad sizes', () => {
  throwsUsage(() => parseDatastreamFlag('OBJ:1KiB:zipped'), 'E_BAD_WORKLOAD', [
    '"zipped"',
    '--datastream OBJ:1KiB:zipped',
  ]);
  throwsUsage(() => parseDatastreamFlag('OBJ'), 'E_BAD_FLAG', ['--datastream OBJ']);
  throwsUsage(() => parseDatastreamFlag('OBJ:10XB'), 'E_BAD_SIZE', ['--datastream OBJ:10XB', '"10XB"']);
  throwsUsage(() => parseDatastreamFlag('OBJ:uniform:2MiB-1MiB'), 'E_BAD_SIZE', ['uniform:2MiB-1MiB']);
});

test('validateDatastreamId and parseContentKind name the place', () => {
  assert.doesNotThrow(() => validateDatastreamId('OBJ.v1_x-2', 'here'));
  throwsUsage(() => validateDatastreamId('a/b', 'file.json: datastreams[0]'), 'E_BAD_WORKLOAD', [
    'file.json: datastreams[0]',
  ]);
  assert.equal(parseContentKind('compressible', 'x'), 'compressible');
  throwsUsage(() => parseContentKind('versioned', 'somewhere'), 'E_BAD_WORKLOAD', ['somewhere', '"versioned"']);
});

test('validateWorkload accepts the default workload unchanged', () => {
  const w = defaultWorkload();
  assert.equal(validateWorkload(w), w);
});

test('validateWorkload rejects a batch size larger than the object count, naming both flags', () => {
  throwsUsage(() => validateWorkload(workload({ objects: 100, batchSize: 101 })), 'E_BAD_FLAG', [
    '--batch-size',
    '--objects',
    '101',
    '100',
  ]);
  assert.doesNotThrow(() => validateWorkload(workload({ objects: 100, batchSize: 100 })));
});

test('validateWorkload rejects out-of-range numbers, naming the flag', () => {
  throwsUsage(() => validateWorkload(workload({ concurrency: 0 })), 'E_BAD_FLAG', ['--concurrency']);
  throwsUsage(() => validateWorkload(workload({ concurrency: LIMITS.concurrency + 1 })), 'E_BAD_FLAG', [
    '--concurrency',
  ]);
  throwsUsage(() => validateWorkload(workload({ concurrency: 1.5 })), 'E_BAD_FLAG', ['--concurrency']);
  throwsUsage(() => validateWorkload(workload({ objects: 0, batchSize: 1 })), 'E_BAD_FLAG', ['--objects']);
  throwsUsage(() => validateWorkload(workload({ seed: -1 })), 'E_BAD_FLAG', ['--seed']);
  throwsUsage(() => validateWorkload(workload({ seed: 2 ** 32 })), 'E_BAD_FLAG', ['--seed']);
  assert.doesNotThrow(() => validateWorkload(workload({ seed: 2 ** 32 - 1 })));
  assert.doesNotThrow(() => validateWorkload(workload({ seed: 0 })));
  throwsUsage(() => validateWorkload(workload({ fanout: { width: 1, depth: 2 } })), 'E_BAD_FLAG', ['--fanout-width']);
  throwsUsage(() => validateWorkload(workload({ fanout: { width: 16, depth: 9 } })), 'E_BAD_FLAG', ['--fanout-depth']);
  throwsUsage(() => validateWorkload(workload({ layout: 'tree' as Workload['layout'] })), 'E_BAD_FLAG', [
    '--layout',
    '"tree"',
  ]);
  throwsUsage(() => validateWorkload(workload({ verify: 'all' as Workload['verify'] })), 'E_BAD_FLAG', [
    '--verify',
    '"all"',
  ]);
});

test("validateWorkload uses the caller's names in its messages (e.g. file fields)", () => {
  throwsUsage(
    () => validateWorkload(workload({ concurrency: 0 }), { concurrency: '"concurrency" in w.json' }),
    'E_BAD_FLAG',
    ['"concurrency" in w.json'],
  );
});

test('validateWorkload rejects duplicate, missing or malformed datastreams', () => {
  const ds = parseDatastreamFlag('OBJ:1KiB');
  throwsUsage(() => validateWorkload(workload({ datastreams: [ds, { ...ds }] })), 'E_BAD_WORKLOAD', [
    '--datastream',
    '"OBJ"',
    'twice',
  ]);
  throwsUsage(() => validateWorkload(workload({ datastreams: [] })), 'E_BAD_WORKLOAD', ['--datastream']);
  const many = Array.from({ length: LIMITS.datastreams + 1 }, (_, i) => ({ ...ds, id: `D${i}` }));
  throwsUsage(() => validateWorkload(workload({ datastreams: many })), 'E_BAD_WORKLOAD', ['--datastream']);
  throwsUsage(() => validateWorkload(workload({ datastreams: [{ ...ds, mime: 'pdf' }] })), 'E_BAD_WORKLOAD', ['"pdf"']);
  throwsUsage(() => validateWorkload(workload({ datastreams: [{ ...ds, id: 'DC' }] })), 'E_BAD_WORKLOAD', ['reserved']);
});

test('resolveWorkload: defaults, then the file, then flags, field by field', () => {
  assert.deepEqual(resolveWorkload(), defaultWorkload());
  assert.deepEqual(resolveWorkload(undefined, undefined), defaultWorkload());
  const file = { objects: 2000, batchSize: 100, seed: 7, layout: 'pairtree' as const };
  const flags = { objects: 3000, concurrency: 2 };
  const w = resolveWorkload(file, flags);
  assert.equal(w.objects, 3000); // flag wins
  assert.equal(w.batchSize, 100); // from the file
  assert.equal(w.seed, 7); // from the file
  assert.equal(w.layout, 'pairtree'); // from the file
  assert.equal(w.concurrency, 2); // flag
  assert.equal(w.verify, defaultWorkload().verify); // default
  assert.deepEqual(w.datastreams, defaultWorkload().datastreams);
  // an explicitly undefined field does not wipe out the layer below
  const w2 = resolveWorkload(file, { objects: undefined, seed: undefined });
  assert.equal(w2.objects, 2000);
  assert.equal(w2.seed, 7);
});

test('resolveWorkload: datastreams are replaced as a whole, fanout merges field by field', () => {
  const ds = [parseDatastreamFlag('X:1KiB')];
  assert.deepEqual(resolveWorkload({ datastreams: ds }).datastreams, ds);
  const fileFanout = resolveWorkload({ layout: 'fanout', fanout: { width: 8, depth: 3 } });
  assert.deepEqual(fileFanout.fanout, { width: 8, depth: 3 });
  const merged = resolveWorkload(
    { layout: 'fanout', fanout: { width: 8, depth: 3 } },
    { fanout: { width: 32 } as FanoutSpec },
  );
  assert.deepEqual(merged.fanout, { width: 32, depth: 3 });
  const fromDefault = resolveWorkload({ fanout: { depth: 4 } as FanoutSpec });
  assert.deepEqual(fromDefault.fanout, { width: defaultWorkload().fanout.width, depth: 4 });
});

test('resolveWorkload validates the combined result', () => {
  // each layer alone is fine; together the batch size exceeds the object count
  assert.doesNotThrow(() => resolveWorkload({ batchSize: 500 }));
  throwsUsage(() => resolveWorkload({ batchSize: 500 }, { objects: 400 }), 'E_BAD_FLAG', ['--batch-size']);
});
