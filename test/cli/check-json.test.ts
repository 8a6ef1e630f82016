/**
 * `check --json` of real runs through the binary, each validated against schemas/check.schema.json:
 * memory and LevelDB runs made here (a plain run, one with probes, one a probe stopped (FAIL), one too
 * short to decide (INCONCLUSIVE)), a run against a baseline, and imported series whose growth FAILs,
 * alone and against a baseline with the level gated. The exit code agrees with the verdict printed.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fixture, runCli, tempDir } from '../helpers/cli.js';
import { assertCheckJson, checkSchemaErrors } from '../helpers/check-schema.js';

let tmp: ReturnType<typeof tempDir>;
let db: string;
const ids: Record<string, string> = {};
const EXIT: Record<string, number> = { PASS: 0, WARN: 0, FAIL: 1, INCONCLUSIVE: 3 };

async function made(name: string, args: string[]): Promise<void> {
  const r = await runCli([...args, '--db', db, '--json', '--label', name]);
  assert.ok([0, 1, 3].includes(r.code ?? -1), `${name}: exit ${r.code}\n${r.stderr}`);
  ids[name] = (JSON.parse(r.stdout) as { runId: string }).runId;
}

const memory = (n: number, batch: number, latency = '1ms'): string[] =>
  `run --backend memory --latency ${latency} -n ${n} --batch-size ${batch}`.split(' ');
const series = fixture('series/fedora3-vs-fedora4.csv');
const imported = (column: string): string[] => ['import', series, '--column', column, '--batch-size', '1000'];

before(async () => {
  tmp = tempDir();
  db = join(tmp.dir, 'check-json.db');
  await made('plain', memory(240, 20));
  await made('again', memory(240, 20));
  await made('probes', [...memory(240, 20), '--probe', 'get,head,list']);
  // every memory operation waits at least its 3 ms: the first batch's get probes stop the run
  await made('stopped', [...memory(40, 10, '3ms'), '--probe', 'get', '--probe-stop-above', '1ms']);
  await made('short', memory(50, 10));
  await made('leveldb', ['run', '--backend', 'leveldb', '-n', '240', '--batch-size', '20']);
  await made('f4', imported('fedora4_minimal_ms'));
  await made('f3', imported('fedora3_ms'));
});
after(() => tmp.cleanup());

async function check(...args: string[]): Promise<Record<string, any>> {
  const r = await runCli(['check', ...args, '--db', db, '--json']);
  assert.equal(r.stderr, '', `check ${args.join(' ')}: ${r.stderr}`);
  const j = JSON.parse(r.stdout) as Record<string, any>;
  assertCheckJson(j, `check ${args.join(' ')} --json`);
  assert.equal(r.code, EXIT[j['verdict'] as string], `exit code of verdict ${j['verdict']}`);
  return j;
}

test(
  'runs alone: plain, LevelDB, with probes, stopped by a probe (FAIL), too short (INCONCLUSIVE)',
  { timeout: 120_000 },
  async () => {
    const plain = await check(ids['plain']!);
    assert.equal(plain['perOperation'], true);
    assert.equal(plain['probes'], undefined);
    await check(ids['leveldb']!);
    const probes = await check(ids['probes']!, '--gate-probes');
    assert.deepEqual(Object.keys(probes['probes']), ['get', 'head', 'list']);
    const stopped = await check(ids['stopped']!);
    assert.equal(stopped['verdict'], 'FAIL');
    assert.equal(stopped['stoppedEarly']['probe']['kind'], 'get');
    const short = await check(ids['short']!);
    assert.equal(short['verdict'], 'INCONCLUSIVE');
    const gated = await check(ids['plain']!, '--max-growth', '1.5', '--min-detectable', '1.2');
    assert.equal(gated['gates']['minDetectable'], 1.2);
    assert.match(
      gated['gates']['overridden'][0],
      /^--max-growth 1\.5 from the command line overrides the run's own 1\.1$/,
    );
  },
);

test(
  'against a baseline: memory runs of one workload, and imported series whose growth FAILs',
  { timeout: 120_000 },
  async () => {
    const mem = await check(ids['again']!, '--baseline', ids['plain']!);
    assert.equal(mem['baseline']['runId'], ids['plain']);
    assert.ok(['PASS', 'WARN', 'FAIL', 'INCONCLUSIVE'].includes(mem['ownVerdict']));
    const alone = await check(ids['f4']!);
    assert.equal(alone['verdict'], 'FAIL');
    const leveled = await check(ids['f4']!, '--baseline', ids['f3']!, '--max-level-change', '0.1');
    assert.equal(leveled['baseline']['scaling']['verdict'], 'FAIL');
    assert.equal(leveled['baseline']['level']['maxLevelChange'], 0.1);
    const short = await check(ids['short']!, '--baseline', ids['plain']!, '--force');
    assert.ok(short['baseline']['workloadDifferences'].length > 0, 'the forced comparison lists the differences');
  },
);

test(
  'negative: a real check --json with a field renamed or added no longer validates',
  { timeout: 60_000 },
  async () => {
    const j = await check(ids['probes']!);
    const renamed = structuredClone(j);
    renamed['growth_ratio'] = renamed['growthRatio'];
    delete renamed['growthRatio'];
    assert.notDeepEqual(checkSchemaErrors(renamed), []);
    const added = structuredClone(j);
    added['probes']['get']['p99Ms'] = 1;
    assert.notDeepEqual(checkSchemaErrors(added), []);
  },
);
