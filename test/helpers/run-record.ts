/** A run record for tests that write batches and operations straight into a results store. */
import type { RunRecord } from '../../src/model/records.js';

export const runRecord = (id: string, over: Partial<RunRecord> = {}): RunRecord => ({
  id,
  label: null,
  source: 'run',
  status: 'running',
  backend: 'null',
  target: null,
  targetInfo: null,
  workload: {},
  batchSize: 1,
  plannedBatches: 1,
  toolVersion: '0',
  nodeVersion: process.version,
  host: { hostname: 'h', platform: 'p', arch: 'a', cpus: 1, cpuModel: 'c', memoryBytes: 1 },
  startedAt: '2026-01-01T00:00:00Z',
  finishedAt: null,
  error: null,
  ...over,
});
