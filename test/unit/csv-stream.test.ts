/**
 * The streaming CSV reader (csv-stream.ts) against the whole-text parseCsv (csv.ts), and the streaming
 * import (stream-import.ts): one transaction, so an error late in the file leaves no run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseCsv } from '../../src/import/csv.js';
import { CsvStream, type CsvRecord } from '../../src/import/csv-stream.js';
import { openCsvSeries, storeCsvSeries } from '../../src/import/stream-import.js';
import { readSeries } from '../../src/import/series-import.js';
import { ResultsStore } from '../../src/store/results-store.js';
import { tempDir } from '../helpers/cli.js';

/** Records of text fed as the chunks cut at `cuts`, or the error thrown. */
function streamed(text: string, cuts: number[]): CsvRecord[] | Error {
  const out: CsvRecord[] = [];
  const s = new CsvStream('t.csv', (r) => out.push(r));
  try {
    let from = 0;
    for (const at of [...cuts.filter((c) => c <= text.length)].sort((a, b) => a - b)) {
      s.push(text.slice(from, at));
      from = at;
    }
    s.push(text.slice(from));
    s.end();
  } catch (e) {
    return e as Error;
  }
  return out;
}

function whole(text: string): ReturnType<typeof parseCsv> | Error {
  try {
    return parseCsv(text, 't.csv');
  } catch (e) {
    return e as Error;
  }
}

/** parseCsv's data rows, or its error, compared with the streamed records after the header. */
function sameAsWhole(text: string, cuts: number[]): void {
  const a = whole(text);
  const b = streamed(text, cuts);
  if (a instanceof Error) {
    // parseCsv also throws for an empty file, which the stream leaves to its reader (no records)
    if (b instanceof Error) assert.equal(b.message, a.message);
    else assert.equal(b.length, 0, `${JSON.stringify(text)}: ${a.message}`);
    return;
  }
  assert.ok(!(b instanceof Error), `${JSON.stringify(text)} cut at ${cuts}: ${String(b)}`);
  assert.deepEqual(
    b[0]?.cells.map((h) => h.trim()),
    a.header,
    `${JSON.stringify(text)} cut at ${cuts}`,
  );
  assert.deepEqual(b.slice(1), a.rows, `${JSON.stringify(text)} cut at ${cuts}`);
}

test('CsvStream: any split into chunks gives the rows, line numbers and errors of parseCsv', () => {
  const piece = fc.constantFrom('a', 'b', '1', ',', '"', '""', '\n', '\r', '\r\n', ' ', '\uFEFF', 'é', '49,847');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 40 }), fc.array(fc.nat(60), { maxLength: 8 }), (pieces, cuts) =>
      sameAsWhole(pieces.join(''), cuts),
    ),
    { numRuns: 3000, seed: 16 },
  );
  for (const text of ['\uFEFFbatch,ms\r\n1,10\r\n\r\n2,"4""9"\r\n', 'a\n"x\ny",2\r3\n', 'a,b\n1,"2', 'a\r', '"a""']) {
    for (let cut = 0; cut <= text.length; cut++) sameAsWhole(text, [cut]);
  }
});

test('CsvStream: an unclosed quote names the file and the line it opened on, chunked or not', () => {
  const e = streamed('a,b\n1,2\n3,"4\n5,6\n', [9, 10, 11]);
  assert.ok(e instanceof Error);
  assert.match(e.message, /t\.csv: line 3: a quoted field is not closed/);
});

async function importFile(db: string, file: string): Promise<string> {
  const series = await openCsvSeries({ file, column: 'ms', batchSize: 10 });
  const store = await ResultsStore.open(db, 'write');
  try {
    return (await storeCsvSeries(store, series)).id;
  } finally {
    await store.close();
    await series.close();
  }
}

async function runCount(db: string): Promise<{ runs: number; batches: number }> {
  const store = await ResultsStore.open(db, 'read');
  try {
    const r = await store.db.get<{ runs: number; batches: number }>(
      'SELECT (SELECT COUNT(*) FROM runs) AS runs, (SELECT COUNT(*) FROM batches) AS batches',
    );
    return r as { runs: number; batches: number };
  } finally {
    await store.close();
  }
}

test('streaming import: the same batches as readSeries, over several written chunks', async () => {
  await withTmpAsync(async (dir) => {
    const file = join(dir, 'many.csv');
    const rows = Array.from(
      { length: 45_001 },
      (_, i) =>
        `${i + 1},${i % 7 === 0 ? `"${1000 + i},${String(i % 1000).padStart(3, '0')}"` : (1.5 + i / 3).toString()}`,
    );
    writeFileSync(file, `batch,ms\r\n${rows.join('\r\n')}\r\n`);
    const db = join(dir, 'r.db');
    const id = await importFile(db, file);
    const store = await ResultsStore.open(db, 'read');
    try {
      const got = await store.batches(id);
      const want = readSeries({ file, column: 'ms', batchSize: 10 });
      assert.equal(got.length, 45_001);
      assert.deepEqual(got, want.batches);
      const run = await store.resolveRun(id);
      assert.equal(run.plannedBatches, 45_001);
      assert.deepEqual(run.workload, want.run.workload);
    } finally {
      await store.close();
    }
  });
});

test('streaming import: a bad row late in the file leaves no run and no batch behind', async () => {
  await withTmpAsync(async (dir) => {
    const db = join(dir, 'r.db');
    const good = join(dir, 'good.csv');
    writeFileSync(good, 'ms\n1\n2\n3\n');
    await importFile(db, good);
    const bad = join(dir, 'bad.csv');
    const rows = Array.from({ length: 60_000 }, (_, i) => String(100 + (i % 13)));
    rows[59_990] = 'oops';
    writeFileSync(bad, `ms\n${rows.join('\n')}\n`);
    await assert.rejects(importFile(db, bad), (e: Error) =>
      /bad\.csv: line 59992: column "ms" has "oops"/.test(e.message),
    );
    assert.deepEqual(await runCount(db), { runs: 1, batches: 3 });
    const headerOnly = join(dir, 'header.csv');
    writeFileSync(headerOnly, 'ms\n\n');
    await assert.rejects(importFile(db, headerOnly), /header but no batches/);
    await assert.rejects(openCsvSeries({ file: good, column: 'millis', batchSize: 1 }), /no column "millis"/);
    await assert.rejects(
      openCsvSeries({ file: join(dir, 'none.csv'), column: 'ms', batchSize: 1 }),
      /cannot read .*none\.csv/,
    );
    assert.deepEqual(await runCount(db), { runs: 1, batches: 3 });
  });
});

async function withTmpAsync(fn: (dir: string) => Promise<void>): Promise<void> {
  const tmp = tempDir();
  try {
    await fn(tmp.dir);
  } finally {
    tmp.cleanup();
  }
}
