/**
 * The import's batch writer writes behind the reader but never past a failure: a batch that fails
 * (here a second batch 2, which its primary key refuses) is reported by the next add() or finish(),
 * nothing queued after it is written, and the caller's ROLLBACK leaves nothing; a batch whose values
 * have no exact literal is written with bound values in its place in the order.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { BatchRecord, OpRecord, RunRecord } from '../../src/model/records.js';
import { ImportedBatchWriter } from '../../src/store/imported-batch-writer.js';
import { ResultsStore } from '../../src/store/results-store.js';
import { tempDir } from '../helpers/cli.js';
import { runRecord } from '../helpers/run-record.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

const run = (id: string): RunRecord =>
  runRecord(id, { source: 'import', backend: 'import', batchSize: 3, plannedBatches: 0 });

const batch = (index: number): BatchRecord => ({
  index,
  objects: 3,
  objectsBefore: 3 * (index - 1),
  bytes: 3,
  wallMs: 2.5,
  okOps: 3,
  failedOps: 0,
  retriedOps: 0,
  p50Ms: 1,
  p95Ms: 1.5,
  p99Ms: 2,
  startedAt: '2026-01-01T00:00:00.000Z',
});

const ops = (index: number, durationMs = 1): OpRecord[] =>
  [0, 1, 2].map((k) => ({
    kind: 'create-object',
    objectId: `/o${3 * index + k}`,
    objectIndex: 3 * index + k,
    datastreamId: null,
    status: 'ok',
    bytes: 1,
    startMs: k,
    ttfbMs: null,
    durationMs,
    attempt: 1,
    errorCode: null,
    httpStatus: 201,
  }));

const count = async (s: ResultsStore, table: 'batches' | 'ops', runId: string): Promise<number> =>
  (await s.db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE run_id = ?`, [runId]))?.n ?? -1;

test('every batch written in order, one with an inexact time bound instead of literal', async () => {
  const s = await ResultsStore.open(join(tmp.dir, 'ok.db'));
  try {
    await s.createRun(run('r1'));
    await s.db.transaction(async () => {
      const w = new ImportedBatchWriter(s.db, 'r1');
      for (let i = 1; i <= 40; i++) await w.add(batch(i), ops(i, i === 20 ? 0.1 + 0.2 : 1));
      await w.finish();
    });
    assert.equal(await count(s, 'batches', 'r1'), 40);
    const got = await s.db.all<{ b: number; d: number }>(
      'SELECT batch_idx AS b, duration_ms AS d FROM ops WHERE run_id = ? ORDER BY rowid',
      ['r1'],
    );
    assert.deepEqual(
      got.map((r) => r.b),
      Array.from({ length: 40 }, (_, i) => [i + 1, i + 1, i + 1]).flat(),
    );
    assert.equal(got[57]?.d, 0.1 + 0.2);
  } finally {
    await s.close();
  }
});

test('a failing batch: reported, nothing after it written, the rollback leaves nothing', async () => {
  const s = await ResultsStore.open(join(tmp.dir, 'bad.db'));
  try {
    await s.createRun(run('r2'));
    let inside = -1;
    await assert.rejects(
      s.db.transaction(async () => {
        const w = new ImportedBatchWriter(s.db, 'r2');
        try {
          for (const i of [1, 2, 2, 3, 4, 5, 6, 7, 8, 9]) await w.add(batch(i), ops(i));
          await w.finish();
        } catch (e) {
          await w.abandon();
          inside = await count(s, 'batches', 'r2');
          throw e;
        }
      }),
      /SQLITE_CONSTRAINT/,
    );
    assert.equal(inside, 2, 'the batches before the failing one, none after it');
    assert.equal(await count(s, 'batches', 'r2'), 0);
    assert.equal(await count(s, 'ops', 'r2'), 0);
  } finally {
    await s.close();
  }
});
