/**
 * Times one operation with the run's clock (src/model/clock.ts; the host's by default) and turns an exception into a failed record
 * with a stable error code: failures are data, never a lost batch.
 */
import { IngestScaleError } from '../errors.js';
import { msBetween, realClock, type Clock } from '../model/clock.js';
import { OpError } from '../model/op-error.js';
import type { OpKind, OpTiming } from '../model/timings.js';
import { backoffMs, doneByEarlierAttempt, retryPolicy, shouldRetry, type FailureFacts } from './retry-policy.js';

/** The operation error lives in src/model/op-error.ts (the write client throws it too); the backends take it from here. */
export { OpError };

export interface OpMeta {
  kind: OpKind;
  objectId: string;
  objectIndex: number;
  datastreamId: string | null;
  bytes: number;
  attempt?: number;
  /**
   * The request cannot be repeated safely when its first attempt's fate is unknown (a POST whose
   * server chooses the name): only a store's refusal (503, 429, a refused connect) is retried.
   */
  onceOnly?: boolean;
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

/** An attempt that failed and was tried again: stored as its own operation row, status 'retried'. */
export interface EarlierAttempt {
  attempt: number;
  startNs: bigint;
  durationMs: number;
  errorCode: string;
  httpStatus: number | null;
}

/** Earlier attempts of operations that were retried (only ops with attempt > 1 have any). */
const earlier = new WeakMap<OpTiming, EarlierAttempt[]>();

export function earlierAttempts(op: OpTiming): readonly EarlierAttempt[] | undefined {
  return op.attempt > 1 ? earlier.get(op) : undefined;
}

/**
 * Runs fn, timing it; fn may return a partial record to merge (ttfb, httpStatus, sha256). A failure
 * worth another attempt (retry-policy.ts) runs fn again after a backoff, up to --retries times: the
 * record is the final attempt's (its start, its latency), `attempt` counts them, and the earlier
 * ones are kept (earlierAttempts) — so fn must make its request afresh each time (a new body).
 */
export async function timeOp(
  meta: OpMeta,
  fn: () => Promise<Partial<OpTiming> | void>,
  clock: Clock = realClock,
): Promise<OpTiming> {
  const startNs = clock.nowNs();
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
  // the stall view (engine/in-flight.ts) ages operations on the host's clock: a simulated clock's are not waiting on it
  if (clock === realClock) inFlight.add(op);
  try {
    for (;;) {
      try {
        const extra = await fn();
        if (extra) Object.assign(op, extra);
        op.durationMs = msBetween(op.startNs, clock.nowNs());
        return op;
      } catch (e) {
        // an error that ends the run (auth refused, target gone) is not an operation failure
        if (e instanceof IngestScaleError) throw e;
        const end = clock.nowNs();
        const facts: FailureFacts = {
          errorCode: errorCodeOf(e),
          httpStatus: e instanceof OpError ? e.httpStatus : null,
        };
        const backendAttempts = (e as { attempts?: unknown }).attempts;
        if (typeof backendAttempts === 'number') facts.backendAttempts = backendAttempts;
        op.durationMs = msBetween(op.startNs, end);
        if (op.attempt > 1 && doneByEarlierAttempt(op.kind, facts)) {
          op.httpStatus = facts.httpStatus;
          return op;
        }
        const policy = retryPolicy();
        if (op.attempt - (meta.attempt ?? 1) < policy.retries && shouldRetry(op.kind, facts, meta.onceOnly === true)) {
          const list = earlier.get(op) ?? [];
          list.push({
            attempt: op.attempt,
            startNs: op.startNs,
            durationMs: op.durationMs,
            errorCode: facts.errorCode,
            httpStatus: facts.httpStatus,
          });
          earlier.set(op, list);
          await clock.sleep(backoffMs(op.attempt + 1, policy));
          op.attempt++;
          op.startNs = clock.nowNs();
          op.ttfbMs = null;
          continue;
        }
        op.status = 'failed';
        op.errorCode = facts.errorCode;
        op.httpStatus = facts.httpStatus;
        if (typeof backendAttempts === 'number' && backendAttempts > op.attempt) op.attempt = backendAttempts;
        return op;
      }
    }
  } finally {
    inFlight.delete(op);
  }
}
