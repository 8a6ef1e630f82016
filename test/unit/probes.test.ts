/**
 * The probe machinery's pure parts: sampling, ranges, kinds and their refusal, series and verdicts
 * (docs/probes.md).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Backend } from '../../src/backends/backend.js';
import type { IngestScaleError } from '../../src/errors.js';
import { ExitCode } from '../../src/exit-codes.js';
import { parseProbeKinds, probeKindOf, refuseUnsupportedProbes } from '../../src/engine/probes/probe-kinds.js';
import { probeRange, sampleObjects } from '../../src/engine/probes/probe-sample.js';
import { median, probeSeries, probeVerdictsOf, type ProbeRow } from '../../src/verdict/probe-stats.js';
import { worstVerdict } from '../../src/verdict/exit-code.js';

describe('probe sampling', () => {
  test('K distinct objects from those stored, the oldest and the newest always, the same for the same seed and batch', () => {
    for (const [stored, k] of [
      [1000, 10],
      [3, 10],
      [2, 2],
      [50, 50],
    ] as const) {
      const s = sampleObjects(stored, k, 42, 7);
      assert.equal(s.length, Math.min(k, stored));
      assert.equal(new Set(s).size, s.length);
      assert.equal(s[0], 0);
      assert.equal(s[s.length - 1], stored - 1);
      assert.ok(s.every((i) => i >= 0 && i < stored));
      assert.deepEqual(sampleObjects(stored, k, 42, 7), s);
    }
    assert.notDeepEqual(
      sampleObjects(1000, 10, 42, 7),
      sampleObjects(1000, 10, 42, 8),
      'each batch looks at another sample',
    );
    assert.notDeepEqual(sampleObjects(1000, 10, 42, 7), sampleObjects(1000, 10, 43, 7), 'the seed decides the sample');
  });

  test('objects whose ingest failed are never drawn; the oldest and newest that were stored are', () => {
    const failed = new Set([0, 999, 500]);
    const s = sampleObjects(1000, 10, 1, 1, (i) => !failed.has(i));
    assert.equal(s.length, 10);
    assert.equal(s[0], 1);
    assert.equal(s[s.length - 1], 998);
    assert.ok(s.every((i) => !failed.has(i)));
  });

  test('a range is min(64 KiB, size/2) bytes inside the datastream, at a seeded offset', () => {
    assert.equal(probeRange(1, 1, 1, 0), null);
    for (const size of [2, 1000, 131_072, 200_001, 10 * 2 ** 20]) {
      const r = probeRange(size, 9, 3, 17);
      assert.ok(r);
      assert.equal(r.end - r.start, Math.min(65_536, Math.floor(size / 2)));
      assert.ok(r.start >= 0 && r.end <= size);
      assert.deepEqual(probeRange(size, 9, 3, 17), r);
    }
    const offsets = new Set(Array.from({ length: 20 }, (_, i) => probeRange(10 * 2 ** 20, 9, 3, i)?.start));
    assert.ok(offsets.size > 15, 'offsets spread over the datastream');
  });
});

describe('probe kinds', () => {
  test('--probe takes a comma list or all; an unknown kind names the flag', () => {
    assert.deepEqual(parseProbeKinds('all'), ['get', 'head', 'range', 'list', 'update', 'delete']);
    assert.deepEqual(parseProbeKinds('list, get,list'), ['list', 'get']);
    assert.throws(
      () => parseProbeKinds('get,peek'),
      (e: IngestScaleError) => e.exitCode === ExitCode.Usage && /--probe/.test(e.message) && /peek/.test(e.message),
    );
    assert.throws(
      () => parseProbeKinds(''),
      (e: IngestScaleError) => e.exitCode === ExitCode.Usage,
    );
  });

  test('a kind the backend cannot do is refused with exit 2, naming the kind and the backend', () => {
    const readOnly = {
      name: 'fake',
      preflight: async () => ({ backend: 'fake', target: 'x' }),
      ingest: async () => [],
      close: async () => undefined,
      read: async function* () {},
    } as unknown as Backend;
    refuseUnsupportedProbes(readOnly, ['get']);
    assert.throws(
      () => refuseUnsupportedProbes(readOnly, ['get', 'head', 'list']),
      (e: IngestScaleError) =>
        e.code === 'E_PROBE_UNSUPPORTED' &&
        e.exitCode === ExitCode.Usage &&
        /backend fake cannot run the head, list probes/.test(e.message) &&
        /can probe get/.test(e.hint ?? ''),
    );
  });

  test('probe operation kinds map to their probe kind; ingest kinds to none', () => {
    assert.equal(probeKindOf('probe-get-warm'), 'get');
    assert.equal(probeKindOf('probe-create'), 'delete');
    assert.equal(probeKindOf('add-datastream'), null);
  });
});

describe('probe series and verdicts', () => {
  const rows = (f: (batch: number, n: number) => number, kind = 'probe-list', batches = 20, k = 5): ProbeRow[] =>
    Array.from({ length: batches * k }, (_, i) => ({
      batch: Math.floor(i / k) + 1,
      kind,
      durationMs: f(Math.floor(i / k) + 1, i % k),
    }));

  test('the median per batch of the verdict operation; cold and warm medians for get', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 2, 3]), 2.5);
    assert.equal(median([]), null);
    const s = probeSeries([
      { batch: 1, kind: 'probe-get', durationMs: 4 },
      { batch: 1, kind: 'probe-get-warm', durationMs: 1 },
      { batch: 1, kind: 'probe-get', durationMs: 6 },
      { batch: 1, kind: 'probe-get-warm', durationMs: 3 },
      { batch: 2, kind: 'probe-get', durationMs: 8 },
      { batch: 2, kind: 'probe-head', durationMs: 0.5 },
    ]);
    assert.deepEqual(
      s.map((x) => x.kind),
      ['get', 'head'],
    );
    assert.deepEqual(s[0]?.medianMs, [5, 8]);
    assert.equal(s[0]?.coldMedianMs, 6);
    assert.equal(s[0]?.warmMedianMs, 2);
    assert.equal(s[1]?.warmMedianMs, null);
  });

  test('a probe whose latency grows with the store FAILs; a flat one does not; the worst verdict gates', () => {
    const wobble = (b: number, n: number) => 1 + 0.05 * Math.sin(b * 7 + n * 3);
    const growing = probeVerdictsOf(
      rows((b, n) => b * wobble(b, n)),
      100,
      1.1,
    );
    assert.equal(growing[0]?.verdict, 'FAIL');
    assert.ok((growing[0]?.ci[0] ?? 0) > 1.1);
    const flat = probeVerdictsOf(
      rows((b, n) => 2 * wobble(b, n), 'probe-head'),
      100,
      1.1,
    );
    assert.notEqual(flat[0]?.verdict, 'FAIL');
    assert.equal(worstVerdict('PASS', [...flat, ...growing]), 'FAIL');
    assert.equal(worstVerdict('INCONCLUSIVE', flat), 'INCONCLUSIVE');
    assert.equal(worstVerdict('WARN', []), 'WARN');
  });
});
