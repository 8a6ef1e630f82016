/**
 * One chunk of operation records as a single INSERT whose every value is an SQL literal that SQLite
 * stores exactly as the sqlite3 driver would have bound it, so it needs no parameters at all.
 *
 * Recording is dominated by two costs: the driver binds a number in about half a microsecond on the
 * main thread, and SQLite compiles every literal of a multi-row VALUES into its own instructions on
 * its thread. So the statement carries as few literals as it can:
 * - run id and batch index once, in the SELECT list, not once per row;
 * - the small fields (datastream id, kind, status, attempt, error code, HTTP status) as a dictionary
 *   of the distinct combinations in the chunk, usually one or two: constants, or one small integer per
 *   row decoded by a CASE;
 * - each time in ms as the integer n with n / 1e6 === the double (how the engine makes them, from
 *   nanoseconds), and the SELECT list divides by 1e6: SQLite converts n to a double exactly and divides
 *   in IEEE double arithmetic, as JS does, so the stored REAL is the same double bit for bit. (A decimal
 *   literal would not do: SQLite's decimal parser is not correctly rounded.)
 * A chunk holding any value that cannot be written this way (a time that is not a whole number of
 * nanoseconds, non-ASCII text, NaN, …) gets null, and the caller binds it instead.
 */
import type { OpRecord } from '../model/records.js';
import { OP_COLUMNS } from './rows.js';
import { int, nanos, orNull, text } from './sql-literals.js';

/** Operations per INSERT: small enough that building the next overlaps SQLite running this one. */
export const OPS_PER_LITERAL_INSERT = 250;

/** More distinct small-field combinations than this in a chunk: they go into every row instead. */
const MAX_DICTIONARY = 8;

/** Whether two operations have the same small fields (consecutive operations mostly do). */
const sameSmall = (a: OpRecord, b: OpRecord): boolean =>
  a.kind === b.kind &&
  a.status === b.status &&
  a.datastreamId === b.datastreamId &&
  a.attempt === b.attempt &&
  a.errorCode === b.errorCode &&
  a.httpStatus === b.httpStatus;

/** The small fields of an operation as literals, or null. */
function smallFields(op: OpRecord): string[] | null {
  const out = [
    orNull(op.datastreamId, text),
    text(op.kind),
    text(op.status),
    int(op.attempt),
    orNull(op.errorCode, text),
    orNull(op.httpStatus, int),
  ];
  for (const v of out) if (v === null) return null;
  return out as string[];
}

/** The INSERT for ops[from, to) of one batch, every value a literal; null if some value has no exact literal. */
export function opInsertSql(
  runId: string,
  batchIndex: number,
  ops: readonly OpRecord[],
  from: number,
  to: number,
): string | null {
  const run = text(runId);
  const batch = int(batchIndex);
  if (run === null || batch === null) return null;
  const dict = new Map<string, number>();
  const combos: string[][] = [];
  const codes: number[] = [];
  const rows: string[] = [];
  let code = -1;
  for (let i = from; i < to; i++) {
    const op = ops[i] as OpRecord;
    if (i === from || !sameSmall(op, ops[i - 1] as OpRecord)) {
      const small = smallFields(op);
      if (small === null) return null;
      const key = small.join('\n'); // no literal holds a newline
      const known = dict.get(key);
      if (known !== undefined) code = known;
      else {
        code = combos.length;
        dict.set(key, code);
        combos.push(small);
      }
    }
    const index = int(op.objectIndex);
    const id = text(op.objectId);
    const bytes = int(op.bytes);
    const start = nanos(op.startMs);
    const ttfb = nanos(op.ttfbMs);
    const duration = nanos(op.durationMs);
    if (index === null || id === null || bytes === null || start === null || ttfb === null || duration === null)
      return null;
    codes.push(code);
    rows.push(`${index}, ${id}, ${bytes}, ${start}, ${ttfb}, ${duration}`);
  }
  // column1..6 are the per-row values above; then either a dictionary code or the small fields themselves
  let small: string[];
  if (combos.length === 1) small = combos[0] as string[];
  else if (combos.length <= MAX_DICTIONARY) {
    small = [0, 1, 2, 3, 4, 5].map(
      (k) => `CASE column7 ${combos.map((c, code) => `WHEN ${code} THEN ${c[k]}`).join(' ')} END`,
    );
    for (let r = 0; r < rows.length; r++) rows[r] += `, ${codes[r]}`;
  } else {
    small = [0, 1, 2, 3, 4, 5].map((k) => `column${7 + k}`);
    for (let r = 0; r < rows.length; r++) rows[r] += `, ${(combos[codes[r] as number] as string[]).join(', ')}`;
  }
  const [ds, kind, status, attempt, errorCode, httpStatus] = small;
  const select = [
    run,
    batch,
    'column1',
    'column2',
    ds,
    kind,
    status,
    'column3',
    'column4 / 1e6',
    'column5 / 1e6',
    'column6 / 1e6',
    attempt,
    errorCode,
    httpStatus,
  ];
  return `INSERT INTO ops (${OP_COLUMNS.join(', ')}) SELECT ${select.join(', ')} FROM (VALUES (${rows.join('), (')}))`;
}
