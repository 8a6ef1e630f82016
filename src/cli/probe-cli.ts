/**
 * Probes in the CLI (docs/probes.md): `run --probe KINDS [--probe-sample K] [--probe-stop-above DURATION]`
 * checked before anything is opened; what `run` and `check` print about them (a line per kind, the
 * JSON `probes` object, a probe stop); `chart RUN --probe KIND`. The worst verdict for --gate-probes is
 * the verdict's (verdict/exit-code.ts).
 */
import { growthGate } from '../analysis/growth-gate.js';
import {
  DEFAULT_PROBE_SAMPLE,
  parseProbeKinds,
  PROBE_KINDS,
  type ProbeKind,
  type ProbeOptions,
} from '../engine/index.js';
import { probeRows, probeSeries } from '../verdict/index.js';
import { UsageError } from '../errors.js';
import { formatMs, type ChartSeries } from '../report/index.js';
import type { RunRecord } from '../model/records.js';
import type { ResultsStore } from '../store/index.js';
import { parseDuration } from './parse-duration.js';
import { parseIntFlag } from './parse-flags.js';

// what run and check print about probes is the reports' text too (src/report/probe-text.ts)
export { probeJson, probeText } from '../report/index.js';

export interface ProbeFlags {
  probe?: string;
  probeSample?: string;
  probeStopAbove?: string;
}

export function parseProbeFlags(f: ProbeFlags): ProbeOptions | undefined {
  if (f.probe === undefined) {
    const stray =
      f.probeSample !== undefined ? '--probe-sample' : f.probeStopAbove !== undefined ? '--probe-stop-above' : null;
    if (stray)
      throw new UsageError(
        'E_FLAG_CONFLICT',
        `${stray} needs --probe`,
        `add --probe KINDS (e.g. --probe get,list or --probe all), or drop ${stray}`,
      );
    return undefined;
  }
  const kinds = parseProbeKinds(f.probe);
  const sample =
    f.probeSample === undefined ? DEFAULT_PROBE_SAMPLE : parseIntFlag(f.probeSample, '--probe-sample', 2, 10_000);
  const stopAboveMs =
    f.probeStopAbove === undefined ? undefined : parseDuration(f.probeStopAbove, '--probe-stop-above', { minMs: 1 });
  return { kinds, sample, ...(stopAboveMs === undefined ? {} : { stopAboveMs }) };
}

/** The stop by --probe-stop-above, in words; null for any other run. */
export function probeStopText(run: RunRecord): string | null {
  const p = run.stopInfo?.probe;
  if (!p) return null;
  return `FAIL  stopped at batch ${run.stopInfo?.batch} of ${run.plannedBatches}: the ${p.kind} probe's median latency ${formatMs(p.medianMs)} is above --probe-stop-above ${formatMs(p.limitMs)}`;
}

/** Lines to put before the fixed rule's verdict of a run a probe stopped (its verdict is that FAIL). */
export function probeStopHead(run: RunRecord): string[] {
  const stop = probeStopText(run);
  return stop ? [stop, '', 'the fixed rule on the batches run so far (not the verdict):'] : [];
}

export function parseChartProbe(raw: string): ProbeKind {
  if (!(PROBE_KINDS as readonly string[]).includes(raw))
    throw new UsageError('E_BAD_FLAG', `--probe "${raw}" is not a probe kind`, `give one of ${PROBE_KINDS.join(', ')}`);
  return raw as ProbeKind;
}

export async function probeChartSeries(
  store: ResultsStore,
  run: RunRecord,
  kind: ProbeKind,
  trend: boolean,
): Promise<ChartSeries[]> {
  const s = probeSeries(await probeRows(store, run.id)).find((x) => x.kind === kind);
  if (!s)
    throw new UsageError(
      'E_BAD_FLAG',
      `run ${run.id} has no ${kind} probes`,
      `chart a run made with run --probe ${kind} (or --probe all)`,
    );
  const name = run.label ? `${run.label} (${run.id})` : `run ${run.id}`;
  // the chart's axis runs from the first batch's start to the last batch's end: the objects the last probes saw
  const objectsBefore = s.batches.map((b) => (b - 1) * run.batchSize);
  const line = (label: string, timesMs: number[]): ChartSeries => {
    const out: ChartSeries = { label, timesMs, objectsBefore, batchSize: run.batchSize };
    const gate = trend ? growthGate(timesMs, { batchSize: run.batchSize }) : null;
    if (gate && Number.isFinite(gate.slope) && Number.isFinite(gate.intercept))
      out.trendMs = timesMs.map((_, i) => Math.exp(gate.intercept + gate.slope * (i + 1)));
    return out;
  };
  if (s.warmMs === null) return [line(`${name}: ${kind} probe, median per batch`, s.medianMs)];
  return [
    line(`${name}: get probe, cold median per batch`, s.medianMs),
    line(`${name}: get probe, warm median per batch`, s.warmMs),
  ];
}
