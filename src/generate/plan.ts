/**
 * Object plans: what object i of a workload is called, where the layout puts it, and which
 * datastreams (with their sampled sizes) it carries. Content is not here: it is regenerated from
 * (seed, index, datastream id) whenever it is needed.
 */
import { createHash } from 'node:crypto';
import type { ContentKind, Workload } from '../workload/index.js';
import type { ContentSpec } from './content.js';
import { sampleSize } from './size-sampler.js';

export interface DatastreamPlan extends ContentSpec {
  /** The datastream id (same as datastreamId). */
  id: string;
  mime: string;
}

export interface ObjectPlan {
  /** 0-based position in the workload. */
  index: number;
  /** Object id, unique within the run: `${idPrefix}${index}`. */
  id: string;
  /** Intermediate container / prefix segments the layout puts the object under (empty for flat). */
  path: string[];
  datastreams: DatastreamPlan[];
}

export interface PlanOptions {
  /** Prefix of every object id, e.g. a short run tag so that runs never collide on a shared target. */
  idPrefix: string;
}

/** Path segments for an object id under a layout. */
export function layoutPath(workload: Pick<Workload, 'layout' | 'fanout'>, id: string, index: number): string[] {
  switch (workload.layout) {
    case 'flat':
      return [];
    case 'pairtree': {
      // four two-character segments of a hash of the id, as Fedora 4 spread its generated ids
      const h = createHash('sha1').update(id).digest('hex');
      return [h.slice(0, 2), h.slice(2, 4), h.slice(4, 6), h.slice(6, 8)];
    }
    case 'fanout': {
      const { width, depth } = workload.fanout;
      const digits = String(width - 1).length;
      const out: string[] = [];
      let rest = index;
      for (let level = 0; level < depth; level++) {
        out.push(String(rest % width).padStart(digits, '0'));
        rest = Math.floor(rest / width);
      }
      return out;
    }
  }
}

export function planObject(workload: Workload, index: number, opts: PlanOptions): ObjectPlan {
  const id = `${opts.idPrefix}${index}`;
  return {
    index,
    id,
    path: layoutPath(workload, id, index),
    datastreams: workload.datastreams.map((ds) => {
      const kind: ContentKind = ds.contentKind;
      // a plain literal (no spread of the content id): planned once per object of a run
      const plan: DatastreamPlan = {
        seed: workload.seed,
        objectIndex: index,
        datastreamId: ds.id,
        id: ds.id,
        size: 0,
        kind,
        mime: ds.mime,
      };
      plan.size = ds.size.kind === 'fixed' ? ds.size.bytes : sampleSize(ds.size, plan);
      if (ds.edit !== undefined) plan.edit = ds.edit;
      return plan;
    }),
  };
}

/** Plans of one batch: objects [start, start + count). */
export function planBatch(workload: Workload, start: number, count: number, opts: PlanOptions): ObjectPlan[] {
  const out: ObjectPlan[] = [];
  for (let i = start; i < start + count && i < workload.objects; i++) out.push(planObject(workload, i, opts));
  return out;
}
