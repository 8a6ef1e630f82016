/**
 * Runs the overhead benchmarks and writes reports/perf.md.
 *   node dist/bench/run.js [http generate record leveldb memory analysis dav scale shard rgw ground-truth
 *        verdict-iv live forecast]
 *        [--quick | --tiny]
 *        [--out FILE] [--json FILE] [--variant NAME]
 * `import`: `ingest-scale import` of k6 and JMeter logs against a minimal reader, run only when named.
 * `forecast`: the forecast's coverage on the ground-truth store on the host's clock, run only when named.
 * No names: all seven (`scale`, import of 10M rows and check on 1M batches, `shard`, one shard's
 * peak RSS at 10M objects, and `rgw`, the s3 backend against the AWS SDK on a Ceph cluster of its
 * own, and `ground-truth`, the gate's wall-clock calibration on the constant ground-truth store, run
 * only when named). `verdict-iv`: the verdict IV rules on the ground-truth store under the host's
 * real clock (a step, and busy loops from half-fill); `live`: whether a `watch` process or a 1 s
 * `--metrics` scrape changes the writer's batch times; both run only when named.
 * --quick: smaller counts, one round (about a minute for all). --tiny: the smallest counts, for
 * the smoke test (written only where --out/--json say). --variant before: store the results as
 * the "before" figures of a src/ change (kept in reports/perf.md's data).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analysisBench } from './analysis-bench.js';
import { davBench } from './dav-bench.js';
import { forecastBench } from './forecast-bench.js';
import { generateBench } from './generate-bench.js';
import { groundTruthBench } from './ground-truth-bench.js';
import { httpBench } from './http-bench.js';
import { importBench } from './import-bench.js';
import { leveldbBench } from './leveldb-bench.js';
import { liveBench } from './live-bench.js';
import { machineFacts } from './lib/machine.js';
import { REPO_ROOT } from './lib/proc.js';
import { ORDER, writeReport, type Stored } from './lib/report.js';
import type { Benchmark, BenchResult, Mode } from './lib/result.js';
import { memoryBench } from './memory-bench.js';
import { recordBench } from './record-bench.js';
import { rgwBench } from './rgw-bench.js';
import { scaleBench } from './scale-bench.js';
import { shardBench } from './shard-bench.js';
import { verdictIvBench } from './verdict-iv-bench.js';

const BENCHES: Record<string, Benchmark> = {
  http: httpBench,
  generate: generateBench,
  record: recordBench,
  leveldb: leveldbBench,
  memory: memoryBench,
  analysis: analysisBench,
  dav: davBench,
  scale: scaleBench,
  shard: shardBench,
  rgw: rgwBench,
  'ground-truth': groundTruthBench,
  'verdict-iv': verdictIvBench,
  live: liveBench,
  forecast: forecastBench,
  import: importBench,
};

const argv = process.argv.slice(2);
let mode: Mode = 'full';
let out: string | null = null;
let jsonOut: string | null = null;
let variant: string | null = null;
const names: string[] = [];
for (let i = 0; i < argv.length; i++) {
  const a = argv[i] as string;
  if (a === '--quick') mode = 'quick';
  else if (a === '--tiny') mode = 'tiny';
  else if (a === '--out') out = argv[++i] ?? null;
  else if (a === '--json') jsonOut = argv[++i] ?? null;
  else if (a === '--variant') variant = argv[++i] ?? null;
  else if (a in BENCHES) names.push(a);
  else {
    process.stderr.write(
      `bench: unknown argument "${a}"; use ${Object.keys(BENCHES).join(', ')}, --quick, --tiny, --out FILE, --json FILE, --variant NAME\n`,
    );
    process.exit(2);
  }
}
if (names.length === 0) names.push(...ORDER);
if (out === null && mode !== 'tiny') out = join(REPO_ROOT, 'reports', 'perf.md');

const event = process.env.npm_lifecycle_event;
const node = `node dist/bench/run.js${argv.length ? ` ${argv.join(' ')}` : ''}`;
const commandLine = event?.startsWith('bench')
  ? `npm run ${event}${argv.filter((a) => !(a in BENCHES)).length ? ` -- ${argv.filter((a) => !(a in BENCHES)).join(' ')}` : ''}`
  : node;

const started = process.hrtime.bigint();
const results: Stored[] = [];
for (const name of names) {
  const bench = BENCHES[name] as Benchmark;
  const machine = machineFacts();
  process.stderr.write(`== bench ${name} (${mode})\n`);
  const t = process.hrtime.bigint();
  const r = await bench({ mode, log: (line) => process.stderr.write(`   ${line}\n`) });
  const result: BenchResult = {
    ...r,
    mode,
    seconds: Number(process.hrtime.bigint() - t) / 1e9,
    command: commandLine,
    measuredAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
  for (const f of result.figures) {
    process.stderr.write(
      `   ${f.figure}: ours ${f.ours.toPrecision(4)} ${f.unit}, ${f.referenceName} ${f.reference.toPrecision(4)} ${f.unit}, ratio ${f.ratio.toFixed(2)}${f.budget ? `, budget ${f.budget}: ${f.met ? 'met' : 'MISSED'}` : ''}\n`,
    );
  }
  process.stderr.write(`   (${result.seconds.toFixed(1)} s)\n`);
  results.push({ result, machine });
}
const total = Number(process.hrtime.bigint() - started) / 1e9;
process.stderr.write(`== all done in ${total.toFixed(1)} s\n`);
if (jsonOut)
  writeFileSync(
    jsonOut,
    JSON.stringify({ mode, seconds: total, results: results.map((s) => s.result), machine: machineFacts() }, null, 2),
  );
if (out) {
  writeReport(out, results, variant ?? mode, commandLine);
  process.stderr.write(`== wrote ${out}\n`);
}
