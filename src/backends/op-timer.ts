/**
 * Times one operation with process.hrtime.bigint() and turns an exception into a failed record
 * with a stable error code: failures are data, never a lost batch.
 */
import { IngestScaleError } from '../errors.js';
import type { OpKind, OpTiming } from './backend.js';

export interface OpMeta {
  kind: OpKind;
  objectId: string;
  objectIndex: number;
  datastreamId: string | null;
  bytes: number;
  attempt?: number;
}

/** An error that carries an operation error code (and an HTTP status where there was one). */
export class OpError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'OpError';
  }
}

export function errorCodeOf(e: unknown): string {
  if (e instanceof OpError) return e.errorCode;
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.length > 0 ? code : 'E_UNKNOWN';
}

/** Operations started and not yet ended, oldest first (a Set keeps insertion order). */
const inFlight = new Set<OpTiming>();

/** How many operations are in flight and when the oldest started (for a progress line during a stall). */
export function inFlightOps(): { count: number; oldestStartNs: bigint | null } {
  for (const op of inFlight) return { count: inFlight.size, oldestStartNs: op.startNs };
  return { count: 0, oldestStartNs: null };
}

/** Runs fn, timing it; fn may return a partial record to merge (ttfb, httpStatus, sha256). */
export async function timeOp(meta: OpMeta, fn: () => Promise<Partial<OpTiming> | void>): Promise<OpTiming> {
  const startNs = process.hrtime.bigint();
  // one object literal per record (no spreads): this runs once per operation, millions of times a run
  const op: OpTiming = {
    kind: meta.kind,
    objectId: meta.objectId,
    objectIndex: meta.objectIndex,
    datastreamId: meta.datastreamId,
    bytes: meta.bytes,
    startNs,
    ttfbMs: null,
    attempt: meta.attempt ?? 1,
    httpStatus: null,
    status: 'ok',
    errorCode: null,
    durationMs: 0,
  };
  inFlight.add(op);
  try {
    const extra = await fn();
    if (extra) Object.assign(op, extra);
    op.durationMs = Number(process.hrtime.bigint() - startNs) / 1e6;
    return op;
  } catch (e) {
    // an error that ends the run (auth refused, target gone) is not an operation failure
    if (e instanceof IngestScaleError) throw e;
    op.durationMs = Number(process.hrtime.bigint() - startNs) / 1e6;
    op.status = 'failed';
    op.errorCode = errorCodeOf(e);
    op.httpStatus = e instanceof OpError ? e.httpStatus : null;
    return op;
  } finally {
    inFlight.delete(op);
  }
}
