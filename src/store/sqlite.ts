/**
 * A small promise wrapper over `sqlite3` (the node-sqlite3 binding): open, run, get, all, exec,
 * and transactions that roll back on any error, so a batch is written whole or not at all.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sqlite3 from 'sqlite3';
import { dbError } from './db-errors.js';
import { IngestScaleError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';

export type Params = readonly (string | number | bigint | null)[];

export class SqliteDb {
  private constructor(
    private readonly db: sqlite3.Database,
    readonly path: string,
  ) {}

  /**
   * Opens the file. `readonly` never writes a byte: a database in WAL mode with no -wal file (closed
   * cleanly, no writer) is opened immutable, so SQLite creates no -wal or -shm file and a database on
   * read-only storage can be read; with a -wal file (a writer is live, or died) it is opened
   * read-only through the WAL, as it must be to see the writer's batches.
   */
  static open(path: string, mode: 'readwrite' | 'readonly' = 'readwrite'): Promise<SqliteDb> {
    const immutable = mode === 'readonly' && !existsSync(`${path}-wal`);
    const name = immutable ? `${pathToFileURL(resolve(path)).href}?immutable=1` : path;
    const flags =
      mode === 'readonly'
        ? sqlite3.OPEN_READONLY | (immutable ? sqlite3.OPEN_URI : 0)
        : sqlite3.OPEN_READWRITE | sqlite3.OPEN_CREATE;
    return new Promise((resolve, reject) => {
      const db = new sqlite3.Database(name, flags, (err) => {
        if (err) {
          reject(
            new IngestScaleError('E_DB', `cannot open the results database ${path}: ${err.message}`, {
              hint:
                mode === 'readonly'
                  ? 'check --db: the file must exist (run `ingest-scale run` or `import` first)'
                  : 'check --db: its folder must exist and be writable',
              exitCode: ExitCode.Usage,
            }),
          );
        } else resolve(new SqliteDb(db, path));
      });
    });
  }

  run(sql: string, params: Params = []): Promise<{ changes: number; lastID: number }> {
    const path = this.path;
    return new Promise((resolve, reject) => {
      this.db.run(sql, params as unknown[], function (this: sqlite3.RunResult, err: Error | null) {
        if (err) reject(dbError(path, err));
        else resolve({ changes: this.changes, lastID: this.lastID });
      });
    });
  }

  get<T>(sql: string, params: Params = []): Promise<T | undefined> {
    return new Promise((resolve, reject) => {
      this.db.get(sql, params as unknown[], (err: Error | null, row: T | undefined) =>
        err ? reject(dbError(this.path, err)) : resolve(row),
      );
    });
  }

  all<T>(sql: string, params: Params = []): Promise<T[]> {
    return new Promise((resolve, reject) => {
      this.db.all(sql, params as unknown[], (err: Error | null, rows: T[]) =>
        err ? reject(dbError(this.path, err)) : resolve(rows),
      );
    });
  }

  /** Calls onRow for every row without holding the result set in memory. */
  each<T>(sql: string, params: Params, onRow: (row: T) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      let failed: Error | null = null;
      this.db.each(
        sql,
        params as unknown[],
        (err: Error | null, row: T) => {
          if (err) failed = err;
          else if (!failed) {
            try {
              onRow(row);
            } catch (e) {
              failed = e as Error;
            }
          }
        },
        (err: Error | null, count: number) =>
          err || failed ? reject(dbError(this.path, err ?? failed)) : resolve(count),
      );
    });
  }

  exec(sql: string): Promise<void> {
    return new Promise((resolve, reject) =>
      this.db.exec(sql, (err) => (err ? reject(dbError(this.path, err)) : resolve())),
    );
  }

  /** Runs fn inside BEGIN IMMEDIATE … COMMIT; any error rolls the whole transaction back. */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    await this.exec('BEGIN IMMEDIATE');
    try {
      const out = await fn();
      await this.exec('COMMIT');
      return out;
    } catch (e) {
      await this.exec('ROLLBACK').catch(() => undefined);
      throw e;
    }
  }

  /**
   * Runs SQL statements (texts without parameters) as one transaction in as few driver calls as it
   * can: up to `perCall` of them with BEGIN and COMMIT in one call (SQLite stops at the first error,
   * and the ROLLBACK here undoes the rest); more are queued in calls of `perCall`, all settled before
   * COMMIT is sent. Either way a failure anywhere leaves nothing behind.
   */
  async transactionSql(statements: readonly string[], perCall: number): Promise<void> {
    if (statements.length <= perCall) {
      try {
        await this.exec(`BEGIN IMMEDIATE;\n${statements.join(';\n')};\nCOMMIT`);
      } catch (e) {
        await this.exec('ROLLBACK').catch(() => undefined); // none open if BEGIN itself failed
        throw e;
      }
      return;
    }
    await this.transaction(async () => {
      const queued: Promise<void>[] = [];
      for (let i = 0; i < statements.length; i += perCall) {
        const done = this.exec(statements.slice(i, i + perCall).join(';\n'));
        done.catch(() => undefined); // handled below; never an unhandled rejection meanwhile
        queued.push(done);
      }
      await settled(queued);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) =>
      this.db.close((err) => (err ? reject(dbError(this.path, err)) : resolve())),
    );
  }
}

/** Waits for every queued statement, then throws the first failure (after all: none is left running). */
export async function settled(queued: readonly Promise<void>[]): Promise<void> {
  const results = await Promise.allSettled(queued);
  for (const r of results) if (r.status === 'rejected') throw r.reason;
}
