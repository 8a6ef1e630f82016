/**
 * The LevelDB key layout of the LDP reference server. A resource path is its canonical encoded form
 * (each decoded segment through encodeURIComponent, joined by '/', '' for the root), so '|' never
 * occurs inside a path and serves as the separator: `child|a/b|c` cannot be confused with a child of
 * `a`. Prefix scans use prefixEnd() as the exclusive upper bound.
 *
 *   res|{path}            resource record (JSON, see ldp-records.ts)
 *   rdf|{path}            RDF body a client sent for a container (or a binary's fcr:metadata), as bytes
 *   tomb|{path}           tombstone of a deleted resource
 *   child|{parent}|{name} keyed containment: one empty value per child
 *   doc|{parent}          document containment: the whole child list as one JSON array
 *   blob|{id}|{n}         chunk n (10 digits) of an immutable binary body
 */

export const resourceKey = (path: string): string => `res|${path}`;
export const rdfKey = (path: string): string => `rdf|${path}`;
export const tombKey = (path: string): string => `tomb|${path}`;
export const TOMB_PREFIX = 'tomb|';
export const childKey = (parent: string, name: string): string => `child|${parent}|${name}`;
export const childPrefix = (parent: string): string => `child|${parent}|`;
export const docKey = (parent: string): string => `doc|${parent}`;
export const blobPrefix = (blob: string): string => `blob|${blob}|`;
export const blobChunkKey = (blob: string, n: number): string => `blob|${blob}|${String(n).padStart(10, '0')}`;
export const BLOB_PREFIX = 'blob|';

/** The smallest key greater than every key starting with `prefix` (keys here are ASCII). */
export function prefixEnd(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}
