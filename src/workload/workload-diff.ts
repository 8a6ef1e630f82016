/**
 * Is a comparison of two runs fair? Compares the workloads stored with the runs (RunRecord.workload:
 * a Workload for runs, `{ import: {...}, batchSize, objects }` for imported series) and lists the
 * differences in words, candidate first.
 *
 * Refusals (workloadDifferences; an empty list means comparable) — each changes what one batch
 * costs or how that cost grows with the store, so d_i would measure the workload, not the target:
 *   - batch size (pairs by index would hold different numbers of stored objects)
 *   - datastreams: count, ids, size specifications, content kinds
 *   - layout, and the fanout shape when both runs use the fanout layout
 *   - concurrency
 *   - verify mode (readback reads happen inside the batch clock)
 *   - a stored workload that is not recognised (not an object, or no batch size)
 * Notes (workloadNotes; reported, never refused):
 *   - object count: only the common batches are paired, the rest of the longer run is ignored
 *   - seed: different content, same sizes and kinds
 *   - MIME types: labels, not bytes
 *   - an imported series: its datastreams, layout, concurrency and verify mode were not recorded and
 *     cannot be checked (importing a published series to compare with is the point of `import`)
 * Fields are compared only when both sides record them.
 */

import { formatSizeSpec, parseSizeSpec, type SizeSpec } from './size.js';

export interface WorkloadComparison {
  /** Differences that make the comparison unfair: refuse unless forced. */
  refusals: string[];
  /** Differences worth reporting that do not refuse the comparison. */
  notes: string[];
}

interface StreamFacts {
  id: string;
  size: string | null;
  kind: string | null;
  mime: string | null;
}

interface WorkloadFacts {
  imported: string | null;
  batchSize: number | null;
  objects: number | null;
  concurrency: number | null;
  datastreams: StreamFacts[] | null;
  layout: string | null;
  fanout: string | null;
  verify: string | null;
  seed: number | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const count = (n: number): string => Math.round(n).toLocaleString('en-US');

/** A size as its canonical text: SizeSpec objects and strings ("100KiB", "102400") compare equal. */
function sizeText(v: unknown): string | null {
  try {
    if (typeof v === 'string') return formatSizeSpec(parseSizeSpec(v));
    if (typeof v === 'number') return formatSizeSpec({ kind: 'fixed', bytes: v });
    if (isObject(v) && typeof v['kind'] === 'string') return formatSizeSpec(v as unknown as SizeSpec);
  } catch {
    return typeof v === 'string' ? v : null;
  }
  return null;
}

function streamsOf(v: unknown): StreamFacts[] | null {
  if (!Array.isArray(v)) return null;
  return v.filter(isObject).map((s) => ({
    id: str(s['id']) ?? '?',
    size: sizeText(s['size']),
    kind: str(s['contentKind']) ?? str(s['kind']),
    mime: str(s['mime']),
  }));
}

function importText(imp: Record<string, unknown>): string {
  const column = str(imp['column']);
  const parts = [str(imp['file']), column === null ? null : `column ${column}`].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(', ') : 'no source recorded';
}

function factsOf(w: unknown): WorkloadFacts | null {
  if (!isObject(w) || num(w['batchSize']) === null) return null;
  const imp = w['import'];
  const fan = w['fanout'];
  return {
    imported: isObject(imp) ? importText(imp) : null,
    batchSize: num(w['batchSize']),
    objects: num(w['objects']),
    concurrency: num(w['concurrency']),
    datastreams: streamsOf(w['datastreams']),
    layout: str(w['layout']),
    fanout:
      isObject(fan) && num(fan['width']) !== null ? `width ${num(fan['width'])}, depth ${num(fan['depth'])}` : null,
    verify: str(w['verify']),
    seed: num(w['seed']),
  };
}

/** "name: candidate X, baseline Y" when both are known and differ. */
function differs<T>(out: string[], name: string, a: T | null, b: T | null, show: (v: T) => string = String): void {
  if (a !== null && b !== null && a !== b) out.push(`${name}: candidate ${show(a)}, baseline ${show(b)}`);
}

function streamDifferences(a: StreamFacts[], b: StreamFacts[], refusals: string[], notes: string[]): void {
  const ids = (s: StreamFacts[]): string => s.map((x) => x.id).join(', ') || 'none';
  if (a.length !== b.length) {
    refusals.push(`datastream count: candidate ${a.length} (${ids(a)}), baseline ${b.length} (${ids(b)})`);
    return;
  }
  if (ids(a) !== ids(b)) {
    refusals.push(`datastream ids: candidate ${ids(a)}, baseline ${ids(b)}`);
    return;
  }
  a.forEach((sa, k) => {
    const sb = b[k];
    if (!sb) return;
    differs(refusals, `datastream ${sa.id} size`, sa.size, sb.size);
    differs(refusals, `datastream ${sa.id} content kind`, sa.kind, sb.kind);
    differs(notes, `datastream ${sa.id} MIME type`, sa.mime, sb.mime);
  });
}

/** Refusals and notes for a candidate workload `a` against a baseline workload `b` (see the header). */
export function compareWorkloads(a: unknown, b: unknown): WorkloadComparison {
  const refusals: string[] = [];
  const notes: string[] = [];
  const fa = factsOf(a);
  const fb = factsOf(b);
  if (!fa || !fb) {
    if (!fa)
      refusals.push(
        'the candidate run has no recognisable stored workload (no batch size): the runs cannot be checked as comparable',
      );
    if (!fb)
      refusals.push(
        'the baseline run has no recognisable stored workload (no batch size): the runs cannot be checked as comparable',
      );
    return { refusals, notes };
  }
  differs(refusals, 'batch size', fa.batchSize, fb.batchSize, count);
  if (fa.datastreams && fb.datastreams) streamDifferences(fa.datastreams, fb.datastreams, refusals, notes);
  differs(refusals, 'layout', fa.layout, fb.layout);
  if (fa.layout === 'fanout' && fb.layout === 'fanout') differs(refusals, 'fanout', fa.fanout, fb.fanout);
  differs(refusals, 'concurrency', fa.concurrency, fb.concurrency, count);
  differs(refusals, 'verify mode', fa.verify, fb.verify);

  if (fa.objects !== null && fb.objects !== null && fa.objects !== fb.objects) {
    notes.push(
      `object count: candidate ${count(fa.objects)}, baseline ${count(fb.objects)}; only the batches both runs have are paired`,
    );
  }
  differs(notes, 'seed', fa.seed, fb.seed);
  for (const [who, f] of [
    ['candidate', fa],
    ['baseline', fb],
  ] as const) {
    if (f.imported !== null) {
      notes.push(
        `the ${who} is an imported series (${f.imported}): its datastreams, layout, concurrency and verify mode were not recorded and are not compared`,
      );
    }
  }
  return { refusals, notes };
}

/** Differences that make comparing run `a` (candidate) with run `b` (baseline) unfair; [] = comparable. */
export function workloadDifferences(a: unknown, b: unknown): string[] {
  return compareWorkloads(a, b).refusals;
}

/** Differences reported but not refused (object count, seed, MIME types, imported series). */
export function workloadNotes(a: unknown, b: unknown): string[] {
  return compareWorkloads(a, b).notes;
}
