/**
 * Versioned content (docs/commands/run.md, "Workload"): version v is a pure function of (seed, object,
 * datastream, v), EDIT of its bytes apart from v-1.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  CHUNK_SIZE,
  contentBuffer,
  contentChunks,
  contentSha256,
  type ContentSpec,
} from '../../src/generate/content.js';
import { editSlots } from '../../src/generate/versions.js';
import { parseDatastreamFlag } from '../../src/workload/datastream-spec.js';

const whole = (s: ContentSpec): Buffer => Buffer.concat([...contentChunks(s)]);
const differing = (a: Buffer, b: Buffer): number => {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
};

describe('versioned content', () => {
  const base: ContentSpec = {
    seed: 5,
    objectIndex: 12,
    datastreamId: 'OBJ',
    size: 300_001,
    kind: 'random',
    edit: 0.01,
  };

  test('version 0 is the content as ingested; each version differs from the one before in about EDIT of its bytes, in place', () => {
    const v0 = whole({ ...base, version: 0 });
    assert.ok(
      v0.equals(whole({ seed: 5, objectIndex: 12, datastreamId: 'OBJ', size: 300_001, kind: 'random' })),
      'the edit share alone changes nothing',
    );
    let prev = v0;
    for (let v = 1; v <= 3; v++) {
      const cur = whole({ ...base, version: v });
      assert.equal(cur.length, base.size);
      const d = differing(prev, cur);
      // 1% is 3,000 bytes; a rewritten byte keeps its value with probability 1/256
      assert.ok(d > 2_900 && d <= 3_072, `version ${v} differs from ${v - 1} in ${d} bytes`);
      assert.ok(cur.equals(whole({ ...base, version: v })), 'a pure function');
      prev = cur;
    }
  });

  test('chunks, ranges and the one-buffer path give the same bytes of a version', () => {
    const spec: ContentSpec = { ...base, size: 200_000, version: 4 };
    const all = whole(spec);
    assert.ok(contentBuffer(spec).equals(all));
    assert.ok(Buffer.concat([...contentChunks(spec, 1000)]).equals(all));
    for (const [start, end] of [
      [0, 17],
      [65_530, 65_600],
      [123_457, 199_999],
      [3, 200_000],
    ] as const) {
      assert.ok(
        Buffer.concat([...contentChunks(spec, CHUNK_SIZE, { start, end })]).equals(all.subarray(start, end)),
        `range ${start}-${end}`,
      );
    }
    assert.notEqual(contentSha256(spec), contentSha256({ ...spec, version: 3 }));
  });

  test('a datastream that is not versioned gets new content of the same size for a new version; text stays text', () => {
    const plain: ContentSpec = { seed: 1, objectIndex: 0, datastreamId: 'META', size: 5000, kind: 'compressible' };
    const v1 = whole({ ...plain, version: 1 });
    assert.equal(v1.length, 5000);
    assert.ok(differing(whole(plain), v1) > 4000);
    assert.ok([...v1].every((b) => b === 0x0a || 'etaoinshrdlucmf '.includes(String.fromCharCode(b))));
  });

  test('edit slots: whole slots inside the datastream, distinct, seeded; tiny datastreams still get an edit', () => {
    const s = editSlots({ ...base }, 1);
    assert.equal(s.length, 256);
    assert.equal(new Set(s.starts).size, s.starts.length);
    assert.ok(s.starts.every((x) => x % 256 === 0 && x + 256 <= base.size));
    assert.deepEqual(editSlots({ ...base }, 1), s);
    assert.notDeepEqual(editSlots({ ...base }, 2), s);
    const tiny = editSlots({ seed: 1, objectIndex: 0, datastreamId: 'X', size: 10, edit: 0.01 }, 1);
    assert.equal(tiny.length, 1);
    assert.equal(tiny.starts.length, 1);
    const all = editSlots({ seed: 1, objectIndex: 0, datastreamId: 'X', size: 1024, edit: 1 }, 1);
    assert.deepEqual(all.starts, [0, 256, 512, 768]);
  });

  test('--datastream ID:SIZE:versioned:EDIT', () => {
    assert.deepEqual(parseDatastreamFlag('OBJ:1MiB:versioned:1%'), {
      id: 'OBJ',
      size: { kind: 'fixed', bytes: 1_048_576 },
      contentKind: 'random',
      mime: 'application/octet-stream',
      edit: 0.01,
    });
    assert.equal(parseDatastreamFlag('OBJ:lognormal:64KiB:0.5:versioned:0.5%').edit, 0.005);
    assert.throws(() => parseDatastreamFlag('OBJ:1MiB:versioned:0%'), /versioned:0% is not an edit share/);
    assert.throws(() => parseDatastreamFlag('OBJ:1MiB:versioned:150%'), /is not an edit share/);
  });
});
