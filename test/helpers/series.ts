/**
 * Shared test data and seeded randomness for the unit tests (no test in this file).
 *
 * - FEDORA3, FEDORA4: per-batch ms, batch size 1000, batches 1-25, of the published Fedora 3 vs
 *   Fedora 4 benchtool table (fixtures/series/), read from fixtures/series/fedora3-vs-fedora4.csv
 *   (columns fedora3_ms and fedora4_minimal_ms).
 * - mulberry32(seed): seeded uniform [0, 1).
 * - gauss(u): a standard normal draw (Box–Muller, cosine branch) from a uniform source such as
 *   mulberry32. Tests depend on the exact sequences both produce: do not change the arithmetic.
 */
import { readFileSync } from 'node:fs';

/** The compiled file is dist/test/helpers/series.js, three levels below the repository root. */
const CSV_URL = new URL('../../../fixtures/series/fedora3-vs-fedora4.csv', import.meta.url);
const BATCHES = 25;

function readColumn(column: string): readonly number[] {
  const [header = '', ...rows] = readFileSync(CSV_URL, 'utf8').trim().split('\n');
  const at = header.trim().split(',').indexOf(column);
  if (at < 0) throw new Error(`${CSV_URL.pathname}: no column ${column}`);
  const values = rows.map((row) => Number(row.split(',')[at]));
  if (values.length !== BATCHES || !values.every((v) => Number.isFinite(v) && v > 0)) {
    throw new Error(`${CSV_URL.pathname}: column ${column} is not ${BATCHES} positive numbers`);
  }
  return Object.freeze(values);
}

/** Fedora 3 per-batch ms, batches 1-25 (the published Fedora 3 vs Fedora 4 benchtool table). */
export const FEDORA3: readonly number[] = readColumn('fedora3_ms');
/** Fedora 4 (minimal) per-batch ms, batches 1-25 (the published Fedora 3 vs Fedora 4 benchtool table). */
export const FEDORA4: readonly number[] = readColumn('fedora4_minimal_ms');

/** Seeded uniform [0, 1) (mulberry32): the tool's own generator. */
export { mulberry32 } from '../../src/generate/mulberry32.js';

/** Standard normal draw (Box–Muller, cosine branch); consumes two or more values of u. */
export function gauss(u: () => number): number {
  let x = 0;
  while (x === 0) x = u();
  return Math.sqrt(-2 * Math.log(x)) * Math.cos(2 * Math.PI * u());
}
