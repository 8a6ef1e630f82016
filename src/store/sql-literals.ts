/**
 * Values as SQL literals that SQLite reads back exactly as the sqlite3 driver would have bound them,
 * or null where a value has none (the caller then binds it). Used to write a batch and its
 * operations as plain SQL text, which costs the driver far less than binding (op-insert-sql.ts,
 * batch-insert-sql.ts). Text: printable ASCII only, quoted. Integers: safe integers. Doubles never
 * go through SQLite's decimal parser, which is not correctly rounded: a time made from whole
 * nanoseconds is the integer n with n / 1e6, anything else its exact binary form m·2^e.
 */
export type Lit = string | null;

const PLAIN_TEXT = /^[\x20-\x7e]*$/;

export const text = (v: unknown): Lit =>
  typeof v === 'string' && PLAIN_TEXT.test(v) ? `'${v.includes("'") ? v.replace(/'/g, "''") : v}'` : null;
export const int = (v: unknown): Lit => (Number.isSafeInteger(v) ? String(v) : null);
export const orNull = (v: unknown, lit: (v: unknown) => Lit): Lit => (v === null ? 'NULL' : lit(v));

/** The integer n with n / 1e6 === v (a time made from whole nanoseconds), or null; NULL for null. */
export function nanos(v: unknown): Lit {
  if (v === null) return 'NULL';
  if (typeof v !== 'number') return null;
  const n = Math.round(v * 1e6);
  return Number.isSafeInteger(n) && n / 1e6 === v ? String(n) : null;
}

/**
 * Any finite double (but -0) as an SQL expression that evaluates to exactly that double: `(n / 1e6)`
 * for a whole number of nanoseconds, else CAST(m AS REAL) scaled by powers of two (m a safe integer,
 * v = m·2^e): an integer up to 2^53 converts to a double exactly and scaling by a power of two is
 * exact in IEEE arithmetic, in SQLite as in JS. NULL for null; null for NaN, infinities and -0.
 */
export function real(v: unknown): Lit {
  if (v === null) return 'NULL';
  if (typeof v !== 'number' || !Number.isFinite(v) || Object.is(v, -0)) return null;
  const n = nanos(v);
  if (n !== null) return `(${n} / 1e6)`;
  let m = v;
  let e = 0;
  while (!Number.isInteger(m)) {
    m *= 2; // exact: a fraction has fewer than 53 significant bits above the point
    e--;
  }
  while (!Number.isSafeInteger(m)) {
    m /= 2; // exact: an integer beyond 2^53 is even
    e++;
  }
  let out = `CAST(${m} AS REAL)`;
  for (; e < 0; e += Math.min(-e, 62)) out = `(${out} / ${(1n << BigInt(Math.min(-e, 62))).toString()})`;
  for (; e > 0; e -= Math.min(e, 62)) out = `(${out} * ${(1n << BigInt(Math.min(e, 62))).toString()})`;
  return out;
}
