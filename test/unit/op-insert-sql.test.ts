/**
 * Operation records written as all-literal INSERTs (opInsertSql) are stored exactly as the sqlite3
 * driver stores them bound as parameters: same values (doubles bit for bit), same SQLite types, same
 * row order; values without an exact literal fall back to binding; a failing chunk leaves nothing.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import sqlite3 from 'sqlite3';
import { opInsertSql } from '../../src/store/op-insert-sql.js';
import type { BatchRecord, OpRecord, RunRecord } from '../../src/model/records.js';
import { ResultsStore } from '../../src/store/results-store.js';
import { OP_COLUMNS, opParams } from '../../src/store/rows.js';
import { runRecord } from '../helpers/run-record.js';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'ingest-scale-op-insert-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

const run = (id: string): RunRecord => runRecord(id);

const batch = (index: number, n: number): BatchRecord => ({
  index,
  objects: n,
  objectsBefore: 0,
  bytes: 0,
  wallMs: 1.5,
  okOps: n,
  failedOps: 0,
  retriedOps: 0,
  p50Ms: null,
  p95Ms: null,
  p99Ms: null,
  startedAt: null,
});

const wholeNs = (n: number): number => n / 1e6;
const op = (i: number, over: Partial<OpRecord> = {}): OpRecord => ({
  kind: 'add-datastream',
  objectId: `o-${i}`,
  objectIndex: i,
  datastreamId: 'D',
  status: 'ok',
  bytes: 1024,
  startMs: wholeNs(50_000 * i),
  ttfbMs: wholeNs(800_123 + i),
  durationMs: wholeNs(1_000_457 + 3 * i),
  attempt: 1,
  errorCode: null,
  httpStatus: 201,
  ...over,
});

type Row = Record<string, unknown>;
function rows(path: string, runId: string): Promise<Row[]> {
  const types = OP_COLUMNS.map((c) => `typeof(${c}) AS t_${c}`).join(', ');
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(path, sqlite3.OPEN_READONLY);
    db.all(
      `SELECT rowid AS r, *, ${types} FROM ops WHERE run_id = ? ORDER BY rowid`,
      [runId],
      (err: Error | null, out: Row[]) => {
        db.close();
        if (err) reject(err);
        else resolve(out);
      },
    );
  });
}

/** The reference: every row through the driver's own binding, one INSERT per row. */
async function reference(path: string, runId: string, b: BatchRecord, ops: readonly OpRecord[]): Promise<void> {
  const s = await ResultsStore.open(path);
  await s.createRun(run(runId));
  await s.db.run(
    'INSERT INTO batches (run_id, idx, objects, objects_before, bytes, wall_ms, ok_ops, failed_ops, retried_ops) VALUES (?, ?, 0, 0, 0, 0, 0, 0, 0)',
    [runId, b.index],
  );
  for (const o of ops)
    await s.db.run(
      `INSERT INTO ops (${OP_COLUMNS.join(', ')}) VALUES (${OP_COLUMNS.map(() => '?').join(', ')})`,
      opParams(runId, b.index, o),
    );
  await s.close();
}

function assertSameRows(ours: Row[], ref: Row[]): void {
  assert.equal(ours.length, ref.length);
  for (let i = 0; i < ours.length; i++) {
    for (const [k, v] of Object.entries(ref[i] as Row)) {
      assert.ok(
        Object.is((ours[i] as Row)[k], v),
        `row ${i} column ${k}: ${String((ours[i] as Row)[k])} vs ${String(v)}`,
      );
    }
  }
}

const exactTime = fc.oneof(fc.integer({ min: 0, max: 2 ** 45 }).map(wholeNs), fc.constantFrom(0, -0, 1, 2 ** 30)); // what the engine makes: whole nanoseconds
const anyTime = fc.oneof(exactTime, fc.double({ noNaN: true }), fc.constantFrom(0.1 + 0.2, 2 ** 53, Number.MIN_VALUE)); // bound instead
const arbOp = (time: fc.Arbitrary<number>, text: fc.Arbitrary<string>): fc.Arbitrary<OpRecord> =>
  fc.record({
    kind: fc.constantFrom('create-object', 'add-datastream', 'verify', 'commit-batch'),
    objectId: fc.oneof(text, fc.constant("it's")),
    objectIndex: fc.oneof(fc.integer({ min: 0, max: 1e6 }), fc.constant(2 ** 40)),
    datastreamId: fc.option(fc.oneof(fc.constantFrom('D', 'DS2'), text), { nil: null }),
    status: fc.constantFrom('ok', 'failed'),
    bytes: fc.oneof(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(2 ** 31, 2 ** 40)),
    startMs: time,
    ttfbMs: fc.option(time, { nil: null }),
    durationMs: time,
    attempt: fc.integer({ min: 1, max: 12 }),
    errorCode: fc.option(fc.constantFrom('E_HTTP', 'E_TIMEOUT', 'E_VERIFY'), { nil: null }),
    httpStatus: fc.option(fc.constantFrom(200, 201, 204, 409, 500, 503), { nil: null }),
  }) as fc.Arbitrary<OpRecord>;
const ascii = fc.string({ maxLength: 12 });
const engineLike = fc.integer({ min: 0, max: 1e6 }).map((i) => op(i));
const batches = fc.oneof(
  fc.array(fc.oneof(engineLike, arbOp(exactTime, ascii)), { minLength: 1, maxLength: 700 }), // every chunk literal
  fc.array(arbOp(anyTime, fc.oneof(ascii, fc.string({ unit: 'binary', maxLength: 6 }))), {
    minLength: 1,
    maxLength: 700,
  }), // mostly bound
  fc.array(fc.oneof({ weight: 30, arbitrary: engineLike }, { weight: 1, arbitrary: arbOp(anyTime, ascii) }), {
    minLength: 1,
    maxLength: 700,
  }), // mixed chunks
);

test('recorded operations equal the same operations bound by the driver: values bit for bit, types, row order', async () => {
  let k = 0;
  await fc.assert(
    fc.asyncProperty(batches, async (ops) => {
      const id = `run${++k}`;
      const ours = join(dir, `ours-${k}.db`);
      const ref = join(dir, `ref-${k}.db`);
      const s = await ResultsStore.open(ours);
      await s.createRun(run(id));
      await s.recordBatch(id, batch(1, ops.length), ops);
      await s.close();
      await reference(ref, id, batch(1, ops.length), ops);
      assertSameRows(await rows(ours, id), await rows(ref, id));
    }),
    { numRuns: 60 },
  );
});

test('a chunk gets a literal INSERT only when every value has an exact literal', () => {
  const ok = [op(0), op(1, { kind: 'create-object', datastreamId: null, ttfbMs: null })];
  const sql = opInsertSql('r1', 3, ok, 0, 2);
  assert.ok(sql !== null && !sql.includes('?'), 'whole nanoseconds, ASCII text, integers and NULLs are literals');
  assert.match(sql, /CASE column7 WHEN 0 THEN/, 'two combinations of the small fields: a dictionary');
  assert.equal(
    opInsertSql('r1', 3, [op(0, { durationMs: 0.1 + 0.2 })], 0, 1),
    null,
    'not a whole number of nanoseconds',
  );
  assert.equal(opInsertSql('r1', 3, [op(0, { objectId: 'ü' })], 0, 1), null, 'non-ASCII text');
  assert.equal(opInsertSql('r1', 3, [op(0, { startMs: Number.NaN })], 0, 1), null, 'NaN');
  assert.equal(opInsertSql('r1', 3, [op(0, { objectIndex: 2 ** 53 })], 0, 1), null, 'not a safe integer');
  assert.equal(opInsertSql('r1', 3, [op(0, { attempt: undefined as unknown as number })], 0, 1), null, 'missing value');
  const many = Array.from({ length: 20 }, (_, i) => op(i, { attempt: i + 1 }));
  assert.doesNotMatch(
    opInsertSql('r1', 3, many, 0, 20) ?? '',
    /CASE/,
    'many combinations: the small fields go into every row',
  );
});

test('a literal chunk that fails rolls back the whole batch, the chunks queued after it included', async () => {
  const path = join(dir, 'fail.db');
  const s = await ResultsStore.open(path);
  await s.createRun(run('f1'));
  await s.db.exec(
    "CREATE TRIGGER boom BEFORE INSERT ON ops WHEN NEW.object_index = 600 BEGIN SELECT RAISE(ABORT, 'boom at 600'); END",
  );
  const ops = Array.from({ length: 1000 }, (_, i) => op(i));
  assert.ok(opInsertSql('f1', 1, ops, 500, 750) !== null, 'the failing chunk is a literal one');
  await assert.rejects(s.recordBatch('f1', batch(1, 1000), ops), /boom at 600/);
  assert.equal((await s.batches('f1')).length, 0);
  assert.equal((await s.ops('f1')).length, 0);
  await s.db.exec('DROP TRIGGER boom');
  await s.recordBatch('f1', batch(1, 1000), ops);
  await s.close();
  assert.deepEqual(
    (await rows(path, 'f1')).map((r) => r.object_index),
    ops.map((o) => o.objectIndex),
    'all rows, in order',
  );
});
