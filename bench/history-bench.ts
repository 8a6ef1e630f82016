/**
 * `ingest-scale history` (the real CLI in its own process) on a database of 200 groups x 3 repeats
 * of 40 batches each (tags version=1.0.N), the store written directly. Prints the wall time of the
 * command, median of 3; the aim is under 5 s. Not a test: figures depend on the host.
 *
 *   node dist/bench/history-bench.js
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalSource } from '../src/analysis/seeded-normal.js';
import type { BatchRecord } from '../src/model/records.js';
import { ResultsStore } from '../src/store/results-store.js';
import { REPO_ROOT, runProcess } from './lib/proc.js';
import { syntheticRun } from './lib/synthetic.js';

const GROUPS = 200;
const REPEATS = 3;
const BATCHES = 40;

async function makeDb(path: string): Promise<void> {
  const store = await ResultsStore.open(path, 'write');
  const z = normalSource(42);
  try {
    for (let g = 0; g < GROUPS; g++)
      for (let k = 0; k < REPEATS; k++) {
        const run = { ...syntheticRun(`g${g}r${k}`, 100, BATCHES), tags: { version: `1.0.${g}` } };
        run.startedAt = new Date(Date.UTC(2026, 0, 1) + (g * REPEATS + k) * 60_000).toISOString();
        const shift = 0.03 * z();
        const batches: BatchRecord[] = Array.from({ length: BATCHES }, (_, i) => ({
          index: i + 1,
          objects: 100,
          objectsBefore: i * 100,
          bytes: 0,
          wallMs: 100 * Math.exp(shift + 0.03 * z()) * (g >= 150 ? 1 + i / BATCHES : 1),
          okOps: 100,
          failedOps: 0,
          retriedOps: 0,
          p50Ms: null,
          p95Ms: null,
          p99Ms: null,
          startedAt: null,
        }));
        await store.importRun(run, batches);
      }
  } finally {
    await store.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-history-bench-'));
try {
  const db = join(dir, 'history.db');
  await makeDb(db);
  const times: number[] = [];
  let code: number | null = null;
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    const r = await runProcess(process.execPath, [
      join(REPO_ROOT, 'bin', 'ingest-scale.js'),
      'history',
      '--db',
      db,
      '--json',
    ]);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    code = r.code;
  }
  times.sort((a, b) => a - b);
  process.stdout.write(
    `history of ${GROUPS} groups x ${REPEATS} repeats x ${BATCHES} batches: median ${(times[1] as number).toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')} ms), exit ${code}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
