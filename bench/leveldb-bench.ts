/**
 * Benchmark 4, embedded store: the leveldb backend driven by the engine (runEngine, no-op sink,
 * concurrency 4, batches of 1,000) against raw classic-level batch() writes of the same bytes:
 * the same keys and values (object record, content chunks, datastream record), generated in
 * advance, one batch() per object with the same concurrency; beside it, informational variants of
 * the reference (built in the clock; two batch() per object). Fresh store per run; interleaved
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
import { planBatch, type ObjectPlan } from '../src/generate/plan.js';
import { figure, type Benchmark, type Figure, type Mode } from './lib/result.js';
import { fmt, hrNow, interleave, median, msSince, sizeLabel } from './lib/stats.js';
import { fixedWorkload, nullSink } from './lib/workloads.js';

const KiB = 1024;
const PLANS: Record<Mode, { points: { size: number; objects: number }[]; rounds: number }> = {
  full: {
    points: [
      { size: KiB, objects: 20_000 },
      { size: 64 * KiB, objects: 2_000 },
    ],
    rounds: 3,
  },
  quick: {
    points: [
      { size: KiB, objects: 5_000 },
      { size: 64 * KiB, objects: 500 },
    ],
    rounds: 1,
  },
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

/** One object's puts as the backend writes them: object record, content chunks, datastream record. */
function objectOps(plan: ObjectPlan, created: string): Op[] {
  const ops: Op[] = [
    {
      type: 'put',
      key: K.objectKey(plan.id),
      value: Buffer.from(JSON.stringify({ id: plan.id, path: plan.path, created })),
    },
  ];
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
}

/**
 * How the raw reference writes: `prebuilt` (the budget's reference) builds every object's puts before
 * the clock starts and writes each object in one batch(); two informational variants: `generated`
 * builds them inside the clock (content, SHA-256, records: the work the tool cannot skip), and
 * `two-writes` writes the object record and then the datastream as two batch() calls, as the
 * backend's two operations must be.
 */
type RawMode = 'prebuilt' | 'generated' | 'two-writes';

async function rawLevel(dir: string, size: number, objects: number, tag: string, mode: RawMode): Promise<number> {
  const workload = fixedWorkload(objects, size, { concurrency: CONCURRENCY });
  const created = new Date().toISOString();
  const plans = planBatch(workload, 0, objects, { idPrefix: `${tag}-` });
  const prebuilt = mode === 'generated' ? [] : plans.map((plan) => objectOps(plan, created));
  const db = new ClassicLevel<string, Buffer>(join(dir, tag), { keyEncoding: 'utf8', valueEncoding: 'buffer' });
  await db.open();
  const t = hrNow();
  await runPool(plans, CONCURRENCY, async (plan, i) => {
    const ops = mode === 'generated' ? objectOps(plan, created) : (prebuilt[i] as Op[]);
    if (mode !== 'two-writes') return db.batch(ops);
    await db.batch(ops.slice(0, 1));
    await db.batch(ops.slice(1));
  });
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
      await rawLevel(dir, pt.size, warm, `w${++k}`, 'prebuilt');
      const [a, b, c, d] = await interleave(p.rounds, [
        () => ours(dir, pt.size, pt.objects, `o${++k}`),
        () => rawLevel(dir, pt.size, pt.objects, `r${++k}`, 'prebuilt'),
        () => rawLevel(dir, pt.size, pt.objects, `g${++k}`, 'generated'),
        () => rawLevel(dir, pt.size, pt.objects, `t${++k}`, 'two-writes'),
      ]);
      const o = median(a ?? []);
      const r = median(b ?? []);
      ctx.log(
        `${sizeLabel(pt.size)}: leveldb backend ${fmt(o)} obj/s, raw batch() ${fmt(r)} obj/s (built in the clock ${fmt(median(c ?? []))}, two batch() per object ${fmt(median(d ?? []))})`,
      );
      figures.push(
        figure({
          figure: `${pt.objects.toLocaleString('en-US')} objects of ${sizeLabel(pt.size)}`,
          ours: o,
          reference: r,
          unit: 'obj/s',
          referenceName: 'raw classic-level batch()',
          budget: '>= 0.70x',
          met: o / r >= 0.7,
        }),
      );
      const all = (xs: number[] | undefined): string => (xs ?? []).map((x) => fmt(x)).join(', ');
      rows.push([sizeLabel(pt.size), all(a), all(b), all(c), all(d)]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    name: 'leveldb',
    title: 'Embedded store: leveldb backend vs raw classic-level batch()',
    method: [
      `Ours: \`runEngine\` with the leveldb backend (src/backends/leveldb) and a no-op sink: per object an existence check, the object record, then the datastream streamed in 64 KiB chunks with its SHA-256, committed with its record, each timed as its own operation (a first datastream of up to 4 KiB starts while the record is queued; writes are group-committed); concurrency ${CONCURRENCY}, batches of 1,000, random content generated on the way.`,
      `Reference: classic-level on a fresh database, one \`batch()\` per object holding the same keys and values (object record, chunks, datastream record), all generated before the clock starts, concurrency ${CONCURRENCY}.`,
      'Two informational references beside it, not budgeted: the same batch() per object with its content, SHA-256 and records built inside the clock (work the tool cannot skip), and the object record and the datastream as two batch() calls per object, one after the other (the two durable operations the backend times).',
      `A warm-up run of ours and of the reference (10%), then ${p.rounds} interleaved rounds, each on a fresh store in a temp directory; medians.`,
    ],
    figures,
    tables: [
      {
        title: 'Every round (objects/s)',
        columns: [
          'datastream',
          'leveldb backend',
          'raw batch() (reference)',
          'raw, built in the clock',
          'raw, two batch() per object',
        ],
        rows,
      },
    ],
    notes: [],
  };
};
