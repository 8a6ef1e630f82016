/**
 * Imported batches (`import`: a time and nothing else per batch) as INSERTs of exact literals, many
 * rows per statement: each row is only (index, time) in a VALUES list, the other columns are
 * written once by the SELECT around it, so ten million rows cost about 25 bytes of SQL each and no
 * bound parameter (binding costs the sqlite3 driver about half a microsecond per value on the main
 * thread). Times go through real() (sql-literals.ts), so SQLite stores the very double parsed.
 */
import { BATCH_COLUMNS } from './rows.js';
import { real, text } from './sql-literals.js';

/** Rows per INSERT statement. */
export const IMPORT_ROWS_PER_INSERT = 2000;

/**
 * INSERTs of the batches firstIndex, firstIndex + 1, … (1-based) with wall times `times` (finite, > 0)
 * of a run of batchSize objects per batch, as one SQL text of statements joined by ';'.
 */
export function importedBatchesSql(runId: string, batchSize: number, firstIndex: number, times: Float64Array): string {
  const id = text(runId);
  if (id === null || !Number.isSafeInteger(batchSize) || !Number.isSafeInteger(firstIndex)) {
    throw new TypeError(
      `importedBatchesSql: run id ${runId}, batch size ${batchSize} and first index ${firstIndex} need exact literals`,
    );
  }
  const head =
    `INSERT INTO batches (${BATCH_COLUMNS.join(', ')}) ` +
    `SELECT ${id}, column1, ${batchSize}, (column1 - 1) * ${batchSize}, 0, column2, 0, 0, 0, NULL, NULL, NULL, NULL FROM (VALUES `;
  const statements: string[] = [];
  for (let from = 0; from < times.length; from += IMPORT_ROWS_PER_INSERT) {
    const to = Math.min(from + IMPORT_ROWS_PER_INSERT, times.length);
    let sql = head;
    for (let k = from; k < to; k++) {
      const v = real(times[k]);
      if (v === null || v === 'NULL')
        throw new TypeError(`importedBatchesSql: batch ${firstIndex + k} has time ${times[k]}, not a finite number`);
      sql += `${k > from ? ', ' : ''}(${firstIndex + k}, ${v})`;
    }
    statements.push(`${sql})`);
  }
  return statements.join(';\n');
}
