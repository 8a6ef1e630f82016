/**
 * A seeded compare for the compare page's tests (no test in this file): two targets, the reference
 * "keyed" flat at 100 ms per batch, "document" growing 4% per batch (its scaling FAILs), 20 batches
 * of 400 with 1 warm-up; the answer and the ratio series computed by the compare's own functions
 * (compareAnswer, ratioSeries).
 */
import { compareAnswer } from '../../src/compare/compare-answer.js';
import { ratioSeries, type CompareSeries, type TargetSeries } from '../../src/compare/compare-series.js';
import type { PhaseData } from '../../src/compare/phase-data.js';
import { mulberry32 } from '../helpers/series.js';

export const BATCHES = 20;
export const SIZE = 400;

export function compareFixture(): CompareSeries {
  const rnd = mulberry32(19);
  const noise = (): number => 1 + 0.04 * (rnd() - 0.5);
  const series = {
    keyed: Array.from({ length: BATCHES }, () => 100 * noise()),
    document: Array.from({ length: BATCHES }, (_, i) => 100 * 1.04 ** i * noise()),
  };
  const summary = {
    medianMs: 100,
    p50Ms: 1,
    p95Ms: 2,
    p99Ms: 3,
    opsPerSec: 1000,
    mbPerSec: 1,
    operations: 800,
    failedOps: 0,
    bytesVerified: 0,
  };
  const phase = (perBatchMs: number[]): PhaseData => ({ perBatchMs, summary });
  const answer = compareAnswer(
    [
      { name: 'keyed', runId: 'runKeyed0001', phases: { put: phase(series.keyed) } },
      { name: 'document', runId: 'runDocument1', phases: { put: phase(series.document) } },
    ],
    { compareId: 'cmpTest00001', phases: ['put'], batches: BATCHES, warmupBatches: 1, batchSize: SIZE, maxGrowth: 1.1 },
  );
  const objects = Array.from({ length: BATCHES }, (_, i) => (i + 1) * SIZE);
  const targets: TargetSeries[] = [
    { name: 'keyed', runId: 'runKeyed0001', objects, perBatchMs: { put: series.keyed } },
    { name: 'document', runId: 'runDocument1', objects, perBatchMs: { put: series.document } },
  ];
  return {
    answer,
    batchSize: SIZE,
    startedAt: '2026-02-01T11:00:00.000Z',
    targets,
    ratios: ratioSeries(answer, targets, SIZE),
  };
}
