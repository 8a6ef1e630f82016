/**
 * The report as one JSON object, described by schemas/report.schema.json (schemaVersion 1).
 *
 * Top-level fields: schemaVersion, generatedAt, tool, gates, run, target, workload, host, verdict,
 * verdictText, gate (gateJson, the fields of `check --json`), earlyStop, batches, errors, baseline,
 * probes (per probe kind as in `check --json`, null for a run without probes; docs/probes.md), contention
 * (the host contention guard as in `check --json`, null for an import); with `report --forecast`,
 * forecast and forecastFit as `check --json` gives them (absent otherwise).
 * Non-finite numbers are null. Additive changes keep schemaVersion 1 (new optional fields are added
 * to the schema); a removed or retyped field raises it.
 */
import type { BaselineComparison } from '../analysis/baseline.js';
import type { RunEvaluation } from '../verdict/index.js';
import { gateJson } from './gate-json.js';
import { contentionJson } from './contention-text.js';
import { probeJson } from './probe-text.js';
import { batchRows } from './per-batch-table.js';
import { forecastJsonFields } from './forecast-text.js';
import { recordedTimeouts } from './report-facts.js';
import type { ReportInput } from './report-input.js';
import { baselineVerdictText, runVerdictText } from './verdict-block.js';

export const REPORT_SCHEMA_VERSION = 1;

const num = (x: number): number | null => (Number.isFinite(x) ? x : null);
const pair = (p: readonly [number, number]): [number | null, number | null] => [num(p[0]), num(p[1])];

function runJson(e: RunEvaluation): Record<string, unknown> {
  const { run, batches } = e;
  return {
    id: run.id,
    label: run.label,
    tags: run.tags ?? {},
    source: run.source,
    status: run.status,
    backend: run.backend,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    error: run.error,
    batchSize: run.batchSize,
    plannedBatches: run.plannedBatches,
    batchCount: batches.length,
    objects: batches.reduce((s, b) => s + b.objects, 0),
    bytes: batches.reduce((s, b) => s + b.bytes, 0),
    ingestMs: batches.reduce((s, b) => s + b.wallMs, 0),
    toolVersion: run.toolVersion,
    nodeVersion: run.nodeVersion,
    requestTimeoutMs: recordedTimeouts(run).requestMs,
    connectTimeoutMs: recordedTimeouts(run).connectMs,
  };
}

function targetJson(e: RunEvaluation): Record<string, unknown> {
  const info = e.run.targetInfo;
  return {
    backend: e.run.backend,
    address: e.run.target,
    product: info?.product ?? null,
    version: info?.version ?? null,
    details: info?.details ?? {},
  };
}

function earlyStopJson(e: RunEvaluation): Record<string, unknown> | null {
  const look = e.earlyStop;
  if (!look) return null;
  const s = e.run.stopInfo;
  return {
    batch: look.batchesSeen,
    plannedBatches: look.plannedBatches,
    z: look.z,
    limit: look.limit,
    warmupDropped: look.warmupDropped,
    projectedGrowth: num(look.projectedGrowth),
    lowerBound: num(look.lower),
    shareOfPlannedTime: s ? num(s.shareOfPlannedTime) : null,
    reason: look.reason,
  };
}

function comparisonJson(c: BaselineComparison): Record<string, unknown> {
  const s = c.scaling;
  const l = c.level;
  return {
    verdict: c.verdict,
    firstBatch: c.firstBatch,
    lastBatch: c.lastBatch,
    pairs: c.pairs,
    logDiffs: c.logDiffs.map(num),
    scaling: {
      verdict: s.verdict,
      reason: s.reason,
      limit: s.limit,
      slope: num(s.slope),
      slopeCi: pair(s.slopeCi),
      intercept: num(s.intercept),
      span: s.span,
      ratio: num(s.ratio),
      ci: pair(s.ci),
      perThousandObjects: num(s.perThousandObjects),
    },
    level: {
      verdict: l.verdict,
      reason: l.reason,
      maxLevelChange: l.maxLevelChange,
      estimate: num(l.estimate),
      estimateCi: pair(l.estimateCi),
      ratio: num(l.ratio),
      ci: pair(l.ci),
      confidence: num(l.confidence),
      method: l.method,
    },
    notes: [...c.notes],
  };
}

/** `report --forecast`: the forecast and what it was fitted to, as `check --json` gives them. */
function forecastReportJson(f: NonNullable<ReportInput['forecast']>): Record<string, unknown> {
  const { forecast, forecastFit } = forecastJsonFields(f);
  return { forecast, forecastFit };
}

/** The report object (for callers that embed it); renderJsonReport serialises it. */
export function buildJsonReport(input: ReportInput): Record<string, unknown> {
  const e = input.candidate.evaluation;
  const facts = input.comparison ?? null;
  const b = input.baseline;
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    generatedAt: input.generatedAt,
    tool: { name: 'ingest-scale', version: input.toolVersion },
    gates: {
      maxGrowth: input.gates.maxGrowth,
      maxLevelChange: input.gates.maxLevelChange ?? null,
      maxErrorRate: input.gates.maxErrorRate,
      minDetectable: input.gates.minDetectable ?? null,
      gateProbes: input.probes?.gated ?? false,
    },
    run: runJson(e),
    target: targetJson(e),
    workload: e.run.workload ?? null,
    host: { ...e.run.host },
    verdict: e.verdict,
    verdictText: runVerdictText(e),
    gate: gateJson(e.gate, e.power),
    earlyStop: earlyStopJson(e),
    batches: batchRows(input.candidate),
    errors: input.errorBudget,
    baseline:
      b && facts
        ? {
            run: runJson(b.evaluation),
            target: targetJson(b.evaluation),
            workload: b.evaluation.run.workload ?? null,
            verdict: b.evaluation.verdict,
            gate: gateJson(b.evaluation.gate),
            comparison: comparisonJson(facts.comparison),
            comparisonText: baselineVerdictText(facts.comparison),
            workloadDifferences: [...facts.workload.refusals],
            workloadNotes: [...facts.workload.notes],
          }
        : null,
    probes: input.probes ? probeJson(input.probes.verdicts) : null,
    contention: contentionJson(e.contention),
    ...(input.forecast === undefined ? {} : forecastReportJson(input.forecast)),
  };
}

/** The JSON report, pretty-printed with two spaces and a final newline. */
export function renderJsonReport(input: ReportInput): string {
  return `${JSON.stringify(buildJsonReport(input), null, 2)}\n`;
}
