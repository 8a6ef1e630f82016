/**
 * One forecast checked against the truth on the host's clock (docs/forecast.md, "Coverage, measured"):
 * two fresh ground-truth stores of the same cost (`serve --protocol http-put --cost COST --base-cost
 * B --fill N`, each its own process, stopped by PID), one filled with N/4 objects and one with N by
 * `run --backend http-put`; then `check --forecast N --json` of the short run, and the median of the
 * full run's last four batches, which is what a batch costs at that fill.
 *
 * Both stores get `--fill N`, so they follow the same curve: the short run sees its first quarter,
 * and the forecast's target N is the fill the full run ends at (a store starts empty and holds one
 * resource per object, `--collections none` and one datastream each). The forecast stands a batch at
 * its middle fill; the last four batches stand 0.5 to 3.5 batches below N, which moves the truth of
 * the steepest model used (linear x1.5) by under 1%, far inside any interval.
 *
 * The tool's own bursts of CPU fall where nothing is measured: every store is started before any
 * run begins; the full runs start, and the short runs once every full run is ingesting (a run's
 * start, a second of CPU loading the tool, then slows only batches the gate drops as warm-up or a
 * full run's early ones); the checks, a second of CPU each, run after the last run ended. The stores
 * serve without their self-warm-up (`--no-warmup`): a cold store's own code costs a millisecond or
 * so more per PUT over its first thousand requests, which matters against a wait of 2 ms and not
 * against the tens to hundreds of milliseconds these stores wait, while warming a dozen stores at
 * once would cost the host tens of seconds of CPU.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ForecastJsonFields } from '../../src/report/forecast-text.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { BIN, REPO_ROOT, runCli } from './cli.js';
import { groundTruthRunArgs, serveGroundTruth } from './ground-truth-run.js';
import type { ServedProcess } from './serve.js';

export interface ForecastCase {
  /** The store's cost model, e.g. `linear:1.5` (its `--fill` is `objects`). */
  cost: string;
  /** N: the full run's objects, and the fill forecast to; the short run stores N/4. */
  objects: number;
  batchSize: number;
  /** Objects in flight. */
  concurrency: number;
  /** The store's wait per PUT into the empty store, e.g. `100ms`. */
  baseCost: string;
  seed: number;
  /** Where the two runs' databases go. */
  dir: string;
}

export interface ForecastOutcome {
  case: ForecastCase;
  /** The batch forecast at N from the short run. */
  model: string;
  estimateMs: number;
  pi: [number, number];
  far: boolean;
  /** `forecastFit` of the check's JSON. */
  fit: NonNullable<ForecastJsonFields['forecastFit']>;
  /** The median of the full run's last four batches, ms. */
  measuredMs: number;
  covered: boolean;
}

/** The median of a run's last four batch times (the mean of the middle two), ms. */
export async function lastFourMedian(db: string): Promise<number> {
  const raw = await SqliteDb.open(db, 'readonly');
  try {
    const rows = await raw.all<{ wall_ms: number }>('SELECT wall_ms FROM batches ORDER BY idx DESC LIMIT 4');
    assert.equal(rows.length, 4, `${db}: four batches`);
    const v = rows.map((r) => Number(r.wall_ms)).sort((a, b) => a - b);
    return ((v[1] as number) + (v[2] as number)) / 2;
  } finally {
    await raw.close();
  }
}

const caseName = (c: ForecastCase): string => `${c.cost.replaceAll(':', '_')}-${c.seed}`;
const shortDb = (c: ForecastCase): string => join(c.dir, `short-${caseName(c)}.db`);
const fullDb = (c: ForecastCase): string => join(c.dir, `full-${caseName(c)}.db`);

interface Fill {
  db: string;
  objects: number;
  c: ForecastCase;
}

interface Started {
  /** Resolves when the run named itself (stderr's `run ID: N objects…`): the tool is loaded. */
  ingesting: Promise<void>;
  /** Resolves when the run ended (and its store was stopped). */
  done: Promise<void>;
}

/** Starts `run` on the store; stops the store (by PID) as soon as the run ended. */
function startRun(server: ServedProcess, f: Fill): Started {
  const args = groundTruthRunArgs({
    url: server.url,
    objects: f.objects,
    batchSize: f.c.batchSize,
    concurrency: f.c.concurrency,
    db: f.db,
    label: caseName(f.c),
    extra: ['--no-stop-early', '--seed', String(f.c.seed)],
  });
  const child = spawn(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let began: () => void = () => undefined;
  const ingesting = new Promise<void>((resolve) => (began = resolve));
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (/^run \S+: /m.test(stderr)) began();
  });
  const done = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  })
    .finally(async () => {
      began();
      await server.stop();
    })
    .then((code) => {
      assert.ok(
        [0, 1, 3].includes(code ?? -1),
        `run of ${f.objects} on ${f.c.cost} exited ${code}: ${stderr}${stdout}`,
      );
    });
  return { ingesting, done };
}

/** Fills a short and a full store for every case: all stores first, the full runs, then the short runs. */
export async function fillCases(cases: readonly ForecastCase[]): Promise<void> {
  const fills: Fill[] = cases.flatMap((c) => [
    { db: fullDb(c), objects: c.objects, c },
    { db: shortDb(c), objects: c.objects / 4, c },
  ]);
  const started = await Promise.allSettled(
    fills.map((f) => serveGroundTruth(f.c.cost, f.c.baseCost, f.c.objects, ['--no-warmup'])),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (servers.length < fills.length) {
    await Promise.all(servers.map((s) => s.stop()));
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    throw failed?.reason as Error;
  }
  const full = fills.flatMap((f, i) => (i % 2 === 0 ? [startRun(servers[i] as ServedProcess, f)] : []));
  await Promise.all(full.map((r) => r.ingesting));
  const short = fills.flatMap((f, i) => (i % 2 === 1 ? [startRun(servers[i] as ServedProcess, f)] : []));
  const runs = await Promise.allSettled([...full, ...short].map((r) => r.done));
  const failed = runs.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed !== undefined) throw failed.reason as Error;
}

/** The short run's forecast at N against the full run's last batches (after fillCases). */
export async function judgeCase(c: ForecastCase): Promise<ForecastOutcome> {
  const check = await runCli(['check', 'last', '--db', shortDb(c), '--forecast', String(c.objects), '--json']);
  assert.ok([0, 1, 3].includes(check.code ?? -1), `check exited ${check.code}: ${check.stderr}`);
  const j = JSON.parse(check.stdout) as ForecastJsonFields;
  assert.ok(Array.isArray(j.forecast), 'check --json has a forecast array');
  const f = j.forecast.find((p) => p.metric === 'batch' && p.objects === c.objects);
  assert.ok(f !== undefined, `a batch forecast at ${c.objects}: ${check.stdout.slice(0, 2000)}`);
  assert.ok(j.forecastFit !== undefined, 'check --json has forecastFit');
  for (const key of ['model', 'estimateMs', 'pi', 'far'] as const) assert.ok(key in f, `forecast[].${key}`);
  const measuredMs = await lastFourMedian(fullDb(c));
  return {
    case: c,
    model: f.model,
    estimateMs: f.estimateMs,
    pi: f.pi,
    far: f.far,
    fit: j.forecastFit,
    measuredMs,
    covered: measuredMs >= f.pi[0] && measuredMs <= f.pi[1],
  };
}

/** One line per case: the forecast, its interval and the measured value. */
export function describeOutcome(o: ForecastOutcome): string {
  const cliff = o.fit.cliffBatch === null ? '' : `, after the cliff at batch ${o.fit.cliffBatch}`;
  return (
    `${o.case.cost} seed ${o.case.seed}: ${o.estimateMs.toFixed(0)} ms ` +
    `[${o.pi[0].toFixed(0)}, ${o.pi[1].toFixed(0)}] ` +
    `(${o.model}, ${o.fit.batchesUsed} batches${cliff}), measured ${o.measuredMs.toFixed(0)} ms ` +
    `${o.covered ? 'covered' : 'MISSED'}`
  );
}
