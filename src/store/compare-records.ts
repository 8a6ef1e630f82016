/**
 * Compare records (migration 6): a compare fills two or more targets side by side; each target's fill
 * is a normal run, linked to the compare by its id, its target name and its place in the targets
 * file (0 = the reference). The compare's settings (no secrets) are written when it starts and its
 * answer (the JSON of `compare --json`) when it ends.
 */
import { UsageError } from '../errors.js';
import type { SqliteDb } from './sqlite.js';

export type CompareStatus = 'running' | 'completed' | 'failed' | 'aborted';

export interface CompareRunLink {
  /** The target's name in the targets file. */
  target: string;
  /** Its place in the targets file: 0 is the reference. */
  position: number;
  runId: string;
}

export interface CompareRecord {
  id: string;
  status: CompareStatus;
  startedAt: string;
  finishedAt: string | null;
  /** Parsed JSON settings (workload, phases, limits, target names); null when none were stored. */
  settings: unknown;
  /** Parsed JSON answer; null until the compare ends. */
  result: unknown;
  /** The linked runs in target order. */
  runs: CompareRunLink[];
}

interface CompareRow {
  id: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  settings: string | null;
  result: string | null;
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** Records a compare as running, with its settings. */
export async function recordCompare(
  db: SqliteDb,
  c: { id: string; settings: unknown; startedAt?: string },
): Promise<void> {
  await db.run(
    'INSERT INTO compares (id, started_at, finished_at, status, settings, result) VALUES (?, ?, NULL, ?, ?, NULL)',
    [c.id, c.startedAt ?? new Date().toISOString(), 'running', JSON.stringify(c.settings)],
  );
}

/** Links a run (already created) to its compare. */
export async function linkCompareRun(db: SqliteDb, compareId: string, link: CompareRunLink): Promise<void> {
  await db.run('UPDATE runs SET compare_id = ?, compare_target = ?, compare_position = ? WHERE id = ?', [
    compareId,
    link.target,
    link.position,
    link.runId,
  ]);
}

/** Closes a compare with its status and its answer (null when it has none, e.g. it failed). */
export async function finishCompare(db: SqliteDb, id: string, status: CompareStatus, result: unknown): Promise<void> {
  await db.run('UPDATE compares SET status = ?, finished_at = ?, result = ? WHERE id = ?', [
    status,
    new Date().toISOString(),
    result === null ? null : JSON.stringify(result),
    id,
  ]);
}

async function linkedRuns(db: SqliteDb, id: string): Promise<CompareRunLink[]> {
  const rows = await db.all<{ id: string; compare_target: string; compare_position: number }>(
    'SELECT id, compare_target, compare_position FROM runs WHERE compare_id = ? ORDER BY compare_position',
    [id],
  );
  return rows.map((r) => ({ target: r.compare_target, position: r.compare_position, runId: r.id }));
}

async function toRecord(db: SqliteDb, row: CompareRow): Promise<CompareRecord> {
  return {
    id: row.id,
    status: row.status as CompareStatus,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    settings: parse(row.settings),
    result: parse(row.result),
    runs: await linkedRuns(db, row.id),
  };
}

/** A compare by id, unique id prefix, or `last`; a usage error (exit 2) when there is none. */
export async function loadCompare(db: SqliteDb, ref: string): Promise<CompareRecord> {
  let rows: CompareRow[];
  if (ref === 'last')
    rows = await db.all<CompareRow>('SELECT * FROM compares ORDER BY started_at DESC, rowid DESC LIMIT 1');
  else {
    rows = await db.all<CompareRow>('SELECT * FROM compares WHERE id = ?', [ref]);
    if (rows.length === 0)
      rows = await db.all<CompareRow>("SELECT * FROM compares WHERE id LIKE ? || '%' ESCAPE '\\' LIMIT 2", [
        ref.replace(/[%_\\]/g, '\\$&'),
      ]);
  }
  if (rows.length > 1)
    throw new UsageError(
      'E_COMPARE_NOT_FOUND',
      `compare "${ref}" is ambiguous in ${db.path}`,
      'give more characters of the compare id',
    );
  const row = rows[0];
  if (!row)
    throw new UsageError(
      'E_COMPARE_NOT_FOUND',
      `no compare "${ref}" in ${db.path}`,
      'run `ingest-scale compare --targets FILE` first, with the same --db',
    );
  return toRecord(db, row);
}

/** Every compare, oldest first. */
export async function listCompares(db: SqliteDb): Promise<CompareRecord[]> {
  const rows = await db.all<CompareRow>('SELECT * FROM compares ORDER BY started_at, rowid');
  const out: CompareRecord[] = [];
  for (const r of rows) out.push(await toRecord(db, r));
  return out;
}

/** The compare a run belongs to, or null. */
export async function compareOfRun(db: SqliteDb, runId: string): Promise<string | null> {
  const row = await db.get<{ compare_id: string | null }>('SELECT compare_id FROM runs WHERE id = ?', [runId]);
  return row?.compare_id ?? null;
}
