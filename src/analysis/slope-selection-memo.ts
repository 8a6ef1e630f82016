/**
 * The last fast slope selection's counts and listed brackets (fast-slope-selection.ts), carried over
 * to the next selection when its points are the same ones with a few more or fewer in front: the
 * gate fits batches w+1..m right after the warm-up step fitted w+2..m (one point more), and each
 * further warm-up step drops one point in front.
 *
 * Both are pairwise predicates on u = y - s x, computed by the same expression: a count at s is the
 * number of pairs i < j with u_i >= u_j, a bracket (lo, hi] lists the pairs that the order by u at
 * lo (ties: later index first) puts one way and u at hi the other. So the count on the new points
 * is the old count plus (or minus) the pairs with a point in front, O(n) per point in front, and a
 * listed bracket gains the pairs of the added points that the same predicate puts in it: the same
 * integers and the same slopes, as a doubles, that counting and listing the new points would give.
 */

export interface SeenCount {
  s: number;
  /** Pairs with u_i >= u_j at s. */
  c: number;
}

/** A listed bracket: every slope in (lo, hi], slopes.length of them, the first at rank cLo. */
export interface Listed {
  lo: number;
  hi: number;
  cLo: number;
  slopes: Float64Array;
}

interface Memo {
  x: Float64Array;
  y: Float64Array;
  seen: SeenCount[];
  lists: Listed[];
}

/** At most this many points in front are carried over (each costs an O(n) pass per count). */
const MAX_FRONT = 16;

let memo: Memo | null = null;

/** Keeps a selection's counts and complete listed brackets for the next one (x and y are copied). */
export function rememberSelection(x: Float64Array, y: Float64Array, seen: readonly SeenCount[], lists: Listed[]): void {
  memo = { x: Float64Array.from(x), y: Float64Array.from(y), seen: [...seen], lists };
}

/** Points added in front of the remembered ones (negative: removed), or 0 when the points differ otherwise. */
function frontShift(x: Float64Array, y: Float64Array): number {
  if (memo === null) return 0;
  const d = x.length - memo.x.length;
  if (d === 0 || Math.abs(d) > MAX_FRONT) return 0;
  const [bx, by, sx, sy] = d > 0 ? [x, y, memo.x, memo.y] : [memo.x, memo.y, x, y];
  const off = Math.abs(d);
  for (let i = 0; i < sx.length; i++) {
    if (!Object.is(bx[i + off], sx[i]) || !Object.is(by[i + off], sy[i])) return 0;
  }
  return d;
}

/** Pairs p < j with p one of the first f points and u_p >= u_j at s. */
function frontPairsAtMost(x: Float64Array, y: Float64Array, f: number, s: number): number {
  let c = 0;
  for (let p = 0; p < f; p++) {
    const up = (y[p] as number) - s * (x[p] as number);
    for (let j = p + 1; j < x.length; j++) if (up >= (y[j] as number) - s * (x[j] as number)) c++;
  }
  return c;
}

/** The slopes of the pairs p < j, p one of the first f points, that listing (lo, hi] puts in it. */
function frontPairsListed(x: Float64Array, y: Float64Array, f: number, lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let p = 0; p < f; p++) {
    const xp = x[p] as number;
    const yp = y[p] as number;
    const loP = yp - lo * xp;
    const hiP = yp - hi * xp;
    for (let j = p + 1; j < x.length; j++) {
      const xj = x[j] as number;
      const yj = y[j] as number;
      const loJ = yj - lo * xj;
      const hiJ = yj - hi * xj;
      // first in the order at lo is p when its u is smaller (ties: the later index, j, first)
      if (loP < loJ ? hiP >= hiJ : hiJ >= hiP) out.push((yj - yp) / (xj - xp));
    }
  }
  return out;
}

/**
 * The remembered counts and lists as counts and lists of the points x, y (empty when they are not
 * the remembered points with a few more or fewer in front). A list is carried only when points were
 * added and the new counts at its ends still say how many slopes it holds.
 */
export function carriedSelection(x: Float64Array, y: Float64Array): { seen: SeenCount[]; lists: Listed[] } {
  const d = frontShift(x, y);
  const last = memo;
  memo = null; // taken (or of no use): its lists are not kept through the next selection
  if (d === 0 || last === null) return { seen: [], lists: [] };
  const [bx, by] = d > 0 ? [x, y] : [last.x, last.y];
  const sign = d > 0 ? 1 : -1;
  const f = Math.abs(d);
  const seen = last.seen.map(({ s, c }) => ({ s, c: c + sign * frontPairsAtMost(bx, by, f, s) }));
  const lists: Listed[] = [];
  if (d > 0) {
    for (const l of last.lists) {
      const cLo = l.cLo + frontPairsAtMost(x, y, f, l.lo);
      const cHi = l.cLo + l.slopes.length + frontPairsAtMost(x, y, f, l.hi);
      const added = frontPairsListed(x, y, f, l.lo, l.hi);
      if (cHi - cLo !== l.slopes.length + added.length) continue;
      const slopes = new Float64Array(cHi - cLo);
      slopes.set(l.slopes);
      slopes.set(added, l.slopes.length);
      lists.push({ lo: l.lo, hi: l.hi, cLo, slopes });
    }
  }
  return { seen, lists };
}
