/** Timed operations and what a backend learned about its target: the words the engine, the store and the reports share. */

export type OpKind =
  | 'create-object'
  | 'add-datastream'
  | 'create-container'
  | 'begin-tx'
  | 'commit'
  | 'verify'
  | 'delete'
  | ProbeOpKind;

/** Read-side probes between batches (src/engine/probes/): never counted by the ingest gate. */
export type ProbeOpKind =
  | 'probe-get'
  | 'probe-get-warm'
  | 'probe-head'
  | 'probe-range'
  | 'probe-list'
  | 'probe-update'
  | 'probe-create'
  | 'probe-delete';
export type OpStatus = 'ok' | 'failed';

/** One timed operation, as a backend measured it. Times are milliseconds. */
export interface OpTiming {
  kind: OpKind;
  objectId: string;
  objectIndex: number;
  datastreamId: string | null;
  status: OpStatus;
  bytes: number;
  /** Start relative to the start of its batch. Filled in by the engine from startNs. */
  startNs: bigint;
  /** Time to first byte of the response, where the backend can tell. */
  ttfbMs: number | null;
  durationMs: number;
  attempt: number;
  /** Stable error code when status is 'failed' (e.g. E_CHECKSUM, E_EXISTS, E_HTTP_500, E_IO). */
  errorCode: string | null;
  httpStatus: number | null;
  /** Hex SHA-256 the backend computed or was told, where it has one. */
  sha256?: string;
}

/** What a backend learned about its target before the run. Never holds credentials. */
export interface TargetInfo {
  backend: string;
  /** Target address with any credentials removed. */
  target: string;
  product?: string;
  version?: string;
  details?: Record<string, string | number | boolean>;
}
