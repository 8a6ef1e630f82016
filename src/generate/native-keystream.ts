/**
 * The AES-128-CTR keystream written into a buffer the caller owns, by the small native addon in
 * native/keystream.c (built at install by scripts/build-native.mjs), or by crypto.createCipheriv
 * when the addon is missing or disabled: the same bytes either way.
 *
 * Why an addon: Node's Cipheriv#update() allocates its output twice for CTR mode (a block-size
 * larger buffer, then a right-sized copy) and every call needs a new Cipheriv. For one 1 MiB body
 * that is two fresh megabyte allocations and a copy; V8 frees them only at its next garbage
 * collection, in bursts, so the memory goes back to the system and every new body page-faults
 * afresh, several times the cost of the keystream written in place (docs/performance.md, "A native
 * keystream"; docs/notes/2026-12-perf-history.md, "Round 3").
 *
 * INGEST_SCALE_NATIVE=0 turns the addon off (the tests compare both paths).
 */
import { createCipheriv } from 'node:crypto';
import { createRequire } from 'node:module';

interface Addon {
  fill(material: Buffer, blockOffset: number, target: Buffer): void;
}

/** Which implementation makes the keystream in this process. */
export type KeystreamImpl = 'native' | 'node-crypto';

// key, then an IV whose counter wraps inside the check
const CHECK = Buffer.from('000102030405060708090a0b0c0d0e0f' + 'fffffffffffffffffffffffffffffffe', 'hex');

function load(): Addon | null {
  if (process.env.INGEST_SCALE_NATIVE === '0') return null;
  const require = createRequire(import.meta.url);
  // from dist/src/generate/ (the built tool) or src/generate/: the package root's build/
  for (const rel of [
    '../../../build/Release/ingest_scale_native.node',
    '../../build/Release/ingest_scale_native.node',
  ]) {
    let addon: Addon;
    try {
      addon = require(rel) as Addon;
    } catch {
      continue;
    }
    // a self-check against node's own cipher: an addon that disagrees, or fails, is never used
    try {
      const mine = Buffer.alloc(80);
      addon.fill(CHECK, 1, mine);
      const want = createCipheriv('aes-128-ctr', CHECK.subarray(0, 16), CHECK.subarray(16, 32))
        .update(Buffer.alloc(96))
        .subarray(16);
      return mine.equals(want) ? addon : null;
    } catch {
      return null;
    }
  }
  return null;
}

const addon = load();

export const keystreamImpl: KeystreamImpl = addon ? 'native' : 'node-crypto';

const ZEROS = Buffer.alloc(64 * 1024);
/** Zeros for the node:crypto path's larger updates, grown once and shared (only ever read). */
let bigZeros: Buffer = ZEROS;
function zeros(n: number): Buffer {
  if (n > bigZeros.length) bigZeros = Buffer.alloc(n);
  return bigZeros.subarray(0, n);
}

/** iv + blocks as a 128-bit big-endian counter (CTR mode's count), wrapping at 2^128. */
function counterAt(iv: Buffer, blocks: number): Buffer {
  if (blocks === 0) return iv;
  const value = (BigInt(`0x${iv.toString('hex')}`) + BigInt(blocks)) % (1n << 128n);
  return Buffer.from(value.toString(16).padStart(32, '0'), 'hex');
}

/** The keystream through node:crypto, 64 KiB per update, copied into target. */
export function keystreamByCipher(material: Buffer, blockOffset: number, target: Buffer): void {
  const cipher = createCipheriv(
    'aes-128-ctr',
    material.subarray(0, 16),
    counterAt(material.subarray(16, 32), blockOffset),
  );
  for (let off = 0; off < target.length; off += ZEROS.length) {
    const n = Math.min(ZEROS.length, target.length - off);
    cipher.update(ZEROS.subarray(0, n)).copy(target, off);
  }
}

/**
 * Consecutive keystream bytes from byte `start` on (`material`: key, then IV): each call to the
 * returned function gives the next `n` bytes as a fresh Buffer the caller may keep (native: written
 * into Buffer.allocUnsafe, small ones from Node's shared pool; node:crypto: one cipher throughout).
 */
export function keystreamReader(material: Buffer, start: number): (n: number) => Buffer {
  if (addon) {
    let offset = start;
    return (n) => {
      const skip = offset % 16; // only a range that starts inside a block
      const buf = Buffer.allocUnsafe(n + skip);
      addon.fill(material, Math.floor(offset / 16), buf);
      offset += n;
      return skip === 0 ? buf : buf.subarray(skip);
    };
  }
  const cipher = createCipheriv(
    'aes-128-ctr',
    material.subarray(0, 16),
    counterAt(material.subarray(16, 32), Math.floor(start / 16)),
  );
  if (start % 16 !== 0) cipher.update(ZEROS.subarray(0, start % 16)); // discard up to the start
  return (n) => cipher.update(zeros(n));
}

/**
 * Writes the keystream that starts `blockOffset` 16-byte blocks after the IV into all of `target`:
 * the bytes of createCipheriv('aes-128-ctr', key, iv) from byte 16 × blockOffset on, where
 * `material` is the key (first 16 bytes) and the IV (last 16), as derive() makes them.
 */
export const fillKeystream: (material: Buffer, blockOffset: number, target: Buffer) => void = addon
  ? addon.fill
  : keystreamByCipher;
