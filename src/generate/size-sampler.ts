/**
 * Deterministic size of one datastream: a pure function of (seed, object index, datastream id) and
 * its SizeSpec. Uniform sizes are inclusive of both ends; lognormal sizes use Box–Muller and the
 * clamp stored in the spec.
 */
import type { SizeSpec } from '../workload/index.js';
import { derive, type ContentId } from './content.js';

/** Two independent uniforms in (0, 1), from the derived key material. */
function uniforms(id: ContentId): [number, number] {
  const k = derive('size', id);
  const a = (k.readUInt32BE(0) * 2 ** 21 + (k.readUInt32BE(4) >>> 11) + 0.5) / 2 ** 53;
  const b = (k.readUInt32BE(8) * 2 ** 21 + (k.readUInt32BE(12) >>> 11) + 0.5) / 2 ** 53;
  return [a, b];
}

export function sampleSize(spec: SizeSpec, id: ContentId): number {
  switch (spec.kind) {
    case 'fixed':
      return spec.bytes;
    case 'uniform': {
      const [u] = uniforms(id);
      return Math.min(spec.max, spec.min + Math.floor(u * (spec.max - spec.min + 1)));
    }
    case 'lognormal': {
      const [u1, u2] = uniforms(id);
      const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
      const raw = Math.round(spec.median * Math.exp(spec.sigma * z));
      return Math.min(spec.max, Math.max(spec.min, raw));
    }
  }
}
