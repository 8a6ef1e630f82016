/**
 * Fixed ReportInputs for the renderer tests and golden files (no test in this file). Everything is
 * deterministic: ids, dates, host facts and the synthetic run's "noise" (a seeded mulberry32,
 * from test/helpers/series.ts).
 *
 * - fedoraInput(): the published Fedora 4 (candidate) and Fedora 3 (baseline) series from
 *   fixtures/series/fedora3-vs-fedora4.csv (read by test/helpers/series.ts) as imported runs of
 *   25 batches of 1,000, with --max-level-change 0.25.
 * - syntheticInput(): an LDP run with operation latencies, bytes and failed operations whose
 *   per-batch time grows 3% per batch, so the early FAIL stops it before its 25 planned batches.
 * - fedora3Input(): Fedora 3 alone (a PASS).
 * Evaluations are built as evaluateRun builds them (src/verdict/evaluate-run.ts), without a store, and
 * the candidate's error budget from its batch records (src/verdict/error-budget.ts).
 */
import type { LnLatencyStats } from '../../src/analysis/op-gate.js';
import { operationGate } from '../../src/analysis/op-gate.js';
import { earlyStopBatch, sequentialLook, type SequentialLookResult } from '../../src/analysis/sequential-look.js';
import { shareOfPlannedTime } from '../../src/engine/early-stop.js';
import type { RunEvaluation } from '../../src/verdict/evaluate-run.js';
import { evaluateBaseline } from '../../src/verdict/evaluate-baseline.js';
import { errorBudget } from '../../src/verdict/error-budget.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { BatchErrors, ReportInput, ReportRun } from '../../src/report/report-input.js';
import type { BatchRecord, RunRecord } from '../../src/model/records.js';
import type { HostFacts } from '../../src/model/host-facts.js';
import { FEDORA3, FEDORA4, mulberry32 } from '../helpers/series.js';
import { withForecast } from './forecast-fixture.js';

export const HOST: HostFacts = {
  hostname: 'ci-runner-1',
  platform: 'linux 6.1.0-30-amd64',
  arch: 'x64',
  cpus: 4,
  cpuModel: 'Example CPU @ 2.40GHz',
  memoryBytes: 16 * 2 ** 30,
};

export const GENERATED_AT = '2026-02-01T12:00:00.000Z';
export const TOOL_VERSION = '0.1.0';

/** Evaluate as evaluateRun does: the union gate, and the stopping look of a stopped run. */
export function evaluate(
  run: RunRecord,
  batches: BatchRecord[],
  stats: (LnLatencyStats | null)[] = [],
  limit = 1.1,
): RunEvaluation {
  const gate = operationGate(
    batches.map((b, i) => ({ wallMs: b.wallMs, lnLatency: stats[i] ?? null })),
    { batchSize: run.batchSize, limit },
  );
  let earlyStop: SequentialLookResult | null = null;
  if (run.status === 'stopped-early' && batches.length < run.plannedBatches) {
    const look = sequentialLook(
      batches.map((b) => b.wallMs),
      { batchSize: run.batchSize, limit, plannedBatches: run.plannedBatches },
    );
    if (look.decision === 'stop-fail') earlyStop = look;
  }
  return { run, batches, gate, earlyStop, verdict: earlyStop ? 'FAIL' : gate.verdict };
}

export function importedBatches(times: readonly number[], batchSize: number): BatchRecord[] {
  return times.map((ms, i) => ({
    index: i + 1,
    objects: batchSize,
    objectsBefore: i * batchSize,
    bytes: 0,
    wallMs: ms,
    okOps: 0,
    failedOps: 0,
    retriedOps: 0,
    p50Ms: null,
    p95Ms: null,
    p99Ms: null,
    startedAt: null,
  }));
}

export function importedRun(id: string, label: string, column: string, batches: number, startedAt: string): RunRecord {
  return {
    id,
    label,
    source: 'import',
    status: 'completed',
    backend: 'import',
    target: 'fedora3-vs-fedora4.csv',
    targetInfo: null,
    workload: {
      import: { file: 'fedora3-vs-fedora4.csv', format: 'csv', column },
      batchSize: 1000,
      objects: 1000 * batches,
    },
    batchSize: 1000,
    plannedBatches: batches,
    toolVersion: TOOL_VERSION,
    nodeVersion: 'v20.20.0',
    host: HOST,
    startedAt,
    finishedAt: startedAt,
    error: null,
  };
}

export function fedoraRuns(): { fedora4: ReportRun; fedora3: ReportRun } {
  const f4 = importedRun('F4min0000001', 'fedora4-minimal', 'fedora4_minimal_ms', 25, '2026-01-15T09:00:00.000Z');
  const f3 = importedRun('F3base000001', 'fedora3', 'fedora3_ms', 25, '2026-01-15T08:00:00.000Z');
  return {
    fedora4: { evaluation: evaluate(f4, importedBatches(FEDORA4, 1000)), errors: [] },
    fedora3: { evaluation: evaluate(f3, importedBatches(FEDORA3, 1000)), errors: [] },
  };
}

export function fedoraInput(): ReportInput {
  const { fedora4, fedora3 } = fedoraRuns();
  const gates = { maxGrowth: 1.1, maxLevelChange: 0.25, maxErrorRate: 0.01 };
  return {
    candidate: fedora4,
    baseline: fedora3,
    comparison: evaluateBaseline(fedora4.evaluation, fedora3.evaluation, gates),
    gates,
    errorBudget: errorBudget(fedora4, gates.maxErrorRate),
    generatedAt: GENERATED_AT,
    toolVersion: TOOL_VERSION,
  };
}

/** A ReportInput of one run alone, judged with --max-growth 1.1 and --max-error-rate 0.01 (or the rate given). */
export function aloneInput(candidate: ReportRun, maxErrorRate = 0.01): ReportInput {
  return {
    candidate,
    gates: { maxGrowth: 1.1, maxErrorRate },
    errorBudget: errorBudget(candidate, maxErrorRate),
    generatedAt: GENERATED_AT,
    toolVersion: TOOL_VERSION,
  };
}

export function fedora3Input(): ReportInput {
  return aloneInput(fedoraRuns().fedora3);
}

export const SYNTHETIC_WORKLOAD = {
  objects: 5000,
  batchSize: 200,
  concurrency: 4,
  datastreams: [
    {
      id: 'OBJ',
      size: { kind: 'lognormal', median: 16384, sigma: 0.5, min: 3655, max: 73443 },
      contentKind: 'random',
      mime: 'application/octet-stream',
    },
    { id: 'META', size: { kind: 'fixed', bytes: 2048 }, contentKind: 'compressible', mime: 'text/plain' },
  ],
  seed: 7,
  layout: 'flat',
  fanout: { width: 16, depth: 2 },
  verify: 'none',
};

const ERRORS: BatchErrors[] = [
  { batch: 3, codes: { ETIMEDOUT: 2 } },
  { batch: 7, codes: { HTTP_503: 1, ETIMEDOUT: 1 } },
];

/** Per-batch wall times growing 3% per batch with 3% noise, and a slow first batch (warm-up). */
export function syntheticSeries(planned = 25, seed = 11): { times: number[]; stats: LnLatencyStats[] } {
  const rnd = mulberry32(seed);
  const times: number[] = [];
  const stats: LnLatencyStats[] = [];
  for (let i = 1; i <= planned; i++) {
    const noise = 1 + 0.06 * (rnd() - 0.5);
    times.push(Math.round(800 * 1.03 ** (i - 1) * noise * (i === 1 ? 1.5 : 1)));
    stats.push({ n: 400, mean: Math.log(7.5 * 1.028 ** (i - 1)) + 0.04 * (rnd() - 0.5), variance: 0.09 });
  }
  return { times, stats };
}

export function syntheticRun(): ReportRun {
  const { times: all, stats: allStats } = syntheticSeries();
  const limit = 1.1;
  const planned = all.length;
  const stopAt = earlyStopBatch(all, { batchSize: 200, limit, plannedBatches: planned }) ?? planned;
  const times = all.slice(0, stopAt);
  const stats = allStats.slice(0, stopAt);
  const look = sequentialLook(times, { batchSize: 200, limit, plannedBatches: planned });
  const rnd = mulberry32(5);
  const batches: BatchRecord[] = times.map((ms, i) => {
    const failed = ERRORS.filter((e) => e.batch === i + 1).reduce(
      (s, e) => s + Object.values(e.codes).reduce((a, b) => a + b, 0),
      0,
    );
    const sd = Math.sqrt(stats[i]?.variance ?? 0);
    const mean = stats[i]?.mean ?? 0;
    return {
      index: i + 1,
      objects: 200,
      objectsBefore: i * 200,
      bytes: 200 * 2048 + Math.round(200 * 18500 * (1 + 0.1 * (rnd() - 0.5))),
      wallMs: ms,
      okOps: 400 - failed,
      failedOps: failed,
      retriedOps: failed > 0 ? 1 : 0,
      p50Ms: Math.exp(mean),
      p95Ms: Math.exp(mean + 1.645 * sd),
      p99Ms: Math.exp(mean + 2.326 * sd),
      startedAt: new Date(Date.parse('2026-01-20T10:00:00.000Z') + i * 60_000).toISOString(),
    };
  });
  const run: RunRecord = {
    id: 'Syn7LdpRun01',
    label: 'ldp-flat',
    source: 'run',
    status: 'stopped-early',
    backend: 'ldp',
    target: 'http://127.0.0.1:8080/rest',
    targetInfo: { backend: 'ldp', target: 'http://127.0.0.1:8080/rest', product: 'Fedora Commons', version: '6.5.0' },
    workload: SYNTHETIC_WORKLOAD,
    batchSize: 200,
    plannedBatches: planned,
    toolVersion: TOOL_VERSION,
    nodeVersion: 'v20.20.0',
    host: HOST,
    startedAt: '2026-01-20T10:00:00.000Z',
    finishedAt: '2026-01-20T10:20:00.000Z',
    error: null,
    stoppedAtBatch: stopAt,
    stopInfo: {
      batch: stopAt,
      plannedBatches: planned,
      projectedGrowth: look.projectedGrowth,
      lowerBound: look.lower,
      limit,
      shareOfPlannedTime: shareOfPlannedTime(times, { batchSize: 200, limit, plannedBatches: planned }),
    },
  };
  return { evaluation: evaluate(run, batches, stats, limit), errors: ERRORS };
}

export function syntheticInput(maxErrorRate = 0.01): ReportInput {
  return aloneInput(syntheticRun(), maxErrorRate);
}

/** The golden files: test/golden/<name>.<ext>, rewritten only by scripts/update-golden.mjs. */
export const GOLDEN_CASES: { name: string; ext: 'md' | 'xml'; render: () => string }[] = [
  { name: 'fedora4-vs-fedora3', ext: 'md', render: () => renderMarkdown(fedoraInput()) },
  { name: 'fedora4-vs-fedora3', ext: 'xml', render: () => renderJunit(fedoraInput()) },
  { name: 'synthetic-ldp-early-stop', ext: 'md', render: () => renderMarkdown(syntheticInput()) },
  { name: 'synthetic-ldp-early-stop', ext: 'xml', render: () => renderJunit(syntheticInput()) },
  { name: 'fedora3-forecast', ext: 'md', render: () => renderMarkdown(withForecast(fedora3Input())) },
];
