/**
 * Child process of the content-generation benchmark: one measurement in a fresh process, so no
 * round inherits another's garbage, heap growth or allocator state (in one process the same code
 * varied 3-fold from round to round). A warm-up pass first (JIT, cipher code paths), then the
 * timed pass. Prints one JSON line: {"value": GB/s, or objects/s for the 1 KiB measurements}.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { CHUNK_SIZE, contentBuffer, contentChunks, contentInto, derive } from '../../src/generate/content.js';
import { hrNow, msSince } from '../lib/stats.js';

export type Measurement =
  | 'random'
  | 'compressible'
  | 'raw'
  | 'sha256'
  | 'small'
  | 'small-raw'
  | 'bodies'
  | 'bodies-into';

interface Arg {
  what: Measurement;
  bytes: number;
  smallObjects: number;
  round: number;
}

const MiB = 2 ** 20;
const ZEROS = Buffer.alloc(CHUNK_SIZE);
let sink = 0; // consumed bytes, so no loop is optimised away

function ours(bytes: number, kind: 'random' | 'compressible', objectIndex: number): void {
  for (const c of contentChunks({ seed: 7, objectIndex, datastreamId: 'BENCH', size: bytes, kind })) sink += c.length;
}

const BODY = 1024 * 1024;

/** 1 MiB bodies as http-put makes them: each a fresh Buffer (contentBuffer), or written into one reused buffer (contentInto). */
function bodies(bytes: number, reuse: boolean, first: number): void {
  const slot = Buffer.allocUnsafeSlow(BODY);
  for (let i = 0; i * BODY < bytes; i++) {
    const spec = { seed: 7, objectIndex: first + i, datastreamId: 'BODY', size: BODY, kind: 'random' as const };
    sink += (reuse ? contentInto(spec, slot) : contentBuffer(spec))[i % BODY] ?? 0;
  }
}

function rawKeystream(bytes: number): void {
  const k = randomBytes(32);
  const cipher = createCipheriv('aes-128-ctr', k.subarray(0, 16), k.subarray(16, 32));
  for (let off = 0; off < bytes; off += CHUNK_SIZE)
    sink += cipher.update(ZEROS.subarray(0, Math.min(CHUNK_SIZE, bytes - off))).length;
}

function sha256(bytes: number): void {
  const h = createHash('sha256');
  for (let off = 0; off < bytes; off += CHUNK_SIZE) h.update(ZEROS.subarray(0, Math.min(CHUNK_SIZE, bytes - off)));
  sink += h.digest().length;
}

/** n datastreams of 1 KiB each, ours: key derivation + cipher + chunk. */
function smallOurs(n: number, first: number): void {
  for (let i = 0; i < n; i++)
    for (const c of contentChunks({
      seed: 7,
      objectIndex: first + i,
      datastreamId: 'SMALL',
      size: 1024,
      kind: 'random',
    }))
      sink += c.length;
}

/** The same with the keys derived in advance: one createCipheriv and one update per object. */
function smallRaw(keys: Buffer[]): void {
  for (const k of keys)
    sink += createCipheriv('aes-128-ctr', k.subarray(0, 16), k.subarray(16, 32)).update(ZEROS.subarray(0, 1024)).length;
}

const a = JSON.parse(process.argv[2] ?? '{}') as Arg;
const warmBytes = Math.min(a.bytes, 16 * MiB);
const keysFor = (n: number, from: number): Buffer[] =>
  Array.from({ length: n }, (_, i) => derive('content', { seed: 8, objectIndex: from + i, datastreamId: 'SMALL' }));
const run: Record<Measurement, (warm: boolean) => number> = {
  random: (warm) => (ours(warm ? warmBytes : a.bytes, 'random', warm ? 0 : a.round), warm ? warmBytes : a.bytes),
  compressible: (warm) => (
    ours(warm ? warmBytes : a.bytes, 'compressible', warm ? 0 : a.round),
    warm ? warmBytes : a.bytes
  ),
  raw: (warm) => (rawKeystream(warm ? warmBytes : a.bytes), warm ? warmBytes : a.bytes),
  sha256: (warm) => (sha256(warm ? warmBytes : a.bytes), warm ? warmBytes : a.bytes),
  small: (warm) => (
    smallOurs(
      warm ? Math.ceil(a.smallObjects / 10) : a.smallObjects,
      warm ? 10 * a.smallObjects : a.round * a.smallObjects,
    ),
    0
  ),
  'small-raw': () => 0,
  bodies: (warm) => (bodies(warm ? warmBytes : a.bytes, false, warm ? 1e6 : a.round * 1e4), warm ? warmBytes : a.bytes),
  'bodies-into': (warm) => (
    bodies(warm ? warmBytes : a.bytes, true, warm ? 1e6 : a.round * 1e4),
    warm ? warmBytes : a.bytes
  ),
};
let value: number;
if (a.what === 'small-raw') {
  smallRaw(keysFor(Math.ceil(a.smallObjects / 10), 10 * a.smallObjects)); // warm-up
  const keys = keysFor(a.smallObjects, a.round * a.smallObjects); // derived before the clock
  const t = hrNow();
  smallRaw(keys);
  value = a.smallObjects / (msSince(t) / 1000);
} else if (a.what === 'small') {
  run.small(true);
  const t = hrNow();
  run.small(false);
  value = a.smallObjects / (msSince(t) / 1000);
} else {
  run[a.what](true);
  const t = hrNow();
  const bytes = run[a.what](false);
  value = bytes / 1e9 / (msSince(t) / 1000);
}
process.stdout.write(`${JSON.stringify({ value, consumed: sink > 0 })}\n`);
