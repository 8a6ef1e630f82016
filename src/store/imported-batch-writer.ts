/**
 * The batches of an import written behind the reader: the reader hands over each batch as it closes
 * and goes on reading while SQLite (on the driver's thread) writes the ones before. The batches that
 * close while one write is in flight wait as SQL text and go to the driver together in the next call,
 * so the reader stalls only when MAX_WAITING of them wait (memory stays flat whatever the file's size).
 *
 * Only one call is ever in flight, and a failed call is seen before anything after it is sent: every
 * later add() and finish() throws its error, and nothing more is written (the caller rolls back). A
 * batch with a value that has no exact literal is written with bound values once everything before it
 * is written.
 */
import type { BatchRecord, OpRecord } from '../model/records.js';
import { importedBatchSql, writeImportedBatchBound } from './imported-ops.js';
import type { SqliteDb } from './sqlite.js';

/** Batches waiting as SQL text at most (a few hundred KiB for batches of 500). */
const MAX_WAITING = 16;

export class ImportedBatchWriter {
  private waiting: string[] = [];
  /** The call in flight, or null. */
  private current: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly db: SqliteDb,
    private readonly runId: string,
  ) {}

  /** Queues a batch; resolves at once unless MAX_WAITING batches already wait (or a write failed). */
  async add(batch: BatchRecord, ops: readonly OpRecord[]): Promise<void> {
    this.check();
    const sql = importedBatchSql(this.runId, batch, ops);
    if (sql === null) {
      await this.finish();
      await writeImportedBatchBound(this.db, this.runId, batch, ops);
      return;
    }
    this.waiting.push(sql);
    if (this.current === null) this.send();
    else if (this.waiting.length >= MAX_WAITING) {
      await this.settled();
      this.check();
    }
  }

  /** Writes everything queued; throws the first failure. */
  async finish(): Promise<void> {
    this.check();
    while (this.current !== null) await this.settled();
    this.check();
  }

  /** Drops what waits and waits for the call in flight to end, whatever its outcome (before a ROLLBACK). */
  async abandon(): Promise<void> {
    this.waiting = [];
    while (this.current !== null) await this.settled();
  }

  private async settled(): Promise<void> {
    await this.current?.catch(() => undefined);
  }

  private check(): void {
    if (this.failure !== null) throw this.failure.error;
  }

  /** Sends every waiting batch in one call; when it ends, sends what waits by then. */
  private send(): void {
    const sql = this.waiting.join(';\n');
    this.waiting = [];
    const call = this.db.exec(sql).then(
      () => {
        this.current = null;
        if (this.waiting.length > 0 && this.failure === null) this.send();
      },
      (e: unknown) => {
        this.current = null;
        this.waiting = [];
        this.failure = { error: e };
        throw e;
      },
    );
    call.catch(() => undefined); // seen by the next add() or finish(); never an unhandled rejection meanwhile
    this.current = call;
  }
}
