/**
 * OCFL 1.1 inventories: the first version of an object, the next version with some logical paths
 * given new content, the text written and its sidecar. Digests are SHA-512 (the specification's
 * default), content lives under the default content directory `content`, and a digest already in
 * the manifest is not stored again (the specification's forward-delta).
 */
import { createHash } from 'node:crypto';

export const INVENTORY_TYPE = 'https://ocfl.io/1.1/spec/#inventory';
export const INVENTORY = 'inventory.json';
export const SIDECAR = 'inventory.json.sha512';

/** digest → paths (content paths in the manifest, logical paths in a version's state). */
export type DigestMap = Record<string, string[]>;

export interface OcflVersion {
  created: string;
  state: DigestMap;
  message?: string;
  user?: { name: string; address?: string };
}

export interface Inventory {
  id: string;
  type: typeof INVENTORY_TYPE;
  digestAlgorithm: 'sha512';
  head: string;
  manifest: DigestMap;
  versions: Record<string, OcflVersion>;
}

/** A content file written into the version being made: its logical path and SHA-512. */
export interface NewContent {
  logicalPath: string;
  digest: string;
}

export const versionName = (n: number): string => `v${n}`;

/** The number of a version name (`v12` → 12). */
export function versionNumber(name: string): number {
  return Number(name.slice(1));
}

const USER = { name: 'ingest-scale' };

/** The inventory of version 1 holding the given content files. */
export function firstInventory(id: string, files: readonly NewContent[], created: string): Inventory {
  const inv: Inventory = {
    id,
    type: INVENTORY_TYPE,
    digestAlgorithm: 'sha512',
    head: 'v0',
    manifest: {},
    versions: {},
  };
  return nextVersion(inv, files, created);
}

/**
 * The inventory (changed in place) with one more version after head: the head's state with each
 * file's logical path now pointing to its new digest. A digest already in the manifest is not
 * stored again: contentPathsOf tells which of the written files the version keeps.
 */
export function nextVersion(inv: Inventory, files: readonly NewContent[], created: string): Inventory {
  const v = versionName(versionNumber(inv.head) + 1);
  const previous = inv.versions[inv.head];
  const state: DigestMap = {};
  const changed = new Set(files.map((f) => f.logicalPath));
  if (previous) {
    for (const [digest, paths] of Object.entries(previous.state)) {
      const kept = paths.filter((p) => !changed.has(p));
      if (kept.length > 0) state[digest] = kept;
    }
  }
  for (const f of files) {
    (state[f.digest] ??= []).push(f.logicalPath);
    if (inv.manifest[f.digest] === undefined) inv.manifest[f.digest] = [`${v}/content/${f.logicalPath}`];
  }
  inv.versions[v] = { created, message: `ingest-scale ${v}`, user: USER, state };
  inv.head = v;
  return inv;
}

/** Content paths of version `v` that the manifest lists (what the version directory must hold). */
export function contentPathsOf(inv: Inventory, v: string): Set<string> {
  const out = new Set<string>();
  for (const paths of Object.values(inv.manifest)) for (const p of paths) if (p.startsWith(`${v}/`)) out.add(p);
  return out;
}

/** The content path holding a logical path at the head version, or null. */
export function headContentPath(inv: Inventory, logicalPath: string): string | null {
  const state = inv.versions[inv.head]?.state ?? {};
  for (const [digest, paths] of Object.entries(state))
    if (paths.includes(logicalPath)) return inv.manifest[digest]?.[0] ?? null;
  return null;
}

/** The inventory's text and its sidecar (`<sha512 hex> inventory.json`). */
export function inventoryText(inv: Inventory): { text: string; sidecar: string } {
  const text = `${JSON.stringify(inv, null, 1)}\n`;
  return { text, sidecar: `${createHash('sha512').update(text, 'utf8').digest('hex')} ${INVENTORY}\n` };
}
