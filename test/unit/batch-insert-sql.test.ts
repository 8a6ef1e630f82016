/**
 * A batch written as literal SQL text (batch-insert-sql.ts, sql-literals.ts, SqliteDb.transactionSql):
 * every double's literal evaluates in SQLite to exactly that double; the batch row is stored as the
 * driver stores it bound; a batch in several driver calls is written whole or not at all.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { batchInsertSql } from '../../src/store/batch-insert-sql.js';
import type { BatchRecord, OpRecord, RunRecord } from '../../src/model/records.js';
import { ResultsStore } from '../../src/store/results-store.js';
import { BATCH_COLUMNS, batchParams } from '../../src/store/rows.js';
import { real } from '../../src/store/sql-literals.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { runRecord } from '../helpers/run-record.js';

let dir: string;
let mem: SqliteDb;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ingest-scale-batch-sql-'));
  mem = await SqliteDb.open(':memory:');
});
after(async () => {
  await mem.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (id: string): RunRecord => runRecord(id);

const op = (i: number): OpRecord => ({
  kind: 'add-datastream',
  objectId: `o-${i}`,
  objectIndex: i,
  datastreamId: 'D',
  status: 'ok',
  bytes: 1024,
  startMs: (50_000 * i) / 1e6,
  ttfbMs: (800_123 + i) / 1e6,
  durationMs: (1_000_457 + 3 * i) / 1e6,
  attempt: 1,
  errorCode: null,
  httpStatus: 201,
});

const EDGES = [
  0,
  1,
  -2.5,
  0.1,
  1 / 3,
  0.1 + 0.2,
  Math.PI * 1e-9,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 70 + 2 ** 18,
  1e300,
  -1e-300,
  Number.MIN_VALUE,
  2.2250738585072014e-308,
  2.225073858507201e-308,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
];

test('every finite double has a literal that SQLite evaluates to exactly that double', async () => {
  const check = async (v: number): Promise<void> => {
    const lit = real(v);
    assert.ok(
      lit !== null && !lit.includes('e+') && !/\d\.\d/.test(lit.replace('1e6', '')),
      `${v}: a literal of integers only, got ${lit}`,
    );
    const row = await mem.get<{ v: number; t: string }>(`SELECT ${lit} AS v, typeof(${lit}) AS t`);
    assert.equal(row?.t, 'real', `${v}: ${lit} is a REAL`);
    assert.ok(Object.is(row?.v, v), `${v}: ${lit} came back as ${row?.v}`);
  };
  for (const v of EDGES) await check(v);
  await fc.assert(
    fc.asyncProperty(
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((v) => !Object.is(v, -0)),
      check,
    ),
    { numRuns: 400 },
  );
  for (const v of [Number.NaN, Infinity, -Infinity, -0, '1', undefined])
    assert.equal(real(v), null, `${String(v)} has no literal`);
  assert.equal(real(null), 'NULL');
});

const arbBatch: fc.Arbitrary<BatchRecord> = fc.record({
  index: fc.integer({ min: 1, max: 1e6 }),
  objects: fc.integer({ min: 0, max: 1e5 }),
  objectsBefore: fc.integer({ min: 0, max: 2 ** 40 }),
  bytes: fc.integer({ min: 0, max: 2 ** 52 }),
  wallMs: fc.oneof(
    fc.double({ min: 0, max: 1e9, noNaN: true }),
    fc.integer({ min: 0, max: 2 ** 45 }).map((n) => n / 1e6),
  ),
  okOps: fc.nat(),
  failedOps: fc.nat(),
  retriedOps: fc.nat(),
  p50Ms: fc.option(fc.double({ min: 0, max: 1e7, noNaN: true }), { nil: null }),
  p95Ms: fc.option(fc.double({ min: 0, max: 1e7, noNaN: true }), { nil: null }),
  p99Ms: fc.option(fc.constantFrom(...EDGES.map(Math.abs)), { nil: null }),
  startedAt: fc.option(fc.constantFrom('2026-12-02T22:00:00.000Z', "it's"), { nil: null }),
});

test('a batch row written as literals is stored as the driver stores it bound: values bit for bit, types', async () => {
  const db = await SqliteDb.open(':memory:');
  try {
    await db.exec(
      `CREATE TABLE b (${BATCH_COLUMNS.map((c) => `${c} ${/_ms$/.test(c) ? 'REAL' : /run_id|started_at/.test(c) ? 'TEXT' : 'INTEGER'}`).join(', ')})`,
    );
    const cols = BATCH_COLUMNS.map((c) => `${c}, typeof(${c}) AS t_${c}`).join(', ');
    await fc.assert(
      fc.asyncProperty(arbBatch, async (b) => {
        const sql = batchInsertSql('run-1', b);
        assert.ok(sql !== null, 'finite values, ASCII text: every value has a literal');
        await db.exec('DELETE FROM b');
        await db.exec(sql.replace('INSERT INTO batches', 'INSERT INTO b'));
        await db.run(
          `INSERT INTO b (${BATCH_COLUMNS.join(', ')}) VALUES (${BATCH_COLUMNS.map(() => '?').join(', ')})`,
          batchParams('run-1', b),
        );
        const [ours, bound] = await db.all<Record<string, unknown>>(`SELECT ${cols} FROM b ORDER BY rowid`);
        for (const [k, v] of Object.entries(bound ?? {}))
          assert.ok(Object.is(ours?.[k], v), `${k}: ${String(ours?.[k])} vs ${String(v)}`);
      }),
      { numRuns: 200 },
    );
    const b = fc.sample(arbBatch, 1)[0] as BatchRecord;
    assert.equal(batchInsertSql('run-1', { ...b, p95Ms: Number.NaN }), null, 'NaN: bound instead');
    assert.equal(batchInsertSql('rün', b), null, 'non-ASCII run id: bound instead');
  } finally {
    await db.close();
  }
});

test('a batch above one driver call (5,000 operations) is written whole, or not at all when a later call fails', async () => {
  const path = join(dir, 'calls.db');
  const s = await ResultsStore.open(path);
  await s.createRun(run('big'));
  const ops = Array.from({ length: 5000 }, (_, i) => op(i));
  const b: BatchRecord = {
    index: 1,
    objects: 5000,
    objectsBefore: 0,
    bytes: 0,
    wallMs: 1 / 3,
    okOps: 5000,
    failedOps: 0,
    retriedOps: 0,
    p50Ms: 0.1 + 0.2,
    p95Ms: null,
    p99Ms: 7,
    startedAt: null,
  };
  await s.db.exec(
    "CREATE TRIGGER boom BEFORE INSERT ON ops WHEN NEW.object_index = 4500 BEGIN SELECT RAISE(ABORT, 'boom at 4500'); END",
  );
  await assert.rejects(s.recordBatch('big', b, ops), /boom at 4500/);
  assert.equal((await s.batches('big')).length, 0, 'the batch row of the first call was rolled back');
  assert.equal((await s.ops('big')).length, 0);
  await s.db.exec('DROP TRIGGER boom');
  await s.recordBatch('big', b, ops);
  const [stored] = await s.batches('big');
  assert.ok(
    stored &&
      Object.is(stored.wallMs, 1 / 3) &&
      Object.is(stored.p50Ms, 0.1 + 0.2) &&
      stored.p95Ms === null &&
      Object.is(stored.p99Ms, 7),
  );
  assert.deepEqual(
    (await s.ops('big')).map((o) => o.objectIndex),
    ops.map((o) => o.objectIndex),
  );
  await assert.rejects(
    s.recordBatch('big', b, ops.slice(0, 10)),
    /UNIQUE|PRIMARY/,
    'the same batch twice: refused, in one call',
  );
  assert.equal((await s.ops('big')).length, 5000, 'and nothing of it added');
  await s.close();
});
