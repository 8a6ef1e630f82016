/**
 * The forecast block `check --forecast` prints under the verdict, and the forecast's JSON fields
 * (docs/forecast.md). The words say what a forecast cannot: how far past the run's fill it reaches,
 * and that a step found in the run is the last one it assumes.
 */
import type { ForecastAnswer } from '../verdict/index.js';
import { formatCount } from '../model/format-count.js';

export interface ForecastJson {
  metric: string;
  objects: number;
  model: string;
  estimateMs: number;
  pi: [number, number];
  far: boolean;
}

const round = (v: number): number => Math.round(v * 1000) / 1000;

/** `check --json`'s `forecast` array. */
export function forecastJson(f: ForecastAnswer): ForecastJson[] {
  return f.points.map((p) => ({
    metric: p.metric,
    objects: p.objects,
    model: p.model,
    estimateMs: round(p.estimateMs),
    pi: [round(p.pi[0]), round(p.pi[1])],
    far: p.far,
  }));
}

/** `check --json`'s `sloCrossing` (null: not crossed within 100x of the fill; an open end is null). */
export function sloCrossingJson(f: ForecastAnswer): { objects: number; pi: [number, number | null] } | null {
  const c = f.sloCrossing;
  if (c === undefined || c === null) return null;
  return { objects: c.objects, pi: [c.pi[0], Number.isFinite(c.pi[1]) ? c.pi[1] : null] };
}

/** The fields `check --json` gains with --forecast, --slo and --slo-at. */
export interface ForecastJsonFields {
  forecast: ForecastJson[];
  sloCrossing?: { objects: number; pi: [number, number | null] } | null;
  sloGate?: {
    objects: number;
    metric: string;
    sloMs: number;
    pi: [number, number];
    verdict: string;
    reason: string;
  } | null;
  forecastFit?: {
    observedFill: number;
    fromBatch: number;
    batchesUsed: number;
    cliffBatch: number | null;
    skipped: string[];
  };
}

export function forecastJsonFields(f: ForecastAnswer): ForecastJsonFields {
  return {
    forecast: forecastJson(f),
    ...(f.sloCrossing === undefined ? {} : { sloCrossing: sloCrossingJson(f) }),
    ...(f.sloGate === null ? {} : { sloGate: { ...f.sloGate, pi: [round(f.sloGate.pi[0]), round(f.sloGate.pi[1])] } }),
    forecastFit: {
      observedFill: f.observedFill,
      fromBatch: f.fromBatch,
      batchesUsed: f.batchesUsed,
      cliffBatch: f.cliff?.batch ?? null,
      skipped: f.skipped,
    },
  };
}

function ms(v: number): string {
  return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2);
}

const LABEL: Record<string, string> = { batch: 'per batch', p50: 'op p50', p95: 'op p95' };

/** The text block: one line per metric and fill, then the objective's crossing and gate. */
export function forecastText(f: ForecastAnswer, slo?: { ms: number; metric: string }): string[] {
  const lines = [
    `Forecast (90% prediction intervals; fitted to batches ${f.fromBatch}-${f.lastBatch} of a run that stored ${formatCount(f.observedFill)} objects):`,
  ];
  if (f.cliff !== null) {
    lines.push(
      `  fitted after the cliff at batch ${f.cliff.batch} (${formatCount(f.cliff.objects)} objects): assumes no further steps`,
    );
  }
  for (const p of f.points) {
    const far = p.far ? `  far: ${Math.round(p.factor)}x the fill seen, the interval is wide for a reason` : '';
    lines.push(
      `  at ${formatCount(p.objects).padStart(8)}  ${LABEL[p.metric] ?? p.metric}  ${ms(p.estimateMs)} ms [${ms(p.pi[0])}, ${ms(p.pi[1])}]  (${p.model})${far}`,
    );
  }
  for (const m of f.skipped) lines.push(`  ${LABEL[m] ?? m}: too few batches to forecast`);
  if (slo !== undefined) {
    const c = f.sloCrossing;
    const label = `${LABEL[slo.metric] ?? slo.metric} objective ${slo.ms} ms`;
    if (c === undefined || c === null) lines.push(`  ${label}: not crossed within 100x of the observed fill`);
    else {
      const hi = Number.isFinite(c.pi[1]) ? formatCount(c.pi[1]) : 'beyond 100x';
      lines.push(`  ${label}: crossed at ${formatCount(c.objects)} objects [${formatCount(c.pi[0])}, ${hi}]`);
    }
  }
  if (f.sloGate !== null) lines.push(`  objective gate: ${f.sloGate.verdict}: ${f.sloGate.reason}`);
  return lines;
}
