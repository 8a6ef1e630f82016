/**
 * The native keystream (native/keystream.c) and its node:crypto fallback: the same bytes as
 * crypto.createCipheriv('aes-128-ctr'), and content bytes that never change between versions
 * (golden SHA-256 values made by the generator before the addon existed).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { contentBuffer, contentInto, contentSha256, type ContentSpec } from '../../src/generate/content.js';
import {
  fillKeystream,
  keystreamByCipher,
  keystreamImpl,
  keystreamReader,
} from '../../src/generate/native-keystream.js';
import type { ContentKind } from '../../src/workload/workload.js';

const native = keystreamImpl === 'native';
const nativeOnly = {
  skip: native
    ? false
    : process.env.CI
      ? false
      : 'the native keystream is not built here (npm ci builds it; CI requires it)',
};

/** The reference: node's own cipher from the IV, the first 16 × blockOffset bytes dropped. */
function reference(key: Buffer, iv: Buffer, blockOffset: number, length: number): Buffer {
  return createCipheriv('aes-128-ctr', key, iv)
    .update(Buffer.alloc(16 * blockOffset + length))
    .subarray(16 * blockOffset);
}

test('CI builds the native keystream and uses it', { skip: process.env.CI ? false : 'only required in CI' }, () => {
  assert.equal(
    keystreamImpl,
    'native',
    'build/Release/ingest_scale_native.node missing or failed its self-check: see scripts/build-native.mjs',
  );
});

test('property: fillKeystream writes the bytes of createCipheriv, from any block offset, into any length', () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 16, maxLength: 16 }),
      fc.uint8Array({ minLength: 16, maxLength: 16 }),
      fc.integer({ min: 0, max: 300 }),
      fc.integer({ min: 0, max: 5000 }),
      (k, v, blocks, length) => {
        const key = Buffer.from(k);
        const iv = Buffer.from(v);
        const want = reference(key, iv, blocks, length);
        const got = Buffer.alloc(length, 0xaa);
        fillKeystream(Buffer.concat([key, iv]), blocks, got);
        const byCipher = Buffer.alloc(length, 0x55);
        keystreamByCipher(Buffer.concat([key, iv]), blocks, byCipher);
        assert.ok(got.equals(want));
        assert.ok(byCipher.equals(want));
      },
    ),
    { numRuns: 200 },
  );
});

test('the counter is 128 bits wide: it carries across every byte and wraps at 2^128', () => {
  const key = randomBytes(16);
  for (const hex of [
    'ffffffffffffffffffffffffffffffff',
    '00000000ffffffffffffffffffffff00',
    '0000000000000000ffffffffffffffff',
    '000000000000000000000000fffffffe',
  ]) {
    const iv = Buffer.from(hex, 'hex');
    for (const blocks of [0, 1, 2, 255, 256, 70_000]) {
      const got = Buffer.alloc(48);
      fillKeystream(Buffer.concat([key, iv]), blocks, got);
      assert.ok(got.equals(reference(key, iv, blocks, 48)), `iv ${hex} + ${blocks} blocks`);
    }
  }
});

test('a target above the native piece size (1 MiB) is filled whole, and an empty one is left alone', () => {
  const key = randomBytes(16);
  const iv = randomBytes(16);
  const big = Buffer.alloc(3 * 1024 * 1024 + 5);
  fillKeystream(Buffer.concat([key, iv]), 3, big);
  assert.ok(big.equals(reference(key, iv, 3, big.length)));
  fillKeystream(Buffer.concat([key, iv]), 0, Buffer.alloc(0));
});

test('keystreamReader gives consecutive bytes from any start, in pieces of any size', () => {
  const key = randomBytes(16);
  const iv = randomBytes(16);
  const whole = reference(key, iv, 0, 200_000);
  for (const start of [0, 1, 15, 16, 17, 65_535, 65_536]) {
    const next = keystreamReader(Buffer.concat([key, iv]), start);
    const pieces = [next(1), next(4096), next(65_536), next(33)];
    const got = Buffer.concat(pieces);
    assert.ok(got.equals(whole.subarray(start, start + got.length)), `start ${start}`);
  }
});

test('the native fill refuses bad arguments with a TypeError, never a crash', nativeOnly, async () => {
  const { createRequire } = await import('node:module');
  const addon = createRequire(import.meta.url)('../../../build/Release/ingest_scale_native.node') as {
    fill: (...a: unknown[]) => void;
  };
  const m = Buffer.alloc(32);
  const cases: unknown[][] = [
    [],
    [m, 0],
    [Buffer.alloc(31), 0, Buffer.alloc(4)],
    [Buffer.alloc(33), 0, Buffer.alloc(4)],
    [m, -1, Buffer.alloc(4)],
    [m, 1.5, Buffer.alloc(4)],
    [m, Number.NaN, Buffer.alloc(4)],
    [m, 2 ** 60, Buffer.alloc(4)],
    [m, 0, 'target'],
    ['material', 0, Buffer.alloc(4)],
  ];
  for (const args of cases)
    assert.throws(() => addon.fill(...args), TypeError, `fill(${args.map((a) => typeof a).join(', ')})`);
});

// SHA-256 of the content (whole, then bytes [size/4, size - size/8)) as the generator made it before
// the native keystream existed: seed 42, datastream DS1. Content bytes are part of the contract
// (readback verification regenerates them), so these must never change.
const GOLDEN: [ContentKind, number, number, string, string][] = [
  [
    'random',
    0,
    1,
    '1f184f101c67d585ba00d24cfde36863f747fbab9e84af7760ec771e9b36ca51',
    '1f184f101c67d585ba00d24cfde36863f747fbab9e84af7760ec771e9b36ca51',
  ],
  [
    'random',
    7,
    1024,
    '4a3d068082204c583a1c28d1e5bccb2e9babb6021e9a9dd7ad82dfb400a591d6',
    '642e64dde4ed72feef2b79930246777c763e0ff3e953f8e51e4e1031a65fb0fe',
  ],
  [
    'random',
    123,
    65537,
    'f516ece6f89ec1a221d3fccf5145c9cd725db18f5bfeeb0a196e9528631bdc82',
    'dc5f3b21fcf5892794b151b3f6c04ad2b63983f5edcfbd3951c6c385753a2b0b',
  ],
  [
    'random',
    5,
    3145733,
    'a7bf8db77c0761789ed864a737d9f761e4803d01cb355a44698f983cf77ff49b',
    'c60f8f23e68696dffcb577b1e022eacc4a691e7d61a2ca89972822e3fe69a456',
  ],
  [
    'compressible',
    0,
    1,
    '36a9e7f1c95b82ffb99743e0c5c4ce95d83c9a430aac59f84ef3cbfab6145068',
    '36a9e7f1c95b82ffb99743e0c5c4ce95d83c9a430aac59f84ef3cbfab6145068',
  ],
  [
    'compressible',
    7,
    1024,
    'aae50d0676c6d715fb1395c94bc305f29d6b782b14aeded7590ee0618fd48b36',
    'c8981f1684c85610c4eeb2e96faf513fdceee13e36590e66ae1dfa8c8020fac8',
  ],
  [
    'compressible',
    123,
    65537,
    '36b3a52c20f68bfeceb3396c6bd1e37dfc12249c2070ee78cd704fd4c828ad46',
    '129c638bf7e4f3b1e902bffa27c000d23db0a4647d14aea1cb3c295e8f0cb7e9',
  ],
  [
    'compressible',
    5,
    3145733,
    '121dcde2b0074600ebe5a2e9bb5e5ebbc98f72c2567be060b8106c4b5e9b1780',
    'f2006c152f70c418e0a79d77b30d09bfc51bec6c13e19f14a88a1efbc6668698',
  ],
];

const specOf = (kind: ContentKind, objectIndex: number, size: number): ContentSpec => ({
  seed: 42,
  objectIndex,
  datastreamId: 'DS1',
  size,
  kind,
});
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

test(`content bytes are those of earlier versions (golden SHA-256, ${keystreamImpl} keystream)`, () => {
  for (const [kind, index, size, whole, range] of GOLDEN) {
    const spec = specOf(kind, index, size);
    assert.equal(contentSha256(spec), whole, `${kind} #${index} ${size} B`);
    assert.equal(
      contentSha256(spec, { start: size >> 2, end: size - (size >> 3) }),
      range,
      `${kind} #${index} ${size} B, range`,
    );
    if (size <= 1024 * 1024) {
      assert.equal(sha(contentBuffer(spec)), whole);
      assert.equal(sha(contentInto(spec, Buffer.alloc(size + 7, 0xee))), whole);
    }
  }
});

test('with INGEST_SCALE_NATIVE=0 the node:crypto path makes the same golden bytes', () => {
  const here = fileURLToPath(new URL('../../src/generate/content.js', import.meta.url));
  const script = `const m = await import(${JSON.stringify(here)}); const k = await import(${JSON.stringify(here.replace(/content\.js$/, 'native-keystream.js'))});
    process.stdout.write(JSON.stringify({ impl: k.keystreamImpl, shas: ${JSON.stringify(GOLDEN.map(([kind, i, size]) => [kind, i, size]))}.map(([kind, objectIndex, size]) => m.contentSha256({ seed: 42, objectIndex, datastreamId: 'DS1', size, kind })) }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, INGEST_SCALE_NATIVE: '0' },
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { impl: string; shas: string[] };
  assert.equal(out.impl, 'node-crypto');
  assert.deepEqual(
    out.shas,
    GOLDEN.map((g) => g[3]),
  );
});

test('contentInto refuses a target smaller than the content', () => {
  assert.throws(() => contentInto(specOf('random', 1, 100), Buffer.alloc(99)), RangeError);
});
