/**
 * The host contention guard (docs/growth-gate.md, "Host contention"): did the host get busier during
 * the run, and does the growth the gate saw survive on the batches before it did?
 *
 * 1. Rise. On a per-batch series p_i (0..1): the rest of the host's CPU share, the CPU neither the tool
 *    nor the target's local processes used plus steal, whenever the run recorded it (docs/verdict-iv.md,
 *    "Contention is others' work": pressure and the tool's wait for a CPU also move when the store's
 *    own work changes, so they are reported, never gated on, when others' share is there); without
 *    it, CPU pressure, then I/O pressure, then the tool's own wait for a CPU (a share of the batch's
 *    wall time). Pettitt's change-point test (pettitt.ts) gives the split t* and its p-value.
 *    A rise is reported when the later batches are higher (U_{t*} < 0), p < RISE_P, each side has at
 *    least MIN_SIDE batches, and the Hodges–Lehmann shift after − before has the lower end of its 95% CI
 *    (Mann–Whitney, two-sample-shift.ts) above MIN_RISE (5 points of the batch's wall time): a
 *    significant and a practical rise. It is named by the first batch after the split ("from batch 21")
 *    and the medians of the two sides ("CPU pressure 3% → 61%").
 * 2. Quiet batches: those before the rise (a single change point, so the low-contention subset is
 *    that prefix). The same gate is run again on them alone (the caller passes it), and its slope and
 *    slope CI are projected over the whole run's span, so the quiet growth ratio is comparable with
 *    the run's: x = exp(b_quiet · span), CI = exp(CI_quiet · span).
 * 3. Effect on a FAIL: the quiet gate FAILs on its own span, or its projected lower bound is above the
 *    limit → the FAIL stands ("fail-persists", a note); otherwise → INCONCLUSIVE ("inconclusive"):
 *    the growth may be the host's, not the store's. A PASS or WARN is never changed.
 *
 * Pure: plain arrays in, numbers out; the caller reads the samples and prints the words.
 */
import { pettitt } from './pettitt.js';
import { median } from './robust.js';
import { twoSampleShift } from './two-sample-shift.js';

/** p-value below which a change in pressure counts (as for a cliff). */
export const RISE_P = 0.001;
/** The lower bound of the rise (a share of wall time) must exceed this: 5 points. */
export const MIN_RISE = 0.05;
/** Batches on each side of the rise. */
export const MIN_SIDE = 5;
/** z of the rise's CI (95% two-sided). */
const RISE_Z = 1.959964;

/** others: the rest of the host's CPU share (neither the tool nor the target); the rest: pressure shares of wall time. */
export type PressureMetric = 'others' | 'cpu' | 'io' | 'wait';

export interface ContentionRise {
  metric: PressureMetric;
  /** First batch (1-based) after the change. */
  fromBatch: number;
  /** Median pressure before and from the change (shares of wall time). */
  before: number;
  after: number;
  /** Hodges–Lehmann shift after − before and its 95% CI (shares). */
  shift: number;
  shiftCi: [number, number];
  /** Pettitt's approximate p-value. */
  p: number;
}

/**
 * A significant rise in one pressure series, or null. values[i] is batch i+1; null where the batch
 * has no sample (such batches are left out; the batch numbers stay those of the run).
 */
export function pressureRise(values: readonly (number | null)[], metric: PressureMetric): ContentionRise | null {
  const batch: number[] = [];
  const x: number[] = [];
  values.forEach((v, i) => {
    if (v !== null && Number.isFinite(v)) {
      batch.push(i + 1);
      x.push(v);
    }
  });
  if (x.length < 2 * MIN_SIDE) return null;
  const pt = pettitt(x);
  if (pt.signedStatistic >= 0 || pt.p >= RISE_P || pt.split < MIN_SIDE || x.length - pt.split < MIN_SIDE) return null;
  const before = x.slice(0, pt.split);
  const after = x.slice(pt.split);
  const s = twoSampleShift(after, before, RISE_Z);
  if (!(s.lower > MIN_RISE)) return null;
  return {
    metric,
    fromBatch: batch[pt.split] as number,
    before: median(before),
    after: median(after),
    shift: s.estimate,
    shiftCi: [s.lower, s.upper],
    p: pt.p,
  };
}

const known = (xs: readonly (number | null)[] | undefined): number =>
  xs ? xs.filter((v) => v !== null && Number.isFinite(v)).length : 0;

/**
 * The guard's rise: in the rest of the host's CPU share alone when at least 2·MIN_SIDE batches have
 * it; else the first significant rise in CPU pressure, I/O pressure, the tool's own wait for a CPU.
 */
export function contentionRise(series: {
  others?: readonly (number | null)[];
  cpu: readonly (number | null)[];
  io: readonly (number | null)[];
  wait?: readonly (number | null)[];
}): ContentionRise | null {
  if (series.others && known(series.others) >= 2 * MIN_SIDE) return pressureRise(series.others, 'others');
  return (
    pressureRise(series.cpu, 'cpu') ??
    pressureRise(series.io, 'io') ??
    (series.wait ? pressureRise(series.wait, 'wait') : null)
  );
}

/** A batch's others' share: the rest of the host's CPU plus steal (null without /proc/stat). */
export function othersShare(othersCpu: number | null, steal: number | null): number | null {
  return othersCpu === null ? null : Math.min(1, othersCpu + (steal ?? 0));
}

/** What the gate on the quiet batches said: its verdict, slope and slope CI (ln per batch). */
export interface QuietGate {
  verdict: 'PASS' | 'WARN' | 'FAIL' | 'INCONCLUSIVE';
  slope: number;
  slopeCi: [number, number];
  /** Kept batches of the quiet gate. */
  keptBatches: number;
}

export type ContentionEffect = 'none' | 'inconclusive' | 'fail-persists';

export interface ContentionVerdict {
  /** Quiet growth ratio projected over the run's span, and its CI. */
  quietGrowthRatio: number;
  quietCi: [number, number];
  /** The quiet gate FAILs (on its own span or projected over the run's). */
  quietFails: boolean;
  effect: ContentionEffect;
}

/**
 * The guard's decision for a run whose own verdict is `verdict`, with a rise and the gate on the
 * batches before it (quiet), projected over `span` batches (the run's span, GateResult.span).
 */
export function contentionVerdict(verdict: string, quiet: QuietGate, span: number, limit: number): ContentionVerdict {
  const project = (b: number): number => Math.exp(b * span);
  const quietCi: [number, number] = [project(quiet.slopeCi[0]), project(quiet.slopeCi[1])];
  const quietFails = quiet.verdict === 'FAIL' || (quiet.verdict !== 'INCONCLUSIVE' && quietCi[0] > limit);
  const effect: ContentionEffect = verdict !== 'FAIL' ? 'none' : quietFails ? 'fail-persists' : 'inconclusive';
  return { quietGrowthRatio: project(quiet.slope), quietCi, quietFails, effect };
}
