/**
 * Requests, in completion order, as the batches of a run: every batchSize successful ingest requests
 * close a batch (its objects before = the successful ingests before it); the failed ingests and the
 * read probes that completed among them belong to it too. A batch's wall time is the span from the
 * earliest start to the latest end of its requests; each request is one operation, its start taken
 * from the batch's start. Requests after the last full batch are left over, not a batch.
 */
import type { BatchRecord, OpRecord } from '../model/records.js';
import { percentiles } from '../analysis/percentiles.js';
import { toNs, type LogRequest } from './log-request.js';

export interface ImportedBatch {
  batch: BatchRecord;
  ops: OpRecord[];
}

/** An object id for the store: printable ASCII (others percent-encoded), at most 200 characters. */
const idOf = (r: LogRequest): string => {
  const s = r.url ?? r.name;
  const plain = /^[\x20-\x7e]*$/.test(s) ? s : s.replace(/[^\x20-\x7e]/g, (c) => encodeURIComponent(c));
  return plain.length > 200 ? plain.slice(0, 200) : plain;
};

const errorCodeOf = (r: LogRequest): string =>
  r.status !== null && r.status >= 400 ? `E_HTTP_${r.status}` : 'E_REQUEST_FAILED';

export class RequestBatches {
  private held: { req: LogRequest; probe: boolean }[] = [];
  private ok = 0;
  private ingests = 0;
  private index = 0;
  /** Successful ingests in closed batches. */
  objects = 0;

  constructor(private readonly batchSize: number) {}

  /** Takes the next request to complete; returns the batch it closes, if it does. */
  add(req: LogRequest, probe: boolean): ImportedBatch | null {
    this.held.push({ req, probe });
    if (probe || !req.ok) return null;
    this.ok++;
    return this.ok === this.batchSize ? this.close() : null;
  }

  /** Requests after the last full batch (left over at the end). */
  get leftOver(): number {
    return this.held.length;
  }

  private close(): ImportedBatch {
    const held = this.held;
    this.held = [];
    this.ok = 0;
    this.index++;
    let start = Infinity;
    let end = -Infinity;
    for (const { req } of held) {
      if (req.startMs < start) start = req.startMs;
      if (req.endMs > end) end = req.endMs;
    }
    const ops: OpRecord[] = [];
    const durations: number[] = [];
    let bytes = 0;
    let failed = 0;
    for (const { req, probe } of held) {
      if (!probe) {
        if (req.ok) {
          durations.push(req.durationMs);
          bytes += req.bytes;
        } else failed++;
      }
      ops.push({
        kind: probe ? 'probe-get' : 'create-object',
        objectId: idOf(req),
        objectIndex: probe ? -1 : this.ingests++,
        datastreamId: null,
        status: req.ok ? 'ok' : 'failed',
        bytes: req.bytes,
        startMs: toNs(req.startMs - start),
        ttfbMs: req.ttfbMs,
        durationMs: req.durationMs,
        attempt: 1,
        errorCode: req.ok ? null : errorCodeOf(req),
        httpStatus: req.status,
      });
    }
    const [p50, p95, p99] = percentiles(durations, [50, 95, 99]);
    const batch: BatchRecord = {
      index: this.index,
      objects: this.batchSize,
      objectsBefore: this.objects,
      bytes,
      wallMs: toNs(Math.max(end - start, 1e-6)),
      okOps: durations.length,
      failedOps: failed,
      retriedOps: 0,
      p50Ms: p50 ?? null,
      p95Ms: p95 ?? null,
      p99Ms: p99 ?? null,
      startedAt: new Date(start).toISOString(),
    };
    this.objects += this.batchSize;
    return { batch, ops };
  }
}
