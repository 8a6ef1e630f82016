/**
 * Which stored objects a batch's probes look at: K indices drawn with the run's seed (and the
 * batch, so each batch looks at a different sample) from the objects stored so far, always
 * including the oldest and the newest. Objects whose ingest failed are never drawn. Also the
 * seeded offset of a `range` probe. Pure functions of their inputs: a run's probes are reproducible.
 */
import { hash } from 'node:crypto';
import { mulberry32 as uniform } from '../../generate/index.js';

/** A 32-bit seed for a purpose, from the workload seed and the parts that make it distinct. */
export function probeSeed(seed: number, ...parts: (string | number)[]): number {
  return hash('sha256', `ingest-scale/probe\0${seed}\0${parts.join('\0')}`, 'buffer').readUInt32LE(0);
}

/**
 * Up to k distinct object indices in [0, stored) that `ok` accepts: the oldest and the newest
 * accepted ones first, then seeded draws. Ascending order.
 */
export function sampleObjects(
  stored: number,
  k: number,
  seed: number,
  batch: number,
  ok: (index: number) => boolean = () => true,
): number[] {
  const out = new Set<number>();
  for (let i = 0; i < stored && out.size < Math.min(k, 1); i++) if (ok(i)) out.add(i);
  for (let i = stored - 1; i >= 0 && out.size < Math.min(k, 2); i--) if (ok(i)) out.add(i);
  const next = uniform(probeSeed(seed, 'sample', batch));
  // rejection sampling; the attempt cap only matters when nearly every object failed
  for (let tries = 0; out.size < Math.min(k, stored) && tries < 20 * k + 100; tries++) {
    const i = Math.floor(next() * stored);
    if (ok(i)) out.add(i);
  }
  return [...out].sort((a, b) => a - b);
}

/** Bytes [start, end) of a `range` probe: min(64 KiB, size/2) bytes at a seeded offset; null below 2 bytes. */
export function probeRange(
  size: number,
  seed: number,
  batch: number,
  objectIndex: number,
): { start: number; end: number } | null {
  const length = Math.min(64 * 1024, Math.floor(size / 2));
  if (length < 1) return null;
  const start = Math.floor(uniform(probeSeed(seed, 'range', batch, objectIndex))() * (size - length + 1));
  return { start, end: start + length };
}
