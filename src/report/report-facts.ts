/**
 * Facts derived once from a ReportInput for every renderer (pure): the error budget's text and the
 * run/target/workload/host table rows. The decisions are the verdict's: the baseline comparison
 * (input.comparison, src/verdict/evaluate-baseline.ts) and the error budget (input.errorBudget,
 * src/verdict/error-budget.ts); renderers read them from there.
 */
import { sortedCodes } from '../model/error-codes.js';
import type { RunRecord } from '../model/records.js';
import { tagsText } from '../model/run-tags.js';
import type { ErrorBudget } from '../verdict/index.js';
import { formatSizeSpec, humanBytes, parseSizeSpec, type SizeSpec } from '../workload/index.js';
import { formatCount, formatMs } from './format.js';
import type { ReportInput, ReportRun } from './report-input.js';

export type { BaselineFacts } from '../verdict/index.js';

/** The verdict's error budget as text: "12 of 5,000 operations failed (0.24%, within the 1.0% budget): ETIMEDOUT 8, HTTP_503 4" */
export function errorBudgetText(b: ErrorBudget): string {
  if (b.share === null) return 'no operation records (an imported series): the error budget cannot be checked';
  const codes = sortedCodes(b.byCode).map(([c, n]) => `${c} ${formatCount(n)}`);
  const within = b.verdict === 'FAIL' ? 'above' : 'within';
  return (
    `${formatCount(b.failed)} of ${formatCount(b.operations)} operations failed (${(100 * b.share).toFixed(2)}%, ${within} the ` +
    `${(100 * b.maxErrorRate).toFixed(1)}% budget)` +
    (codes.length > 0 ? `: ${codes.join(', ')}` : '') +
    (b.retried > 0 ? `; ${formatCount(b.retried)} retried` : '')
  );
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function sizeText(v: unknown): string {
  try {
    if (typeof v === 'string') return formatSizeSpec(parseSizeSpec(v));
    if (isObject(v)) return formatSizeSpec(v as unknown as SizeSpec);
  } catch {
    /* fall through */
  }
  return String(v);
}

/** "OBJ lognormal:16KiB:0.5 random (application/octet-stream); META 2KiB compressible (text/plain)" */
export function datastreamsText(workload: unknown): string {
  if (!isObject(workload) || !Array.isArray(workload['datastreams'])) return '-';
  return workload['datastreams']
    .filter(isObject)
    .map((s) => {
      const kind = s['contentKind'] ?? s['kind'];
      const mime = typeof s['mime'] === 'string' ? ` (${s['mime']})` : '';
      return `${String(s['id'])} ${sizeText(s['size'])}${typeof kind === 'string' ? ` ${kind}` : ''}${mime}`;
    })
    .join('; ');
}

/** "completed", "stopped early at batch 10 of 25 (early FAIL, about 33% of the planned ingest time)", "failed: ..." */
export function statusText(run: RunRecord, batchesRun: number): string {
  if (run.status === 'stopped-early') {
    const s = run.stopInfo;
    const at = s ? s.batch : (run.stoppedAtBatch ?? batchesRun);
    if (s?.probe) {
      return `stopped early at batch ${at} of ${run.plannedBatches} (the ${s.probe.kind} probe's median ${formatMs(s.probe.medianMs)} above --probe-stop-above ${formatMs(s.probe.limitMs)})`;
    }
    const share =
      s && Number.isFinite(s.shareOfPlannedTime)
        ? `, about ${Math.round(100 * s.shareOfPlannedTime)}% of the planned ingest time`
        : '';
    const look = s
      ? `; projected growth x${s.projectedGrowth.toFixed(2)}, lower bound x${s.lowerBound.toFixed(2)} above limit ${s.limit.toFixed(2)}`
      : '';
    return `stopped early at batch ${at} of ${run.plannedBatches} (early FAIL${share}${look})`;
  }
  return run.error ? `${run.status}: ${run.error}` : run.status;
}

/** The run's --request-timeout and --connect-timeout in ms; null where the run did not record them (older runs, imports). */
export function recordedTimeouts(run: RunRecord): { requestMs: number | null; connectMs: number | null } {
  return { requestMs: run.settings?.requestTimeoutMs ?? null, connectMs: run.settings?.connectTimeoutMs ?? null };
}

/** "request 60.0 s, connect 10.0 s"; "not recorded" for a run from before they were kept, "-" for an import. */
export function timeoutsText(run: RunRecord): string {
  const t = recordedTimeouts(run);
  if (t.requestMs === null || t.connectMs === null) return run.source === 'import' ? '-' : 'not recorded';
  return `request ${formatMs(t.requestMs)}, connect ${formatMs(t.connectMs)}`;
}

const field = (w: unknown, key: string): unknown => (isObject(w) ? w[key] : undefined);

/** Label / value rows describing a run (values are plain text; the renderer escapes). */
export function runFactRows(r: ReportRun): [string, string][] {
  const { run, batches } = r.evaluation;
  const w = run.workload;
  const info = run.targetInfo;
  const stored = batches.reduce((s, b) => s + b.objects, 0);
  const bytes = batches.reduce((s, b) => s + b.bytes, 0);
  const planned = field(w, 'objects');
  const layout = field(w, 'layout');
  const fanout = field(w, 'fanout');
  const imp = field(w, 'import');
  const host = run.host;
  const product = info?.product ? `${info.product}${info.version ? ` ${info.version}` : ''}` : '-';
  return [
    ['Run', `${run.label ?? '-'} (${run.id})`],
    ['Tags', tagsText(run.tags) || '-'],
    [
      'Source',
      isObject(imp)
        ? `import of ${String(imp['file'] ?? '?')}${imp['column'] ? `, column ${String(imp['column'])}` : ''}`
        : run.source,
    ],
    ['Backend', run.backend],
    ['Target', run.target ?? '-'],
    ['Product / version', product],
    [
      'Objects',
      `${formatCount(stored)} stored${typeof planned === 'number' ? ` of ${formatCount(planned)} planned` : ''}${bytes > 0 ? ` (${humanBytes(bytes)})` : ''}`,
    ],
    ['Batch size', `${formatCount(run.batchSize)} (${batches.length} of ${run.plannedBatches} batches)`],
    ['Concurrency', typeof field(w, 'concurrency') === 'number' ? String(field(w, 'concurrency')) : '-'],
    ['Datastreams', datastreamsText(w)],
    [
      'Layout',
      typeof layout === 'string'
        ? layout === 'fanout' && isObject(fanout)
          ? `fanout (width ${String(fanout['width'])}, depth ${String(fanout['depth'])})`
          : layout
        : '-',
    ],
    ['Verify', typeof field(w, 'verify') === 'string' ? String(field(w, 'verify')) : '-'],
    ['Timeouts', timeoutsText(run)],
    [
      'Host',
      `${host.hostname}: ${host.platform} ${host.arch}, ${host.cpus} x ${host.cpuModel}, ${humanBytes(host.memoryBytes)} memory${host.contentGenerator ? `; content by ${host.contentGenerator === 'native' ? 'the native keystream' : 'node:crypto (native keystream not built)'}` : ''}`,
    ],
    ['Tool', `ingest-scale ${run.toolVersion}, Node ${run.nodeVersion}`],
    ['Started', run.startedAt],
    ['Finished', run.finishedAt ?? '-'],
    ['Status', statusText(run, batches.length)],
  ];
}

/** Candidate rows with the baseline's values beside them: [label, candidate, baseline?]. */
export function factTable(input: ReportInput): { header: string[]; rows: string[][] } {
  const cand = runFactRows(input.candidate);
  if (!input.baseline) return { header: ['', 'Candidate'], rows: cand.map(([k, v]) => [k, v]) };
  const base = runFactRows(input.baseline);
  return { header: ['', 'Candidate', 'Baseline'], rows: cand.map(([k, v], i) => [k, v, base[i]?.[1] ?? '-']) };
}

/** "fedora4" or the run id: how the text names a run. */
export function runName(run: RunRecord): string {
  return run.label ?? run.id;
}
