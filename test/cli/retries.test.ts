/**
 * --retries against the http-put reference server answering 503 to some requests: each attempt is
 * recorded (a `retried` row per failed attempt, the final row counting the attempts), retried
 * operations are not failures, and --retries 0 lets the 503s through to the error budget.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import sqlite3 from 'sqlite3';
import { runCli, tempDir } from '../helpers/cli.js';
import { serve, type ServedProcess } from '../helpers/serve.js';

let tmp: ReturnType<typeof tempDir>;
let server: ServedProcess;
before(async () => {
  tmp = tempDir();
  server = await serve(['--protocol', 'http-put', '--base-cost', '0ms', '--faults', '503:10%', '--seed', '3']);
});
after(async () => {
  await server.stop();
  tmp.cleanup();
});

function rows<T>(db: string, sql: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const d = new sqlite3.Database(db, sqlite3.OPEN_READONLY);
    d.all(sql, (err: Error | null, r: T[]) => d.close(() => (err ? reject(err) : resolve(r))));
  });
}

const args = (db: string): string[] => [
  'run',
  '--backend',
  'http-put',
  '--url',
  server.url,
  '--collections',
  'none',
  '-n',
  '200',
  '--batch-size',
  '20',
  '--datastream',
  'D:512',
  '--no-stop-early',
  '--db',
  db,
  '--json',
];

test('503s are retried: every failed attempt recorded as a retried row, the operations succeed, retried_ops counts them', async () => {
  const db = join(tmp.dir, 'r.db');
  const r = await runCli([...args(db), '--retries', '4']);
  assert.ok([0, 1, 3].includes(r.code ?? -1), r.stderr);
  const [final] = await rows<{ failed: number; extra: number; multi: number }>(
    db,
    "SELECT SUM(status = 'failed') AS failed, SUM(CASE WHEN status != 'retried' THEN attempt - 1 ELSE 0 END) AS extra, SUM(status != 'retried' AND attempt > 1) AS multi FROM ops",
  );
  const [retried] = await rows<{ n: number; codes: string }>(
    db,
    "SELECT COUNT(*) AS n, GROUP_CONCAT(DISTINCT error_code) AS codes FROM ops WHERE status = 'retried'",
  );
  assert.ok((retried?.n ?? 0) > 0, 'some requests met a 503 and were tried again');
  assert.equal(retried?.codes, 'E_HTTP_503');
  assert.equal(retried?.n, final?.extra, 'one retried row per attempt before the final one');
  assert.equal(final?.failed, 0, 'with 4 retries every operation got through');
  const [b] = await rows<{ n: number }>(db, 'SELECT SUM(retried_ops) AS n FROM batches');
  assert.equal(b?.n, final?.multi, 'retried_ops counts the operations that needed more than one attempt');
  const c = JSON.parse((await runCli(['check', 'last', '--db', db, '--json'])).stdout);
  assert.equal(c.completion, 'complete');
});

test('--retries 0: a 503 is a failed operation at once', async () => {
  const db = join(tmp.dir, 'z.db');
  const r = await runCli([...args(db), '--retries', '0', '--max-error-rate', '0.5']);
  assert.ok([0, 1, 3].includes(r.code ?? -1), r.stderr);
  const [x] = await rows<{ failed: number; retried: number }>(
    db,
    "SELECT SUM(status = 'failed') AS failed, SUM(status = 'retried') AS retried FROM ops",
  );
  assert.ok((x?.failed ?? 0) > 0);
  assert.equal(x?.retried, 0);
});
