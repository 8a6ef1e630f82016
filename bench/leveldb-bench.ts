/**
 * Benchmark 4, embedded store: the leveldb backend driven by the engine (runEngine, no-op sink,
 * concurrency 4, batches of 1,000) against raw classic-level batch() writes of the same bytes:
 * the same keys and values (object record, content chunks, datastream record), generated in
 * advance, one batch() per object with the same concurrency. Fresh store per run; interleaved
 * rounds, medians.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClassicLevel } from 'classic-level';
import { LevelDbBackend } from '../src/backends/leveldb/leveldb-backend.js';
import * as K from '../src/backends/leveldb/keys.js';
import { runEngine } from '../src/engine/run-engine.js';
import { runPool } from '../src/engine/pool.js';
import { contentChunks } from '../src/generate/content.js';
import { planBatch } from '../src/generate/plan.js';
import { figure, type Benchmark, type Figure, type Mode } from './lib/result.js';
import { fmt, hrNow, interleave, median, msSince, sizeLabel } from './lib/stats.js';
import { fixedWorkload, nullSink } from './lib/workloads.js';

const KiB = 1024;
const PLANS: Record<Mode, { points: { size: number; objects: number }[]; rounds: number }> = {
  full: { points: [{ size: KiB, objects: 20_000 }, { size: 64 * KiB, objects: 2_000 }], rounds: 3 },
  quick: { points: [{ size: KiB, objects: 5_000 }, { size: 64 * KiB, objects: 500 }], rounds: 1 },
  tiny: { points: [{ size: KiB, objects: 200 }], rounds: 1 },
};
const CONCURRENCY = 4;

type Op = { type: 'put'; key: string; value: Buffer };

async function ours(dir: string, size: number, objects: number, tag: string): Promise<number> {
  const backend = new LevelDbBackend({ dataDir: join(dir, tag) });
  await backend.preflight();
  const workload = fixedWorkload(objects, size, { concurrency: CONCURRENCY });
  const t = hrNow();
  const r = await runEngine({ runId: tag, workload, backend, sink: nullSink, idPrefix: `${tag}-`, maxErrorRate: 0 });
  const ms = msSince(t);
  await backend.close();
  rmSync(join(dir, tag), { recursive: true, force: true });
  if (r.batches.some((b) => b.failedOps > 0)) throw new Error('leveldb backend: failed operations');
  return objects / (ms / 1000);
}

/** The same keys and bytes the backend writes, built before the clock starts. */
function prebuild(size: number, objects: number, tag: string): Op[][] {
  const workload = fixedWorkload(objects, size, { concurrency: CONCURRENCY });
  const created = new Date().toISOString();
  return planBatch(workload, 0, objects, { idPrefix: `${tag}-` }).map((plan) => {
    const ops: Op[] = [{ type: 'put', key: K.objectKey(plan.id), value: Buffer.from(JSON.stringify({ id: plan.id, path: plan.path, created })) }];
    for (const ds of plan.datastreams) {
      const hash = createHash('sha256');
      let n = 0;
      for (const chunk of contentChunks(ds)) {
        hash.update(chunk);
        ops.push({ type: 'put', key: K.chunkKey(plan.id, ds.id, n++), value: chunk });
      }
      const rec = { id: ds.id, size: ds.size, sha256: hash.digest('hex'), mime: ds.mime, chunks: n, created };
      ops.push({ type: 'put', key: K.datastreamKey(plan.id, ds.id), value: Buffer.from(JSON.stringify(rec)) });
    }
    return ops;
  });
}

async function rawLevel(dir: string, size: number, objects: number, tag: string): Promise<number> {
  const batches = prebuild(size, objects, tag);
  const db = new ClassicLevel<string, Buffer>(join(dir, tag), { keyEncoding: 'utf8', valueEncoding: 'buffer' });
  await db.open();
  const t = hrNow();
  await runPool(batches, CONCURRENCY, (ops) => db.batch(ops));
  const ms = msSince(t);
  await db.close();
  rmSync(join(dir, tag), { recursive: true, force: true });
  return objects / (ms / 1000);
}

export const leveldbBench: Benchmark = async (ctx) => {
  const p = PLANS[ctx.mode];
  const dir = mkdtempSync(join(tmpdir(), 'ingest-scale-bench-leveldb-'));
  const figures: Figure[] = [];
  const rows: string[][] = [];
  try {
    let k = 0;
    for (const pt of p.points) {
      const warm = Math.max(50, Math.round(pt.objects / 10));
      await ours(dir, pt.size, warm, `w${++k}`);
      await rawLevel(dir, pt.size, warm, `w${++k}`);
      const [a, b] = await interleave(p.rounds, [() => ours(dir, pt.size, pt.objects, `o${++k}`), () => rawLevel(dir, pt.size, pt.objects, `r${++k}`)]);
      const o = median(a ?? []);
      const r = median(b ?? []);
      ctx.log(`${sizeLabel(pt.size)}: leveldb backend ${fmt(o)} obj/s, raw batch() ${fmt(r)} obj/s`);
      figures.push(figure({ figure: `${pt.objects.toLocaleString('en-US')} objects of ${sizeLabel(pt.size)}`, ours: o, reference: r, unit: 'obj/s', referenceName: 'raw classic-level batch()', budget: '>= 0.70x', met: o / r >= 0.7 }));
      rows.push([sizeLabel(pt.size), (a ?? []).map((x) => fmt(x)).join(', '), (b ?? []).map((x) => fmt(x)).join(', ')]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    name: 'leveldb',
    title: 'Embedded store: leveldb backend vs raw classic-level batch()',
    method: [
      `Ours: \`runEngine\` with the leveldb backend (src/backends/leveldb) and a no-op sink: per object an existence check, the object record, then the datastream streamed in 64 KiB chunks with its SHA-256, committed with its record; concurrency ${CONCURRENCY}, batches of 1,000, random content generated on the way.`,
      `Reference: classic-level on a fresh database, one \`batch()\` per object holding the same keys and values (object record, chunks, datastream record), all generated before the clock starts, concurrency ${CONCURRENCY}.`,
      `A warm-up run of each (10%), then ${p.rounds} interleaved rounds, each on a fresh store in a temp directory; medians.`,
    ],
    figures,
    tables: [{ title: 'Every round (objects/s)', columns: ['datastream', 'leveldb backend', 'raw batch()'], rows }],
    notes: [],
  };
};
