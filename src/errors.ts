/**
 * Typed errors with a stable code, a hint that names the flag or the fix, and the
 * exit code the CLI maps them to. Only src/cli/ turns them into output and exits.
 */
import { ExitCode } from './exit-codes.js';

export type ErrorCode =
  | 'E_USAGE'
  | 'E_BAD_FLAG'
  | 'E_FLAG_NOT_TAKEN'
  | 'E_FLAG_CONFLICT'
  | 'E_BAD_SIZE'
  | 'E_BAD_WORKLOAD'
  | 'E_FILE_UNREADABLE'
  | 'E_BAD_CSV'
  | 'E_BAD_LOG'
  | 'E_LOG_FORMAT'
  | 'E_UNKNOWN_BACKEND'
  | 'E_RUN_NOT_FOUND'
  | 'E_COMPARE_NOT_FOUND'
  | 'E_BAD_TARGETS'
  | 'E_DB'
  | 'E_DB_NOT_OURS'
  | 'E_TARGET'
  | 'E_AUTH'
  | 'E_ERROR_BUDGET'
  | 'E_VERIFY'
  | 'E_PROBE_UNSUPPORTED'
  | 'E_PROBE_MISMATCH'
  | 'E_MERGE'
  | 'E_BAD_TAG'
  | 'E_FORECAST_RANGE';

export class IngestScaleError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly exitCode: ExitCode;

  constructor(code: ErrorCode, message: string, opts: { hint?: string; exitCode?: ExitCode; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'IngestScaleError';
    this.code = code;
    this.hint = opts.hint;
    this.exitCode = opts.exitCode ?? ExitCode.Usage;
  }
}

/** A user's mistake in a flag, argument or input file: exit 2, one clear line. */
export class UsageError extends IngestScaleError {
  constructor(code: ErrorCode, message: string, hint?: string) {
    super(code, message, hint === undefined ? {} : { hint });
    this.name = 'UsageError';
  }
}

/** The run itself could not go on (target unreachable, auth refused, error budget spent): exit 4. */
export class RunFailedError extends IngestScaleError {
  constructor(code: ErrorCode, message: string, opts: { hint?: string; cause?: unknown } = {}) {
    super(code, message, { ...opts, exitCode: ExitCode.RunFailed });
    this.name = 'RunFailedError';
  }
}

export function isIngestScaleError(e: unknown): e is IngestScaleError {
  return e instanceof IngestScaleError;
}
