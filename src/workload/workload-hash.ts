/**
 * The workload hash a shard records and merge compares, and by which `history` tells repeats: SHA-256 of the workload's JSON with its
 * keys sorted, without `concurrency` (how many objects a shard keeps in flight is its own matter,
 * not what the run stores).
 */
import { createHash } from 'node:crypto';
import type { Workload } from './workload.js';

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export function workloadHash(w: Workload): string {
  return storedWorkloadHash(w);
}

/** The same hash of a workload as a run record stores it (any JSON; an import's description too). */
export function storedWorkloadHash(w: unknown): string {
  const rest =
    w !== null && typeof w === 'object' && !Array.isArray(w)
      ? Object.fromEntries(Object.entries(w as Record<string, unknown>).filter(([k]) => k !== 'concurrency'))
      : w;
  return createHash('sha256').update(canonical(rest)).digest('hex').slice(0, 16);
}
