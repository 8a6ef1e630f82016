/**
 * Up-front sanity of a run, before anything is written: no datastream may be larger than
 * --max-datastream-size (default 64 GiB) unless the flag is raised, and a run into the embedded
 * store must fit the free space of its data directory (--ignore-free-space to try anyway). Both
 * are usage errors (exit 2) that give the numbers.
 */
import { existsSync, statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { humanBytes, meanSize, type SizeSpec, type Workload } from '../workload/index.js';

export const DEFAULT_MAX_DATASTREAM_BYTES = 64 * 2 ** 30;

/** The largest size a spec can draw. */
export function maxSize(spec: SizeSpec): number {
  switch (spec.kind) {
    case 'fixed':
      return spec.bytes;
    case 'uniform':
    case 'lognormal':
      return spec.max;
  }
}

/** Bytes the run is planned to store: objects × the mean size of each datastream (exact for fixed sizes). */
export function plannedBytes(w: Pick<Workload, 'objects' | 'datastreams'>): number {
  return w.datastreams.reduce((s, ds) => s + w.objects * meanSize(ds.size), 0);
}

export function checkDatastreamSizes(w: Pick<Workload, 'datastreams'>, maxBytes: number): void {
  for (const ds of w.datastreams) {
    const top = maxSize(ds.size);
    if (top > maxBytes) {
      throw new UsageError(
        'E_BAD_SIZE',
        `datastream ${ds.id} can be ${humanBytes(top)} (${top.toLocaleString('en-US')} bytes), above --max-datastream-size ${humanBytes(maxBytes)}`,
        `check the size; if you mean it, raise the limit, e.g. --max-datastream-size ${Math.ceil(top / 2 ** 30)}GiB`,
      );
    }
  }
}

/** Free bytes (for an unprivileged user) of the file system that holds path, or of its nearest existing parent. */
export function freeBytes(path: string): number {
  let p = resolve(path);
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  const s = statfsSync(p);
  return s.bavail * s.bsize;
}

export function checkFreeSpace(
  w: Pick<Workload, 'objects' | 'datastreams'>,
  dataDir: string,
  free: number = freeBytes(dataDir),
): void {
  const planned = plannedBytes(w);
  if (planned > free) {
    throw new UsageError(
      'E_BAD_WORKLOAD',
      `the run plans to store ${humanBytes(planned)} but ${dataDir} has ${humanBytes(free)} free`,
      'ingest fewer or smaller objects, pass --data a directory on a larger disk, or add --ignore-free-space to try anyway',
    );
  }
}
