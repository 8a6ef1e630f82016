import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import {
  CHUNK_SIZE,
  contentBuffer,
  contentChunks,
  contentSha256,
  type ContentSpec,
} from '../../src/generate/content.js';
import { layoutPath, planBatch, planObject } from '../../src/generate/plan.js';
import { sampleSize } from '../../src/generate/size-sampler.js';
import { defaultWorkload } from '../../src/workload/defaults.js';
import { lognormal, type SizeSpec } from '../../src/workload/size.js';
import type { ContentKind, Workload } from '../../src/workload/workload.js';

const bytesOf = (spec: ContentSpec, chunkSize?: number): Buffer => Buffer.concat([...contentChunks(spec, chunkSize)]);
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

const seedArb = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const indexArb = fc.integer({ min: 0, max: 1_000_000_000 });
const dsIdArb = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,15}$/);
const kindArb = fc.constantFrom<ContentKind>('random', 'compressible');

test('property: same (seed, index, dsId, size, kind) gives identical bytes and SHA-256', () => {
  fc.assert(
    fc.property(
      seedArb,
      indexArb,
      dsIdArb,
      fc.integer({ min: 0, max: 5000 }),
      kindArb,
      (seed, objectIndex, datastreamId, size, kind) => {
        const spec: ContentSpec = { seed, objectIndex, datastreamId, size, kind };
        const a = bytesOf(spec);
        const b = bytesOf({ ...spec });
        assert.equal(a.length, size);
        assert.ok(a.equals(b));
        assert.equal(contentSha256(spec), contentSha256({ ...spec }));
        assert.equal(contentSha256(spec), sha(a));
      },
    ),
    { numRuns: 200 },
  );
});

test('property: a different seed, object index or datastream id gives different bytes (size >= 16)', () => {
  fc.assert(
    fc.property(
      seedArb,
      seedArb,
      indexArb,
      indexArb,
      dsIdArb,
      dsIdArb,
      fc.integer({ min: 16, max: 2048 }),
      kindArb,
      (s1, s2, i1, i2, d1, d2, size, kind) => {
        const base: ContentSpec = { seed: s1, objectIndex: i1, datastreamId: d1, size, kind };
        const a = bytesOf(base);
        if (s1 !== s2) assert.ok(!a.equals(bytesOf({ ...base, seed: s2 })), 'seed');
        if (i1 !== i2) assert.ok(!a.equals(bytesOf({ ...base, objectIndex: i2 })), 'object index');
        if (d1 !== d2) assert.ok(!a.equals(bytesOf({ ...base, datastreamId: d2 })), 'datastream id');
        if (s1 !== s2) assert.notEqual(contentSha256(base), contentSha256({ ...base, seed: s2 }));
      },
    ),
    { numRuns: 200 },
  );
  // neighbours, which a random draw rarely produces
  const base: ContentSpec = { seed: 1, objectIndex: 10, datastreamId: 'OBJ', size: 16, kind: 'random' };
  assert.ok(!bytesOf(base).equals(bytesOf({ ...base, objectIndex: 11 })));
  assert.ok(!bytesOf(base).equals(bytesOf({ ...base, seed: 2 })));
  assert.ok(!bytesOf(base).equals(bytesOf({ ...base, datastreamId: 'OBJ1' })));
  // the fields are separated: (1, 23) and (12, 3) must not collide
  assert.ok(!bytesOf({ ...base, seed: 1, objectIndex: 23 }).equals(bytesOf({ ...base, seed: 12, objectIndex: 3 })));
  // ... and so are (index 1, id "2X") and (index 12, id "X")
  assert.ok(
    !bytesOf({ ...base, objectIndex: 1, datastreamId: '2X' }).equals(
      bytesOf({ ...base, objectIndex: 12, datastreamId: 'X' }),
    ),
  );
});

test('content length equals size across chunk boundaries; chunks never exceed CHUNK_SIZE', () => {
  assert.equal(CHUNK_SIZE, 65_536);
  for (const kind of ['random', 'compressible'] as const) {
    for (const size of [0, 1, 65_535, 65_536, 65_537, 200_000]) {
      const chunks = [...contentChunks({ seed: 3, objectIndex: 4, datastreamId: 'OBJ', size, kind })];
      const total = chunks.reduce((s, c) => s + c.length, 0);
      assert.equal(total, size, `${kind} ${size}`);
      assert.equal(chunks.length, Math.ceil(size / CHUNK_SIZE), `${kind} ${size}`);
      for (const c of chunks) {
        assert.ok(c.length > 0 && c.length <= CHUNK_SIZE, `chunk of ${c.length}`);
      }
    }
  }
});

test('chunks are fresh buffers: keeping them does not change earlier ones', () => {
  const spec: ContentSpec = { seed: 9, objectIndex: 1, datastreamId: 'OBJ', size: 200_000, kind: 'random' };
  const kept = [...contentChunks(spec)].map((c) => c); // kept without copying
  assert.equal(kept.length, 4);
  assert.equal(sha(Buffer.concat(kept)), contentSha256(spec));
});

test('a prefix of the content does not depend on the total size', () => {
  const spec: ContentSpec = { seed: 5, objectIndex: 2, datastreamId: 'A', size: 100_000, kind: 'random' };
  const long = bytesOf(spec);
  const short = bytesOf({ ...spec, size: 1000 });
  assert.ok(long.subarray(0, 1000).equals(short));
});

test('random content does not depend on the chunk size', () => {
  const spec: ContentSpec = { seed: 5, objectIndex: 2, datastreamId: 'A', size: 200_000, kind: 'random' };
  assert.ok(bytesOf(spec).equals(bytesOf(spec, 1000)));
  assert.ok(bytesOf(spec).equals(bytesOf(spec, 7)));
});

test('compressible content does not depend on the chunk size', () => {
  const spec: ContentSpec = { seed: 5, objectIndex: 2, datastreamId: 'A', size: 200_000, kind: 'compressible' };
  assert.equal(sha(bytesOf(spec, 1000)), contentSha256(spec));
});

test('random content does not compress; compressible content compresses to at most 60%', () => {
  const size = 256 * 1024;
  const random = bytesOf({ seed: 1, objectIndex: 0, datastreamId: 'OBJ', size, kind: 'random' });
  const text = bytesOf({ seed: 1, objectIndex: 0, datastreamId: 'OBJ', size, kind: 'compressible' });
  const rRatio = deflateSync(random).length / size;
  const tRatio = deflateSync(text).length / size;
  assert.ok(rRatio >= 0.99, `random compressed to ${rRatio}`);
  assert.ok(tRatio <= 0.6, `compressible compressed to ${tRatio}`);
  // and compressible content is line-shaped text from a 16-letter alphabet
  const allowed = new Set([...Buffer.from('etaoinshrdlucmf \n')]);
  assert.ok([...text].every((b) => allowed.has(b)));
  assert.ok(text.indexOf(0x0a) >= 0 && text.indexOf(0x0a) < 80);
});

test('sampleSize: fixed returns its bytes', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      seedArb,
      indexArb,
      dsIdArb,
      (bytes, seed, objectIndex, datastreamId) => {
        assert.equal(sampleSize({ kind: 'fixed', bytes }, { seed, objectIndex, datastreamId }), bytes);
      },
    ),
  );
});

test('property: sampleSize is deterministic and within [min, max] for uniform and lognormal', () => {
  const uniform = fc
    .tuple(fc.integer({ min: 0, max: 2 ** 30 }), fc.integer({ min: 0, max: 2 ** 30 }))
    .map(([a, b]): SizeSpec => ({ kind: 'uniform', min: Math.min(a, b), max: Math.max(a, b) }));
  const logn = fc
    .tuple(fc.integer({ min: 1, max: 2 ** 30 }), fc.double({ min: 0, max: 5, noNaN: true }))
    .map(([median, sigma]) => lognormal(median, sigma));
  fc.assert(
    fc.property(fc.oneof(uniform, logn), seedArb, indexArb, dsIdArb, (spec, seed, objectIndex, datastreamId) => {
      if (spec.kind === 'fixed') return;
      const id = { seed, objectIndex, datastreamId };
      const n = sampleSize(spec, id);
      assert.equal(sampleSize(spec, { ...id }), n);
      assert.ok(Number.isInteger(n), `${n} is not whole`);
      assert.ok(n >= spec.min && n <= spec.max, `${n} outside [${spec.min}, ${spec.max}]`);
    }),
    { numRuns: 1000 },
  );
});

test('uniform sizes reach both ends of a small range', () => {
  const spec: SizeSpec = { kind: 'uniform', min: 10, max: 12 };
  const seen = new Set<number>();
  for (let i = 0; i < 300; i++) seen.add(sampleSize(spec, { seed: 1, objectIndex: i, datastreamId: 'OBJ' }));
  assert.deepEqual(
    [...seen].sort((a, b) => a - b),
    [10, 11, 12],
  );
});

test('lognormal sizes: the sample median is near the spec median, and sizes vary', () => {
  const spec = lognormal(64 * 1024, 1);
  const sizes = Array.from({ length: 5000 }, (_, i) =>
    sampleSize(spec, { seed: 11, objectIndex: i, datastreamId: 'OBJ' }),
  ).sort((a, b) => a - b);
  const median = ((sizes[2499] ?? 0) + (sizes[2500] ?? 0)) / 2;
  assert.ok(Math.abs(median / (64 * 1024) - 1) < 0.1, `sample median ${median}`);
  // σ = 1: the quartiles sit near median·e^(±0.674)
  const q1 = sizes[1250] ?? 0;
  const q3 = sizes[3750] ?? 0;
  assert.ok(Math.abs(Math.log(q3 / q1) / (2 * 0.6745) - 1) < 0.15, `quartiles ${q1}..${q3}`);
});

const wl = (over: Partial<Workload> = {}): Workload => ({ ...defaultWorkload(), ...over });

test('planObject: id is prefix + index; datastreams carry sampled sizes, kind and MIME type', () => {
  const w = wl({ seed: 42 });
  const p = planObject(w, 17, { idPrefix: 'run-abc-' });
  assert.equal(p.index, 17);
  assert.equal(p.id, 'run-abc-17');
  assert.deepEqual(p.path, []);
  assert.equal(p.datastreams.length, w.datastreams.length);
  w.datastreams.forEach((ds, k) => {
    const d = p.datastreams[k];
    assert.ok(d);
    assert.equal(d.id, ds.id);
    assert.equal(d.datastreamId, ds.id);
    assert.equal(d.seed, 42);
    assert.equal(d.objectIndex, 17);
    assert.equal(d.kind, ds.contentKind);
    assert.equal(d.mime, ds.mime);
    assert.equal(d.size, sampleSize(ds.size, { seed: 42, objectIndex: 17, datastreamId: ds.id }));
  });
  assert.deepEqual(planObject(w, 17, { idPrefix: 'run-abc-' }), p);
});

test('pairtree layout: four two-hex-character segments, a function of the id', () => {
  const w = wl({ layout: 'pairtree' });
  const paths = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const p = planObject(w, i, { idPrefix: 'x' });
    assert.equal(p.path.length, 4);
    for (const seg of p.path) assert.match(seg, /^[0-9a-f]{2}$/);
    paths.add(p.path.join('/'));
  }
  assert.ok(paths.size > 190, 'pairtree paths should spread objects');
  assert.deepEqual(layoutPath(w, 'same', 1), layoutPath(w, 'same', 2));
});

test('property: fanout layout has depth segments, each below width, distinct within width^depth', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 4096 }),
      fc.integer({ min: 1, max: 8 }),
      indexArb,
      indexArb,
      (width, depth, i, j) => {
        const w = wl({ layout: 'fanout', fanout: { width, depth } });
        const pi = layoutPath(w, `o${i}`, i);
        assert.equal(pi.length, depth);
        const digits = String(width - 1).length;
        for (const seg of pi) {
          assert.match(seg, /^\d+$/);
          assert.equal(seg.length, digits);
          assert.ok(Number(seg) < width);
        }
        const capacity = width ** depth;
        if (i !== j && i < capacity && j < capacity) assert.notDeepEqual(layoutPath(w, `o${j}`, j), pi);
      },
    ),
  );
  assert.deepEqual(layoutPath(wl({ layout: 'fanout', fanout: { width: 16, depth: 2 } }), 'x', 17), ['01', '01']);
  assert.deepEqual(layoutPath(wl({ layout: 'fanout', fanout: { width: 10, depth: 3 } }), 'x', 123), ['3', '2', '1']);
});

test('planBatch plans [start, start + count) and stops at workload.objects', () => {
  const w = wl({ objects: 100, batchSize: 10 });
  const batch = planBatch(w, 20, 10, { idPrefix: 'p' });
  assert.deepEqual(
    batch.map((p) => p.index),
    [20, 21, 22, 23, 24, 25, 26, 27, 28, 29],
  );
  assert.deepEqual(batch.map((p) => p.id).slice(0, 2), ['p20', 'p21']);
  const tail = planBatch(w, 95, 10, { idPrefix: 'p' });
  assert.deepEqual(
    tail.map((p) => p.index),
    [95, 96, 97, 98, 99],
  );
  assert.deepEqual(planBatch(w, 100, 10, { idPrefix: 'p' }), []);
  assert.deepEqual(planBatch(w, 0, 0, { idPrefix: 'p' }), []);
});

test('a byte range of the content equals the same slice of the whole, for both kinds (fast-check)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 300_000 }),
      fc.integer({ min: 0, max: 300_000 }),
      fc.constantFrom('random', 'compressible'),
      fc.integer({ min: 0, max: 2 ** 32 - 1 }),
      (a, b, kind, seed) => {
        const spec = {
          seed,
          objectIndex: 3,
          datastreamId: 'R',
          size: 300_000,
          kind: kind as 'random' | 'compressible',
        };
        const [start, end] = a <= b ? [a, b] : [b, a];
        const whole = Buffer.concat([...contentChunks(spec)]);
        const part = Buffer.concat([...contentChunks(spec, 4096, { start, end })]);
        assert.ok(part.equals(whole.subarray(start, end)));
        assert.equal(
          contentSha256(spec, { start, end }),
          createHash('sha256').update(whole.subarray(start, end)).digest('hex'),
        );
      },
    ),
    { numRuns: 40 },
  );
});

test('contentBuffer is the same bytes as contentChunks, in one Buffer, and refuses sizes above its limit', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 300_000 }),
      fc.constantFrom<ContentKind>('random', 'compressible'),
      fc.nat(1000),
      (size, kind, objectIndex) => {
        const spec: ContentSpec = { seed: 11, objectIndex, datastreamId: 'D', size, kind };
        assert.ok(contentBuffer(spec).equals(bytesOf(spec)));
      },
    ),
    { numRuns: 40 },
  );
  assert.throws(
    () => contentBuffer({ seed: 1, objectIndex: 0, datastreamId: 'D', size: 2048, kind: 'random' }, 1024),
    RangeError,
  );
});
