/**
 * The state the live view is drawn from (live-screen.ts): what a run (or each target of a compare)
 * has recorded so far, and the interim statistics of it (live-answer.ts). The terminal driver and
 * `watch` build it, from the engine's progress or from the store; the screen is a pure function of
 * it and of the terminal's size, so a frame can be tested as text.
 */
import type { ContentionRise } from '../analysis/contention.js';
import type { GateResult } from '../analysis/growth-gate.js';
import type { SequentialLookResult } from '../analysis/sequential-look.js';
import type { BatchRecord } from '../model/records.js';

export interface LiveRun {
  id: string;
  label: string | null;
  /** The backend's name and the target it writes to (credentials already removed). */
  backend: string;
  target: string;
  batchSize: number;
  plannedBatches: number;
  plannedObjects: number;
  /** The batches recorded so far, batch 1 first. */
  batches: readonly BatchRecord[];
  /** The compare's name of this target ("A", "fedora3"); absent for a single run. */
  name?: string;
}

/** Host pressure per batch of the (first) run, batch i+1 at i; null where a batch has no sample. */
export interface LivePressure {
  cpu: readonly (number | null)[];
  io: readonly (number | null)[];
  wait: readonly (number | null)[];
}

/** The interim statistics of the batches so far (computed once per batch, not per frame). */
export interface LiveAnalysis {
  /** Each run's growth gate on its batches so far (runs' order), null before 10 batches. */
  gates: readonly (GateResult | null)[];
  /** The early-stop look of the first run after its latest batch, null when early stop is off or before batch 10. */
  look: SequentialLookResult | null;
  /** A significant rise in host pressure so far. */
  rise: ContentionRise | null;
  /** The latest CPU pressure sample (share of wall time), null without one. */
  cpuNow: number | null;
  /** compare: each target's running level against the first target's (median of the paired batch ratios). */
  levels: readonly (LiveLevel | null)[];
}

export interface LiveLevel {
  /** Batches paired so far. */
  pairs: number;
  /** exp(median ln(this / first)) over the paired batches. */
  ratio: number;
}

export interface LiveState {
  /** One run, or a compare's targets (the first is the reference of the level ratios). */
  runs: readonly LiveRun[];
  /** A compare's id, absent for a single run. */
  compareId?: string;
  /** Wall time since the run (or compare) started, ms. */
  elapsedMs: number;
  /** Time since the latest batch ended, ms (what makes the rates stale when it grows). */
  sinceBatchMs: number;
  limit: number;
  maxErrorRate: number;
  analysis: LiveAnalysis;
  /** A note for the last line, e.g. "stopping after this batch (Ctrl-C again to abort now)". */
  note?: string;
}

export interface LiveView {
  /** Terminal columns and rows. */
  width: number;
  height: number;
  color: boolean;
}

/** The batches whose rates the header shows. */
export const RECENT_BATCHES = 5;
/** Rates are stale once the latest batch ended this many recent batch times ago (and at least STALE_MIN_MS). */
export const STALE_BATCHES = 3;
export const STALE_MIN_MS = 2000;
