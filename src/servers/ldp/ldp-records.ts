/**
 * What the server stores per resource, and the state token derived from it. Fedora 6's state
 * token is the upper-case MD5 of the last-modified millis (docs/protocols.md §2.4): it is the ETag
 * (strong for binaries, weak W/ for RDF sources) and the X-State-Token. Last-modified only moves
 * forward, by at least 1 ms per change, so every change gives a new token (under more than 1,000
 * changes per second to one resource, Last-Modified runs a little ahead of the clock).
 */
import { createHash } from 'node:crypto';
import type { DigestAlg } from './digest-headers.js';

export type ContainerModel = 'BasicContainer' | 'DirectContainer' | 'IndirectContainer';

export interface ContainerRecord {
  kind: 'container';
  model: ContainerModel;
  created: number;
  modified: number;
  /** Media type of the RDF body the client sent (stored under rdf|path), if any. */
  rdfType?: string;
}

export interface BinaryRecord {
  kind: 'binary';
  created: number;
  modified: number;
  /** Immutable body: chunks blob|{blob}|n, each chunkSize bytes except the last. */
  blob: string;
  size: number;
  chunkSize: number;
  mime: string;
  filename?: string;
  /** Digests computed while the body streamed in (sha-256 always, plus any the client sent). */
  digests: Partial<Record<DigestAlg, string>>;
  /** Media type of a description sent with PUT …/fcr:metadata (stored under rdf|path). */
  rdfType?: string;
}

export type ResourceRecord = ContainerRecord | BinaryRecord;

export interface TombstoneRecord {
  deleted: number;
}

export function encodeJson(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

export function decodeRecord(buf: Buffer): ResourceRecord {
  const r = JSON.parse(buf.toString('utf8')) as ResourceRecord;
  if (r.kind !== 'container' && r.kind !== 'binary') throw new Error('corrupt resource record');
  return r;
}

/** A strictly later last-modified time for a resource changed at `now`. */
export function nextModified(previous: number | undefined, now: number): number {
  return previous === undefined ? now : Math.max(now, previous + 1);
}

export function stateToken(r: ResourceRecord): string {
  return createHash('md5').update(String(r.modified)).digest('hex').toUpperCase();
}

/** Strong for binaries, weak for RDF sources (§2.4). */
export function etagOf(r: ResourceRecord): string {
  return r.kind === 'binary' ? `"${stateToken(r)}"` : `W/"${stateToken(r)}"`;
}

export function newContainer(model: ContainerModel, now: number, rdfType?: string): ContainerRecord {
  return { kind: 'container', model, created: now, modified: now, ...(rdfType === undefined ? {} : { rdfType }) };
}
