/**
 * The Workload: what to generate and how to feed it to a backend. Plain data, JSON-serialisable,
 * stored with every run so any report can be regenerated from the database.
 */
import type { SizeSpec } from './size.js';

export type ContentKind = 'random' | 'compressible';
export const CONTENT_KINDS: readonly ContentKind[] = ['random', 'compressible'];

export type Layout = 'flat' | 'pairtree' | 'fanout';
export const LAYOUTS: readonly Layout[] = ['flat', 'pairtree', 'fanout'];

export type VerifyMode = 'none' | 'readback';
export const VERIFY_MODES: readonly VerifyMode[] = ['none', 'readback'];

export interface DatastreamSpec {
  /** Datastream id: 1–64 of [A-Za-z0-9._-], starting with a letter or digit (valid in Fedora 3 too). */
  id: string;
  size: SizeSpec;
  contentKind: ContentKind;
  mime: string;
  /** `versioned:EDIT` (random content): the fraction of its bytes each new version rewrites in place (src/generate/versions.ts). */
  edit?: number;
}

export interface FanoutSpec {
  /** Children per intermediate level. */
  width: number;
  /** Number of intermediate levels. */
  depth: number;
}

export interface Workload {
  objects: number;
  batchSize: number;
  concurrency: number;
  datastreams: DatastreamSpec[];
  seed: number;
  layout: Layout;
  fanout: FanoutSpec;
  verify: VerifyMode;
}

export function plannedBatches(w: Pick<Workload, 'objects' | 'batchSize'>): number {
  return Math.ceil(w.objects / w.batchSize);
}

export function defaultMime(kind: ContentKind): string {
  return kind === 'compressible' ? 'text/plain' : 'application/octet-stream';
}
