/**
 * SQLite's result codes for ordinary trouble with the results database — a full disk, a read-only
 * file or storage, a lock held too long, an I/O error — as E_DB errors naming the file and the
 * cause (exit 4; a batch is written in one transaction, so every finished batch is intact). Other
 * codes (a malformed statement: a bug) pass through unchanged.
 */
import { IngestScaleError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';

/** How long a writer waits for another's lock before giving up (PRAGMA busy_timeout). */
export const BUSY_TIMEOUT_MS = 5000;

const CAUSES: Record<string, [string, string]> = {
  SQLITE_FULL: [
    'the disk is full',
    'free space where the database lives (finished batches are kept), or pass --db a path on another disk',
  ],
  SQLITE_READONLY: [
    'the file or its storage is read-only',
    'make the file and its folder writable, or pass --db a writable path (runs, check, report and chart only read)',
  ],
  SQLITE_BUSY: [
    `another process held a lock on it for more than ${BUSY_TIMEOUT_MS / 1000} s`,
    'wait for the other process writing to it (another ingest-scale run?), or pass --db another path',
  ],
  SQLITE_LOCKED: ['a table was locked', 'wait for the other process writing to it, or pass --db another path'],
  SQLITE_IOERR: ['an I/O error', 'check the disk and the file system the database is on'],
  SQLITE_CANTOPEN: [
    'the file cannot be opened',
    'check --db: the folder must exist and be readable (writable for run and import)',
  ],
  SQLITE_CORRUPT: ['the file is damaged', 'restore it from a copy, or pass --db a new path'],
  SQLITE_NOTADB: ['the file is not a database', 'pass --db a file made by ingest-scale, or a new path'],
  SQLITE_PERM: ['access was denied', 'check the permissions of the file and its folder'],
};

export function dbError(path: string, e: unknown): unknown {
  if (e instanceof IngestScaleError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return e;
  const cause = CAUSES[code] ?? (code.startsWith('SQLITE_IOERR') ? CAUSES.SQLITE_IOERR : undefined);
  if (!cause) return e;
  return new IngestScaleError('E_DB', `results database ${path}: ${cause[0]} (${code})`, {
    hint: cause[1],
    exitCode: ExitCode.RunFailed,
    cause: e,
  });
}
