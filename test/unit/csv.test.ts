import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv } from '../../src/import/csv.js';
import { readSeries } from '../../src/import/series-import.js';
import { withTmp } from '../helpers/cli.js';
import { throwsUsage } from '../helpers/throws-usage.js';

const FEDORA = fileURLToPath(new URL('../../../fixtures/series/fedora3-vs-fedora4.csv', import.meta.url));

const cellsOf = (text: string): string[][] => parseCsv(text, 't.csv').rows.map((r) => r.cells);

test('parseCsv: header and rows with line numbers', () => {
  const t = parseCsv('a,b\n1,2\n3,4\n', 't.csv');
  assert.deepEqual(t.header, ['a', 'b']);
  assert.deepEqual(t.rows, [
    { line: 2, cells: ['1', '2'] },
    { line: 3, cells: ['3', '4'] },
  ]);
  // no final newline
  assert.deepEqual(cellsOf('a,b\n1,2'), [['1', '2']]);
  // header cells are trimmed
  assert.deepEqual(parseCsv(' a , b \n1,2', 't.csv').header, ['a', 'b']);
});

test('parseCsv: quoted fields keep commas, "" escapes and newlines', () => {
  assert.deepEqual(cellsOf('a,b,c\n"x, y","say ""hi""",z\n'), [['x, y', 'say "hi"', 'z']]);
  assert.deepEqual(cellsOf('a,b\n"",2\n'), [['', '2']]);
  const t = parseCsv('a,b\n"two\nlines",2\n3,4\n', 't.csv');
  assert.deepEqual(t.rows, [
    { line: 2, cells: ['two\nlines', '2'] },
    { line: 4, cells: ['3', '4'] },
  ]);
});

test('parseCsv: CRLF line ends, a byte order mark and blank lines', () => {
  const t = parseCsv('\uFEFFbatch,ms\r\n1,10\r\n\r\n2,20\r\n   \r\n3,30\r\n\r\n', 't.csv');
  assert.deepEqual(t.header, ['batch', 'ms']);
  assert.deepEqual(t.rows, [
    { line: 2, cells: ['1', '10'] },
    { line: 4, cells: ['2', '20'] },
    { line: 6, cells: ['3', '30'] },
  ]);
  // LF and CRLF give the same table
  assert.deepEqual(parseCsv('a,b\r\n"1,5",2\r\n', 't.csv'), parseCsv('a,b\n"1,5",2\n', 't.csv'));
});

test('parseCsv: an unclosed quote is E_BAD_CSV naming the file and the line it opened on', () => {
  throwsUsage(() => parseCsv('a,b\n1,2\n3,"4\n5,6\n', 'f.csv'), 'E_BAD_CSV', ['f.csv', 'line 3']);
  throwsUsage(() => parseCsv('"a,b\n', 'g.csv'), 'E_BAD_CSV', ['g.csv', 'line 1']);
});

test('parseCsv: an empty file is E_BAD_CSV', () => {
  throwsUsage(() => parseCsv('', 'e.csv'), 'E_BAD_CSV', ['e.csv']);
  throwsUsage(() => parseCsv('\n\r\n  \n', 'e.csv'), 'E_BAD_CSV', ['e.csv']);
});

test('readSeries on the Fedora 3 vs 4 fixture: 25 batches of 1,000', () => {
  const { run, batches } = readSeries({ file: FEDORA, column: 'fedora3_ms', batchSize: 1000 });
  assert.equal(batches.length, 25);
  assert.equal(batches[0]?.wallMs, 49_847);
  assert.equal(batches[24]?.wallMs, 31_603);
  batches.forEach((b, i) => {
    assert.equal(b.index, i + 1);
    assert.equal(b.objects, 1000);
    assert.equal(b.objectsBefore, i * 1000);
    assert.ok(b.wallMs > 0);
  });
  assert.equal(run.status, 'completed');
  assert.equal(run.source, 'import');
  assert.equal(run.plannedBatches, 25);
  assert.equal(run.batchSize, 1000);
  assert.equal(run.label, 'fedora3-vs-fedora4.csv:fedora3_ms');
  const f4 = readSeries({ file: FEDORA, column: 'fedora4_minimal_ms', batchSize: 1000, label: 'Fedora 4' });
  assert.equal(f4.run.label, 'Fedora 4');
  assert.equal(f4.batches[0]?.wallMs, 33_795);
  assert.equal(f4.batches[24]?.wallMs, 208_978);
});

test('readSeries: a missing column lists the available columns', () => {
  const e = throwsUsage(() => readSeries({ file: FEDORA, column: 'fedora5_ms', batchSize: 1000 }), 'E_BAD_CSV', [
    '"fedora5_ms"',
    'fedora3-vs-fedora4.csv',
  ]);
  const listed = `${e.message} ${e.hint ?? ''}`;
  for (const col of ['batch', 'fedora3_ms', 'fedora4_minimal_ms'])
    assert.ok(listed.includes(col), `${col} not listed in ${listed}`);
});

test('readSeries: bad cells are E_BAD_CSV with the line number and the cell', () => {
  withTmp((dir) => {
    const cases: [string, string, string][] = [
      ['batch,ms\n1,10\n2,abc\n', 'line 3', '"abc"'],
      ['batch,ms\n1,10\n2,20\n3,0\n', 'line 4', '"0"'],
      ['batch,ms\n1,-5\n', 'line 2', '"-5"'],
      ['batch,ms\n1,10\n2,\n', 'line 3', '""'],
      ['batch,ms\n1,10\n\n2,"49,84"\n', 'line 4', '"49,84"'],
      ['batch,ms\n1,Infinity\n', 'line 2', 'Infinity'],
      ['batch,ms\n1,"49,8471"\n', 'line 2', '"49,8471"'],
    ];
    cases.forEach(([body, line, cell], i) => {
      const file = join(dir, `bad-${i}.csv`);
      writeFileSync(file, body);
      throwsUsage(() => readSeries({ file, column: 'ms', batchSize: 10 }), 'E_BAD_CSV', [file, line, cell, '"ms"']);
    });
    const short = join(dir, 'short.csv');
    writeFileSync(short, 'batch,other,ms\n1,x,10\n2,y\n');
    throwsUsage(() => readSeries({ file: short, column: 'ms', batchSize: 10 }), 'E_BAD_CSV', ['line 3']);
    const headerOnly = join(dir, 'header.csv');
    writeFileSync(headerOnly, 'batch,ms\n');
    throwsUsage(() => readSeries({ file: headerOnly, column: 'ms', batchSize: 10 }), 'E_BAD_CSV', [headerOnly]);
  });
});

test('readSeries: a quoted thousands separator and decimals parse', () => {
  withTmp((dir) => {
    const file = join(dir, 'seps.csv');
    writeFileSync(file, 'batch,ms\r\n1,"49,847"\r\n2,"1,234,567"\r\n3,12.5\r\n4, 700 \r\n');
    const { batches } = readSeries({ file, column: 'ms', batchSize: 50 });
    assert.deepEqual(
      batches.map((b) => b.wallMs),
      [49_847, 1_234_567, 12.5, 700],
    );
    assert.deepEqual(
      batches.map((b) => b.objectsBefore),
      [0, 50, 100, 150],
    );
  });
});

test('readSeries: a missing file is E_FILE_UNREADABLE naming it', () => {
  withTmp((dir) => {
    const file = join(dir, 'none.csv');
    throwsUsage(() => readSeries({ file, column: 'ms', batchSize: 10 }), 'E_FILE_UNREADABLE', [file]);
  });
});
