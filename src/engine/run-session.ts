/**
 * One `run` from start to end: make the backend, preflight it (a bad target fails here, before any
 * batch and before anything is written), record the run, drive the engine, and close the run with
 * its final status — completed, aborted (interrupted between batches) or failed (with the reason).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { customAlphabet } from 'nanoid';
import type { TargetInfo } from '../backends/backend.js';
import { createBackend } from '../backends/registry.js';
import type { ResultsStore } from '../store/results-store.js';
import type { BatchRecord, RunRecord } from '../store/records.js';
import { TOOL_VERSION } from '../version.js';
import { plannedBatches, type Workload } from '../workload/workload.js';
import { hostFacts } from './host-facts.js';
import { runEngine, type EngineProgress } from './run-engine.js';

export const newRunId = customAlphabet('0123456789abcdefghijklmnopqrstuvwxyz', 10);

export interface RunSessionOptions {
  store: ResultsStore;
  workload: Workload;
  backend: string;
  /** Data directory of an embedded store; default reports/data/<run id>, removed after the run unless keepData. */
  dataDir?: string;
  keepData?: boolean;
  url?: string;
  label?: string;
  maxErrorRate: number;
  signal?: AbortSignal;
  onPreflight?: (info: TargetInfo, run: RunRecord) => void;
  onBatch?: (p: EngineProgress) => void;
}

export interface RunSessionResult {
  run: RunRecord;
  batches: BatchRecord[];
}

export async function runSession(o: RunSessionOptions): Promise<RunSessionResult> {
  const id = newRunId();
  const dataDir = o.dataDir ?? join('reports', 'data', id);
  const removeData = o.dataDir === undefined && o.keepData !== true;
  const backend = createBackend(o.backend, { dataDir, ...(o.url === undefined ? {} : { url: o.url }) });
  try {
    const info = await backend.preflight();
    const run: RunRecord = {
      id,
      label: o.label ?? null,
      source: 'run',
      status: 'running',
      backend: backend.name,
      target: info.target,
      targetInfo: info,
      workload: o.workload,
      batchSize: o.workload.batchSize,
      plannedBatches: plannedBatches(o.workload),
      toolVersion: TOOL_VERSION,
      nodeVersion: process.version,
      host: hostFacts(),
      startedAt: new Date().toISOString(),
      finishedAt: null,
      error: null,
    };
    await o.store.createRun(run);
    o.onPreflight?.(info, run);
    try {
      const result = await runEngine({
        runId: id,
        workload: o.workload,
        backend,
        sink: o.store,
        idPrefix: `${id.slice(0, 6)}-`,
        maxErrorRate: o.maxErrorRate,
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.onBatch ? { onBatch: o.onBatch } : {}),
      });
      await o.store.finishRun(id, result.status);
      return { run: { ...run, status: result.status }, batches: result.batches };
    } catch (e) {
      await o.store.finishRun(id, 'failed', (e as Error).message);
      throw e;
    }
  } finally {
    await backend.close();
    if (removeData) rmSync(dataDir, { recursive: true, force: true });
  }
}
