/** Synthetic but realistic records: a run, its batches and operation records, for the store benchmarks. */
import type { BatchRecord, OpRecord, RunRecord } from '../../src/model/records.js';
import { fixedWorkload } from './workloads.js';

export function syntheticRun(id: string, batchSize: number, plannedBatches: number): RunRecord {
  return {
    id,
    label: 'bench',
    source: 'run',
    status: 'completed',
    backend: 'null',
    target: 'null',
    targetInfo: { backend: 'null', target: 'null' },
    workload: fixedWorkload(batchSize * plannedBatches, 1024, { batchSize }),
    batchSize,
    plannedBatches,
    toolVersion: 'bench',
    nodeVersion: process.version,
    host: {
      hostname: 'bench',
      platform: process.platform,
      arch: process.arch,
      cpus: 2,
      cpuModel: 'bench',
      memoryBytes: 0,
    },
    startedAt: new Date().toISOString(),
    finishedAt: null,
    error: null,
  };
}

/** A deterministic pseudo-random latency around `ms` (lognormal-ish), so the gate has real work. */
function latency(i: number, ms: number): number {
  const u = ((Math.imul(i + 1, 2654435761) >>> 0) % 10007) / 10007;
  return ms * Math.exp(0.4 * (u - 0.5) * 3);
}

export function syntheticBatch(index: number, objects: number, growth = 0): { batch: BatchRecord; ops: OpRecord[] } {
  const ops: OpRecord[] = [];
  const base = 1 + growth * index;
  for (let i = 0; i < objects; i++) {
    const objectIndex = (index - 1) * objects + i;
    const d = latency(objectIndex, base);
    ops.push({
      kind: 'add-datastream',
      objectId: `bench-${objectIndex}`,
      objectIndex,
      datastreamId: 'D',
      status: 'ok',
      bytes: 1024,
      startMs: i * 0.05,
      ttfbMs: d * 0.8,
      durationMs: d,
      attempt: 1,
      errorCode: null,
      httpStatus: 201,
    });
  }
  const wallMs = objects * 0.05 * base * (1 + 0.05 * Math.sin(index));
  const batch: BatchRecord = {
    index,
    objects,
    objectsBefore: (index - 1) * objects,
    bytes: objects * 1024,
    wallMs,
    okOps: objects,
    failedOps: 0,
    retriedOps: 0,
    p50Ms: base,
    p95Ms: base * 1.5,
    p99Ms: base * 2,
    startedAt: new Date().toISOString(),
  };
  return { batch, ops };
}
