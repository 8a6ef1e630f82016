/**
 * What the Fedora 3 reference server keeps in LevelDB, and under which keys.
 *
 *   obj\0{pid}                 → ObjectRecord (JSON)
 *   ds\0{pid}\0{dsID}          → DatastreamRecord (JSON, every version, oldest first)
 *   blob\0{blobId}\0{nnnnnnnn} → one content chunk (raw bytes, CHUNK_SIZE except the last)
 *   pend\0{blobId}             → a blob no record owns yet (upload in progress) or any more
 *                                (purged): swept on startup, so a crash leaves no orphans
 *   seq\0{namespace}           → next number for PID minting
 *
 * PIDs and dsIDs never contain \0 (pid.ts), so prefixes cannot collide.
 */

export type State = 'A' | 'I' | 'D';
export type ControlGroup = 'X' | 'M' | 'E' | 'R';

export interface ObjectRecord {
  pid: string;
  label: string;
  ownerId: string;
  state: State;
  createdMs: number;
  lastModifiedMs: number;
}

export interface DatastreamVersion {
  /** `{dsID}.{n}`, e.g. DS1.0, DS1.1. */
  versionId: string;
  label: string;
  createdMs: number;
  mime: string;
  formatURI: string;
  altIDs: string[];
  size: number;
  /** DISABLED, MD5, SHA-1, SHA-256, SHA-384, SHA-512. */
  checksumType: string;
  /** Lower-case hex, or `none` when checksumType is DISABLED. */
  checksum: string;
  /** Content for X and M; null for E and R (they point at `location`). */
  blobId: string | null;
  location: string | null;
}

export interface DatastreamRecord {
  pid: string;
  dsID: string;
  controlGroup: ControlGroup;
  state: State;
  versionable: boolean;
  /** Number for the next version ID; never reused, so IDs keep increasing after purges. */
  nextVersion: number;
  versions: DatastreamVersion[];
}

const SEP = '\u0000';
const END = '\u0001';

export const keys = {
  object: (pid: string): string => `obj${SEP}${pid}`,
  objectRange: (): { gt: string; lt: string } => ({ gt: `obj${SEP}`, lt: `obj${END}` }),
  datastream: (pid: string, dsID: string): string => `ds${SEP}${pid}${SEP}${dsID}`,
  datastreamRange: (pid: string): { gt: string; lt: string } => ({
    gt: `ds${SEP}${pid}${SEP}`,
    lt: `ds${SEP}${pid}${END}`,
  }),
  chunk: (blobId: string, index: number): string => `blob${SEP}${blobId}${SEP}${index.toString(16).padStart(8, '0')}`,
  blobRange: (blobId: string): { gte: string; lt: string } => ({
    gte: `blob${SEP}${blobId}${SEP}`,
    lt: `blob${SEP}${blobId}${END}`,
  }),
  pending: (blobId: string): string => `pend${SEP}${blobId}`,
  pendingRange: (): { gt: string; lt: string } => ({ gt: `pend${SEP}`, lt: `pend${END}` }),
  pidFromObjectKey: (key: string): string => key.slice(4),
  blobFromPendingKey: (key: string): string => key.slice(5),
  sequence: (namespace: string): string => `seq${SEP}${namespace}`,
};

export function encodeRecord(record: ObjectRecord | DatastreamRecord): Buffer {
  return Buffer.from(JSON.stringify(record), 'utf8');
}

export function decodeRecord<T extends ObjectRecord | DatastreamRecord>(value: Buffer): T {
  return JSON.parse(value.toString('utf8')) as T;
}

/** The newest version of a datastream (records always hold at least one). */
export function currentVersion(ds: DatastreamRecord): DatastreamVersion {
  const v = ds.versions[ds.versions.length - 1];
  if (v === undefined) throw new Error(`datastream ${ds.pid}/${ds.dsID} has no versions`);
  return v;
}
