/**
 * Is the file given as --db ours? Asked before anything is written to it: a file that exists and is
 * not one of this tool's results databases is refused (exit 2) without a byte changed — not even
 * the switch to WAL. Ours are marked with PRAGMA application_id; a database from before the marker
 * (user_version > 0 and our tables) is adopted, and so are a missing file, an empty file and a
 * SQLite file with no tables at all.
 *
 * The header is read with plain file reads (SQLite file format: magic at 0, user_version at 60,
 * application_id at 68, big-endian); only an unmarked SQLite file is opened, read-only.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { IngestScaleError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import { APPLICATION_ID } from './schema.js';
import { SqliteDb } from './sqlite.js';

const MAGIC = 'SQLite format 3\0';
const OUR_TABLES = ['runs', 'batches', 'ops'];

/** What a --db file is: none yet (or empty), one of ours, or one of ours from before the marker. */
export type ResultsDbKind = 'new' | 'ours' | 'adopt';

function notOurs(path: string, why: string): IngestScaleError {
  return new IngestScaleError(
    'E_DB_NOT_OURS',
    `${path} is not an ingest-scale results database: ${why}; nothing was written to it`,
    {
      hint: 'pass --db a new path (or a file made by ingest-scale); the default is reports/ingest-scale.db',
      exitCode: ExitCode.Usage,
    },
  );
}

function readHeader(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(100);
    const n = readSync(fd, buf, 0, 100, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

export async function classifyResultsDb(path: string): Promise<ResultsDbKind> {
  if (!existsSync(path)) return 'new';
  const st = statSync(path);
  if (st.isDirectory()) throw notOurs(path, 'it is a directory');
  if (st.size === 0) return 'new';
  let head: Buffer;
  try {
    head = readHeader(path);
  } catch (e) {
    throw new IngestScaleError(
      'E_DB',
      `cannot read the results database ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      {
        hint: "check --db and the file's permissions",
        exitCode: ExitCode.Usage,
      },
    );
  }
  if (head.length < 100 || head.toString('latin1', 0, 16) !== MAGIC) throw notOurs(path, 'it is not a SQLite database');
  const appId = head.readUInt32BE(68);
  if (appId === APPLICATION_ID) return 'ours';
  if (appId !== 0)
    throw notOurs(path, `it belongs to another program (application_id 0x${appId.toString(16).padStart(8, '0')})`);
  // unmarked: look inside, read-only (the header in the main file can lag a WAL that has the marker)
  const db = await SqliteDb.open(path, 'readonly');
  try {
    const id = (await db.get<{ application_id: number }>('PRAGMA application_id'))?.application_id ?? 0;
    if (id === APPLICATION_ID) return 'ours';
    const version = (await db.get<{ user_version: number }>('PRAGMA user_version'))?.user_version ?? 0;
    const tables = (
      await db.all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
    ).map((r) => r.name);
    if (tables.length === 0 && version === 0) return 'new';
    if (version > 0 && OUR_TABLES.every((t) => tables.includes(t))) return 'adopt';
    const shown = tables.slice(0, 4).join(', ') + (tables.length > 4 ? `, … (${tables.length} tables)` : '');
    throw notOurs(
      path,
      tables.length > 0 ? `it holds other tables (${shown})` : `it has user_version ${version} and no tables of ours`,
    );
  } finally {
    await db.close();
  }
}
