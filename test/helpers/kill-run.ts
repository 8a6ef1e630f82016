/**
 * Runs killed on purpose: start `ingest-scale …` in a child, wait (a bounded poll of its results
 * database, read-only) until it has recorded some batches, then SIGKILL it by its PID — the way a
 * crash, an OOM kill or a lost CI machine ends a run. Also the stored ids of an embedded store.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import sqlite3 from 'sqlite3';
import { LevelDbBackend } from '../../src/backends/leveldb/leveldb-backend.js';
import { BIN } from './cli.js';

/** Rows of a read-only query; none while the file does not exist or cannot be read yet. */
export function all<T>(db: string, sql: string): Promise<T[]> {
  return new Promise((resolve) => {
    if (!existsSync(db)) return resolve([]);
    const d = new sqlite3.Database(db, sqlite3.OPEN_READONLY, (err) => {
      if (err) return resolve([]);
      d.all(sql, (e: Error | null, rows: T[]) => d.close(() => resolve(e ? [] : rows)));
    });
  });
}

/**
 * Starts `ingest-scale args` in `cwd`, waits until the run has recorded `batches` batches (at most `limitMs`), and kills it with SIGKILL.
 * With `insideBatch`, it also waits until the next batch's intent is recorded, so the kill falls inside a batch
 * (not in the few milliseconds between one batch's record and the next one's intent); with `insideBatch: 'tx'`,
 * until that batch's transaction is recorded too (LDP --tx per-batch).
 */
export async function killAfter(
  cwd: string,
  args: string[],
  batches: number,
  limitMs = 300_000,
  insideBatch: boolean | 'tx' = false,
): Promise<void> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  let exited = false;
  void closed.then(() => (exited = true));
  const db = args[args.indexOf('--db') + 1] as string;
  const deadline = Date.now() + limitMs;
  try {
    for (;;) {
      const [row] = await all<{ n: number; i: number }>(
        db,
        `SELECT (SELECT COUNT(*) FROM batches) AS n, (SELECT COUNT(*) FROM intents${insideBatch === 'tx' ? ' WHERE tx IS NOT NULL' : ''}) AS i`,
      );
      if ((row?.n ?? 0) >= batches && (!insideBatch || (row?.i ?? 0) > (row?.n ?? 0))) break;
      if (exited) throw new Error(`the run ended before batch ${batches}: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`the run did not reach batch ${batches} in ${limitMs} ms: ${stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    if (!exited) child.kill('SIGKILL');
    await closed;
  }
}

/** Ids of the objects an embedded store holds. */
export async function storedIds(dataDir: string): Promise<string[]> {
  const b = new LevelDbBackend({ dataDir });
  const ids: string[] = [];
  for await (const id of b.list()) ids.push(id);
  await b.close();
  return ids;
}
