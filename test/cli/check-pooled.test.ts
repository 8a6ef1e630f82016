/**
 * `check RUN RUN…`: repeats on the memory store's virtual clock (latency draws seeded by --seed, a
 * known cost model) pooled into one answer. Linear growth x1.5 over the fill: pooled FAIL, exit 1;
 * constant cost: PASS, exit 0; --json valid against schemas/check-pooled.schema.json; runs that are
 * not repeats (another workload, other tags) refused with exit 2 unless --force; --baseline and
 * --forecast refused with several runs; one run gives exactly `check RUN`'s object.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import { assertCheckJson } from '../helpers/check-schema.js';
import { REPO_ROOT, runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
let db: string;
const linear: string[] = [];
const flat: string[] = [];
let otherWorkload = '';
let otherTag = '';

const validate = new Ajv2020.default({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
  JSON.parse(readFileSync(join(REPO_ROOT, 'schemas', 'check-pooled.schema.json'), 'utf8')) as object,
);

/** One virtual-clock run; returns its id. */
async function run(seed: number, cost: string, o: { stream?: string; tag?: string; n?: string } = {}): Promise<string> {
  const r = await runCli([
    ...['run', '--db', db, '--backend', 'memory', '--virtual-clock', '--latency', 'lognormal:2ms:0.2'],
    ...['--cost', cost, '-n', o.n ?? '4000', '--batch-size', '100', '--concurrency', '4'],
    ...['--datastream', o.stream ?? 'D:1KiB', '--seed', String(seed), '--no-stop-early', '--no-chart'],
    ...['--tag', o.tag ?? 'version=1', '--json'],
  ]);
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  return (JSON.parse(r.stdout) as { runId: string }).runId;
}

interface PooledJson {
  verdict: string;
  runs: string[];
  limit: number;
  pooled: {
    growth: { estimate: number; ci: [number, number] };
    level: { estimate: number; ci: [number, number] };
    p95Ms: { estimate: number } | null;
    tau: { growth: number; level: number };
    runs: number;
  };
  perRun: { runId: string; verdict: string; growth: { estimate: number; ci: [number, number] } }[];
}

/** `check ARGS… --json` run, its exit code checked and its object validated against the schema. */
async function pooledJson(args: string[], code: number): Promise<PooledJson & { notes: string[] }> {
  const r = await runCli(['check', ...args, '--db', db, '--json']);
  assert.equal(r.code, code, r.stderr);
  const j = JSON.parse(r.stdout) as PooledJson & { notes: string[] };
  assert.ok(validate(j), JSON.stringify(validate.errors));
  return j;
}

before(async () => {
  tmp = tempDir();
  db = join(tmp.dir, 'r.db');
  for (const seed of [1, 2, 3]) linear.push(await run(seed, 'linear:1.5'));
  for (const seed of [1, 2, 3]) flat.push(await run(seed, 'constant'));
  otherWorkload = await run(4, 'linear:1.5', { stream: 'D:2KiB', n: '2000' });
  otherTag = await run(5, 'linear:1.5', { tag: 'version=2', n: '2000' });
});
after(() => tmp.cleanup());

test('three repeats of linear growth x1.5: pooled FAIL, exit 1, JSON valid, the pool near the truth', async () => {
  const j = await pooledJson(linear, 1);
  assert.equal(j.verdict, 'FAIL');
  assert.deepEqual(j.runs, linear);
  assert.equal(j.pooled.runs, 3);
  assert.ok(j.pooled.growth.ci[0] > j.limit, `lower bound ${j.pooled.growth.ci[0]} above the limit`);
  // the store's cost grows x1.5 from empty to full: the pooled CI brackets the per-batch growth seen
  assert.ok(j.pooled.growth.estimate > 1.3 && j.pooled.growth.estimate < 1.7, String(j.pooled.growth.estimate));
  assert.ok(j.pooled.level.ci[0] < j.pooled.level.estimate && j.pooled.level.estimate < j.pooled.level.ci[1]);
  assert.ok(j.pooled.p95Ms !== null, 'every run recorded operations: p95 pooled');
  assert.ok(j.pooled.tau.growth >= 0 && j.pooled.tau.level >= 0);
  assert.deepEqual(
    j.perRun.map((p) => p.runId),
    linear,
  );
  const text = await runCli(['check', ...linear, '--db', db]);
  assert.equal(text.code, 1);
  assert.match(text.stdout, /^FAIL {2}3 repeats pooled: pooled growth x1\.\d\d \[/);
  assert.match(text.stdout, /between-run spread \(tau\): growth \d+\.\d%, level \d+\.\d%/);
  for (const id of linear) assert.match(text.stdout, new RegExp(`${id} +own FAIL +x1\\.\\d\\d`));
});

test('three repeats of a constant cost: pooled PASS, exit 0', async () => {
  const j = await pooledJson(flat, 0);
  assert.equal(j.verdict, 'PASS');
  assert.ok(j.pooled.growth.ci[0] <= 1 && j.pooled.growth.ci[1] >= 1, JSON.stringify(j.pooled.growth));
});

test('runs that are not repeats are refused with exit 2 naming the difference; --force pools them', async () => {
  const w = await runCli(['check', linear[0] as string, otherWorkload, '--db', db]);
  assert.equal(w.code, 2);
  assert.match(w.stderr, new RegExp(`run ${otherWorkload} is not a repeat of ${linear[0]}: workload: .*size`));
  assert.match(w.stderr, /--force/);
  assert.doesNotMatch(w.stderr, /\n\s+at /, 'no stack trace');
  const t = await runCli(['check', linear[0] as string, otherTag, '--db', db]);
  assert.equal(t.code, 2);
  assert.match(t.stderr, /tags version=2 vs version=1/);
  // pooled anyway: the first 20 batches of a x1.5-over-4,000 run and a x1.5-over-2,000 run differ,
  // and the between-run spread says so (a CI wider than either run's own)
  // (two runs, t with 1 degree of freedom: PASS, the pool cannot tell)
  const j = await pooledJson([linear[0] as string, otherTag, '--force'], 0);
  assert.match(j.notes.join('\n'), /pooled with --force: .*tags version=2 vs version=1/);
  assert.ok(j.pooled.tau.growth > 0, 'runs that differ: a between-run spread');
  const width = (ci: [number, number]): number => ci[1] / ci[0];
  for (const p of j.perRun) assert.ok(width(j.pooled.growth.ci) > width(p.growth.ci));
});

test('--baseline and --forecast are refused with several runs (exit 2, a hint)', async () => {
  const b = await runCli(['check', ...linear.slice(0, 2), '--baseline', flat[0] as string, '--db', db]);
  assert.equal(b.code, 2);
  assert.match(b.stderr, /--baseline judges one run/);
  assert.match(b.stderr, /hint: /);
  const f = await runCli(['check', ...linear.slice(0, 2), '--forecast', '20k', '--db', db]);
  assert.equal(f.code, 2);
  assert.match(f.stderr, /--forecast judges one run/);
});

test("one run: check's own object and text, as before", async () => {
  const id = linear[0] as string;
  const r = await runCli(['check', id, '--db', db, '--json']);
  assert.equal(r.code, 1, r.stderr);
  const j = JSON.parse(r.stdout) as { runId: string; verdict: string; growthRatio: number; pooled?: unknown };
  assertCheckJson(j);
  assert.equal(j.runId, id);
  assert.equal(j.pooled, undefined);
  const text = await runCli(['check', id, '--db', db]);
  assert.match(
    text.stdout,
    new RegExp(`^FAIL {2}${id}: superlinear slowdown: per-batch time x${j.growthRatio.toFixed(2)}`),
  );
  assert.doesNotMatch(text.stdout, /pooled/);
});
