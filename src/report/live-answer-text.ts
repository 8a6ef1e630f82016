/**
 * The interim answer of the live view as lines: the growth estimate and its CI so far ("too early"
 * before the first look), the early-stop look and how far it is from certain, a cliff once one is
 * certain, the host-contention line; for a compare, one line per target with its running level ratio.
 */
import { describeRise } from './contention-text.js';
import type { GateResult } from '../analysis/growth-gate.js';
import { FIRST_LOOK_BATCH } from '../analysis/sequential-look.js';
import { formatCount, formatMs } from './format.js';
import { STALE_BATCHES, type LiveState } from './live-state.js';
import { paint } from './live-text.js';

const x = (v: number): string => (!Number.isFinite(v) ? 'x?' : v >= 100 ? `x${Math.round(v)}` : `x${v.toFixed(2)}`);
const pct = (v: number): string => `${Math.round(100 * v)}%`;

function growthPhrase(gate: GateResult | null, batches: number, color: boolean): string {
  if (!gate) return `too early (${batches} of the ${FIRST_LOOK_BATCH} batches a first estimate needs)`;
  return (
    `${x(gate.growthRatio)} [${gate.ci[0].toFixed(2)}, ${gate.ci[1].toFixed(2)}] over batches ${gate.firstKeptBatch}-${gate.batches}` +
    ` (${paint(gate.verdict, color)} so far)`
  );
}

function hostLine(state: LiveState): string {
  const { rise, cpuNow } = state.analysis;
  if (rise) return `host contention: ${describeRise(rise)}; the final verdict checks the growth on the quiet batches`;
  if (cpuNow !== null) return `host: no contention rise so far (CPU pressure ${pct(cpuNow)} in the latest batch)`;
  return 'host: no pressure samples (no /proc/pressure on this host)';
}

function lookLine(state: LiveState, color: boolean): string | null {
  const look = state.analysis.look;
  if (!look) return null;
  const head = `early-stop look (z = ${look.z.toFixed(2)}): growth projected over the planned ${formatCount(look.plannedBatches)} batches ${x(look.projectedGrowth)}, lower bound ${x(look.lower)}`;
  if (look.decision === 'stop-fail') return `${head}: ${paint('FAIL', color)} certain, the run stops`;
  const rise = look.lower > 0 ? look.limit / look.lower : NaN;
  return `${head}: not certain (the lower bound must rise ${x(rise)} to pass the limit ${x(look.limit)})`;
}

function cliffLine(gate: GateResult | null): string | null {
  if (!gate) return null;
  const c = gate.cliff;
  if (!c) return 'cliff: none certain so far';
  return (
    `cliff: per-batch time ${x(c.ratio)} [${c.ci[0].toFixed(2)}, ${c.ci[1].toFixed(2)}] from batch ${c.batch}` +
    ` (${formatCount(c.objects)} objects stored, p = ${c.p.toExponential(1)})${c.fails ? ', above the limit' : ''}`
  );
}

/** The answer lines of a single run (the growth, the look, a cliff, the host); a compare's are the host line. */
export function answerLines(state: LiveState, color: boolean): string[] {
  if (state.compareId) return [hostLine(state)];
  const gate = state.analysis.gates[0] ?? null;
  const batches = state.runs[0]?.batches.length ?? 0;
  const lines = [`growth so far: ${growthPhrase(gate, batches, color)}, limit ${x(state.limit)}`];
  const look = lookLine(state, color);
  if (look) lines.push(look);
  const cliff = cliffLine(gate);
  if (cliff) lines.push(cliff);
  lines.push(hostLine(state));
  return lines;
}

/** One line per target of a compare: its batch, last and median batch time, growth so far, level against the first. */
export function compareLines(state: LiveState, color: boolean): string[] {
  const most = Math.max(0, ...state.runs.map((r) => r.batches.length));
  const first = state.runs[0];
  return state.runs.map((r, k) => {
    const times = r.batches.map((b) => b.wallMs);
    const sorted = [...times].sort((a, b) => a - b);
    const med = sorted.length ? (sorted[(sorted.length - 1) >> 1] as number) : NaN;
    const level = state.analysis.levels[k];
    const levelText =
      k === 0
        ? '  (reference)'
        : level
          ? `  level ${x(level.ratio)} of ${first?.name ?? 'the first'} over ${level.pairs} batches`
          : '';
    const stale =
      most - r.batches.length >= STALE_BATCHES ? `  (stale: ${most - r.batches.length} batches behind)` : '';
    return (
      `${r.name ?? r.id}: run ${r.id}, batch ${r.batches.length}/${r.plannedBatches}, last ${formatMs(times[times.length - 1] ?? NaN)},` +
      ` median ${formatMs(med)}, growth ${growthPhrase(state.analysis.gates[k] ?? null, r.batches.length, color)}${levelText}${stale}`
    );
  });
}
