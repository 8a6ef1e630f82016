/**
 * When an operation is tried again (--retries, the same for every backend; timeOp applies it):
 *
 * - the store declined the work — 503, 429, S3 SlowDown, a refused or timed-out connect — is
 *   retried for every operation: nothing was done;
 * - the answer never came — a request timeout, a reset or closed connection — is retried for every
 *   operation that can be repeated safely (a PUT, a create at a name of our choosing, a read, a
 *   delete), not for transaction begin and commit, nor for an operation marked once-only (an LDP
 *   POST, whose server picks a new name for a repeated Slug), which could then happen twice;
 * - an error that already counts the attempts its backend made (S3's signed requests retry inside
 *   the backend, with this same setting) is not retried again.
 *
 * A retried create answered "exists" (409, 412, E_EXISTS), or a retried delete answered 404, was
 * done by an earlier attempt whose answer was lost: the operation succeeded.
 */
import type { OpKind } from '../model/timings.js';

export interface RetryPolicy {
  /** Attempts after the first (--retries, default 2). */
  retries: number;
  /** Backoff before attempt n+1: up to baseMs * 2^(n-1), at most maxMs, with jitter (half to all of it). */
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 2, baseMs: 100, maxMs: 5000 };

let policy: RetryPolicy = DEFAULT_RETRY_POLICY;

/** Sets the policy of this process's operations (a run sets it from --retries); returns the previous one. */
export function setRetryPolicy(p: RetryPolicy): RetryPolicy {
  const previous = policy;
  policy = p;
  return previous;
}

export function retryPolicy(): RetryPolicy {
  return policy;
}

const DECLINED_CODES = new Set(['E_S3_SlowDown', 'ECONNREFUSED', 'E_CONNECT_TIMEOUT']);
const UNANSWERED_CODES = new Set([
  'E_TIMEOUT',
  'E_SOCKET_CLOSED',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
/** Operations that must not happen twice when the first attempt's fate is unknown. */
const ONCE_ONLY = new Set<OpKind>(['begin-tx', 'commit']);

export interface FailureFacts {
  errorCode: string;
  httpStatus: number | null;
  /** Attempts the backend already made itself (S3), if it says. */
  backendAttempts?: number;
}

/** `onceOnly`: this operation (not only its kind) must not happen twice, e.g. an LDP POST with a Slug. */
export function shouldRetry(kind: OpKind, f: FailureFacts, onceOnly = false): boolean {
  if (f.backendAttempts !== undefined) return false;
  if (f.httpStatus === 503 || f.httpStatus === 429 || DECLINED_CODES.has(f.errorCode)) return true;
  return UNANSWERED_CODES.has(f.errorCode) && !ONCE_ONLY.has(kind) && !onceOnly;
}

/** A retry's answer that means an earlier attempt did the work. */
export function doneByEarlierAttempt(kind: OpKind, f: FailureFacts): boolean {
  if (kind === 'create-object' || kind === 'create-container')
    return f.httpStatus === 409 || f.httpStatus === 412 || f.errorCode === 'E_EXISTS';
  if (kind === 'delete') return f.httpStatus === 404 || f.errorCode === 'E_NOT_FOUND';
  return false;
}

/** The pause before attempt `next` (2, 3, …): exponential, capped, with jitter. */
export function backoffMs(next: number, p: RetryPolicy = policy, random: () => number = Math.random): number {
  const full = Math.min(p.maxMs, p.baseMs * 2 ** (next - 2));
  return full * (0.5 + random() / 2);
}
