/**
 * Change points across the groups of a history (docs/history.md, "Change points"). Each group g
 * (one version, say) has a pooled estimate y_g on the log scale with variance v_g (random-effects.ts);
 * the groups may also differ from each other by some tau^2 with no change at all (a new day).
 *
 * One segment of n groups, every split t (left = the first t groups, right = the rest):
 *   Q_t = sum_L w (y - m_L)^2 + sum_R w (y - m_R)^2 with w = 1/v (inverse-variance means m)
 *   tau^2_t = max(0, (Q_t - (n - 2)) / (c_L + c_R)),  c = sum w - sum w^2 / sum w   (DerSimonian–Laird,
 *             two means)
 *   w* = 1 / (v + tau^2_t),  T_t = |m*_R - m*_L| / sqrt(1/W*_L + 1/W*_R)
 *   T = max_t T_t, at t* (the first group after the change is the (t*+1)th)
 * A group's v_g is first raised to the median v of all groups: two or three repeats estimate a spread
 * poorly, and a group that looks surer than it is would otherwise stand out as a change of its own.
 * p-value by parametric bootstrap under "no change": B seeded draws y*_g ~ N(0, v_g + tau^2_{t*}) (the
 * between-group spread the best split leaves; the one-mean estimate would count the change itself as
 * spread and hide it among few groups),
 * the same T computed on each, p = (1 + #{T* >= T}) / (B + 1). Binary segmentation: a split with
 * p < alpha is kept and both sides are searched again (each with its own bootstrap). The false-alarm
 * rate of a flat history is alpha for its first split (test/unit/change-points.test.ts measures it).
 */
import { median } from './robust.js';
import { normalSource } from './seeded-normal.js';

export interface GroupEstimate {
  y: number;
  v: number;
}

export interface ChangePoint {
  /** Index (0-based) of the first group after the change. */
  at: number;
  /** The split's statistic and its bootstrap p-value. */
  statistic: number;
  p: number;
}

export interface ChangePointOptions {
  /** Significance of a split; default 0.002. */
  alpha?: number;
  /** Bootstrap draws per segment; default 999. */
  draws?: number;
  /** Seed of the bootstrap; default 1. */
  seed?: number;
}

export const DEFAULT_ALPHA = 0.002;
export const DEFAULT_DRAWS = 999;

interface Split {
  t: number;
  statistic: number;
  tau2: number;
}

/** Inverse-variance mean, weight sum and c of y[from..to) with weights 1/(v + tau2). */
function side(y: ArrayLike<number>, v: ArrayLike<number>, from: number, to: number, tau2: number) {
  let sw = 0;
  let sw2 = 0;
  let swy = 0;
  for (let i = from; i < to; i++) {
    const w = 1 / ((v[i] as number) + tau2);
    sw += w;
    sw2 += w * w;
    swy += w * (y[i] as number);
  }
  const m = swy / sw;
  let q = 0;
  for (let i = from; i < to; i++) q += ((y[i] as number) - m) ** 2 / ((v[i] as number) + tau2);
  return { m, sw, c: sw - sw2 / sw, q };
}

/** The best split of y[0..n) (T and where), as in the header. */
export function bestSplit(y: ArrayLike<number>, v: ArrayLike<number>): Split {
  const n = y.length;
  let best: Split = { t: 1, statistic: 0, tau2: 0 };
  for (let t = 1; t < n; t++) {
    const l0 = side(y, v, 0, t, 0);
    const r0 = side(y, v, t, n, 0);
    const tau2 = n > 2 ? Math.max(0, (l0.q + r0.q - (n - 2)) / (l0.c + r0.c)) : 0;
    const l = tau2 === 0 ? l0 : side(y, v, 0, t, tau2);
    const r = tau2 === 0 ? r0 : side(y, v, t, n, tau2);
    const statistic = Math.abs(r.m - l.m) / Math.sqrt(1 / l.sw + 1 / r.sw);
    if (statistic > best.statistic) best = { t, statistic, tau2 };
  }
  return best;
}

/** Bootstrap p-value of a segment's best split under "no change". */
function splitP(v: ArrayLike<number>, statistic: number, tau2: number, draws: number, seed: number): number {
  const n = v.length;
  const z = normalSource(seed);
  const y = new Float64Array(n);
  let above = 0;
  for (let b = 0; b < draws; b++) {
    for (let i = 0; i < n; i++) y[i] = z() * Math.sqrt((v[i] as number) + tau2);
    if (bestSplit(y, v).statistic >= statistic) above++;
  }
  return (1 + above) / (draws + 1);
}

/** The change points of the groups' estimates, in group order. */
export function changePoints(groups: readonly GroupEstimate[], o: ChangePointOptions = {}): ChangePoint[] {
  const alpha = o.alpha ?? DEFAULT_ALPHA;
  const draws = o.draws ?? DEFAULT_DRAWS;
  const y = Float64Array.from(groups, (g) => g.y);
  // two or three repeats estimate a group's spread poorly: none counts as surer than the median group
  const floor = median(groups.map((g) => g.v));
  const v = Float64Array.from(groups, (g) => Math.max(g.v, floor));
  const out: ChangePoint[] = [];
  const search = (from: number, to: number): void => {
    if (to - from < 2) return;
    const ys = y.subarray(from, to);
    const vs = v.subarray(from, to);
    const found = bestSplit(ys, vs);
    if (!(found.statistic > 0)) return;
    const p = splitP(vs, found.statistic, found.tau2, draws, (o.seed ?? 1) + from * 7919 + to);
    if (p >= alpha) return;
    out.push({ at: from + found.t, statistic: found.statistic, p });
    search(from, from + found.t);
    search(from + found.t, to);
  };
  search(0, groups.length);
  return out.sort((a, b) => a.at - b.at);
}
