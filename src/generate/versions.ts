/**
 * Versions of a datastream's content (docs/commands/run.md, "Workload"). Version 0 is the content as ingested. For a
 * `versioned:EDIT` datastream, version v is version v-1 with EDIT of its bytes rewritten in place:
 * whole slots of up to 256 bytes, chosen with the seed among the datastream's slots, refilled from
 * a keystream of their own (so delta-compressing and deduplicating stores see realistic deltas).
 * For any other datastream, version v is the same generator with v mixed into its key: new content
 * of the same size. Every version is a pure function of (seed, object, datastream, v).
 */
import { mulberry32 } from './mulberry32.js';
import { hash } from 'node:crypto';
import { fillKeystream } from './native-keystream.js';

export interface VersionSpec {
  seed: number;
  objectIndex: number;
  datastreamId: string;
  size: number;
  /** 0 (or absent) for the content as ingested. */
  version?: number;
  /** Fraction of the bytes each version rewrites (`versioned:EDIT`); absent for other kinds. */
  edit?: number;
}

const SLOT = 256;

/** The edits of version u: slot length and the slots' start offsets, ascending. */
export function editSlots(spec: VersionSpec, u: number): { length: number; starts: number[] } {
  const editBytes = Math.max(1, Math.round((spec.edit ?? 0) * spec.size));
  const length = Math.min(SLOT, editBytes, spec.size);
  const slots = Math.floor(spec.size / length);
  const k = Math.min(slots, Math.ceil(editBytes / length));
  const next = mulberry32(
    hash(
      'sha256',
      `ingest-scale/v1\0edit-slots\0${spec.seed}\0${spec.objectIndex}\0${spec.datastreamId}\0${u}`,
      'buffer',
    ).readUInt32LE(0),
  );
  const picked = new Set<number>();
  if (k > slots / 2) {
    // most slots: a seeded partial shuffle instead of rejection sampling
    const all = Array.from({ length: slots }, (_, i) => i);
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(next() * (slots - i));
      [all[i], all[j]] = [all[j] as number, all[i] as number];
      picked.add(all[i] as number);
    }
  } else while (picked.size < k) picked.add(Math.floor(next() * slots));
  return { length, starts: [...picked].sort((x, y) => x - y).map((s) => s * length) };
}

/** Key material of version u's replacement bytes. */
function editKey(spec: VersionSpec, u: number): Buffer {
  return hash(
    'sha256',
    `ingest-scale/v1\0edit\0${spec.seed}\0${spec.objectIndex}\0${spec.datastreamId}\0${u}`,
    'buffer',
  );
}

/**
 * Rewrites, in `buf` (the raw keystream bytes of the content from `offset` on), every edit of
 * versions 1..spec.version that falls inside it, oldest first. Text mapping comes after, as for
 * the original bytes.
 */
export function applyEdits(spec: VersionSpec, buf: Buffer, offset: number): void {
  const v = spec.version ?? 0;
  if (!spec.edit || v < 1 || buf.length === 0) return;
  const end = offset + buf.length;
  for (let u = 1; u <= v; u++) {
    const { length, starts } = editSlots(spec, u);
    const key = editKey(spec, u);
    for (const s of starts) {
      const from = Math.max(s, offset);
      const to = Math.min(s + length, end);
      if (from >= to) continue;
      // the slot's replacement: the edit keystream at the slot's own position, block-aligned
      const block = Math.floor(from / 16);
      const tmp = Buffer.allocUnsafe(to - block * 16);
      fillKeystream(key, block, tmp);
      tmp.copy(buf, from - offset, from - block * 16, to - block * 16);
    }
  }
}

/** The purpose string of a version's key: version 0 and versioned:EDIT content keep the original keystream. */
export function contentPurpose(spec: VersionSpec): string {
  const v = spec.version ?? 0;
  return v > 0 && !spec.edit ? `content\0v${v}` : 'content';
}
