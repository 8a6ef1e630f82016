#!/usr/bin/env node
// Writes the example reports in reports/ from the published Fedora 3 vs Fedora 4 series
// (fixtures/series/fedora3-vs-fedora4.csv, Fedora 4 as the candidate, Fedora 3 as the baseline),
// with fixed ids and dates so the files only change when the renderers do. A test checks they
// are up to date. Run through `npm run reports:examples` (it compiles first).
//
// With --probes it also makes reports/ldp-document-probes.{html,md} from a real run: it starts
// `ingest-scale serve --protocol ldp --containment document` on a free port, runs
// `run --backend ldp --layout flat --probe all` against it into a temporary results database, renders
// the run's HTML and Markdown reports, and stops the server by its PID. A real run is not
// reproducible, so --check leaves these two files alone; `--objects N` and `--batch-size N` size
// the run (default 8,000 objects in batches of 400, as in docs/probes.md).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const check = process.argv.includes('--check');
const fixture = new URL('dist/test/unit/report-fixture.js', root);
if (!existsSync(fileURLToPath(fixture))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(2);
}
const { EXAMPLE_REPORTS } = await import(new URL('dist/test/unit/example-reports.js', root).href);
let stale = 0;
for (const r of EXAMPLE_REPORTS) {
  const file = new URL(`reports/${r.file}`, root);
  const text = r.render();
  const old = existsSync(fileURLToPath(file)) ? readFileSync(file, 'utf8') : null;
  if (old === text) {
    console.log(`up to date  reports/${r.file}`);
    continue;
  }
  stale++;
  if (!check) writeFileSync(file, text);
  console.log(`${check ? 'STALE     ' : 'written   '}  reports/${r.file}`);
}
if (!check && process.argv.includes('--probes')) await probeExample();
if (check && stale > 0) {
  console.error(`${stale} example report(s) are stale: run npm run reports:examples`);
  process.exit(1);
}

function flagValue(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

/** Starts `serve` and resolves with its URL and PID (from the JSON line it prints), failing after 30 s. */
function serve(bin, args) {
  const child = spawn(process.execPath, [bin, 'serve', '--json', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('serve printed no URL within 30 s'));
    }, 30_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve({ ...JSON.parse(line), exited: new Promise((r) => child.once('exit', r)) });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before printing its URL`));
    });
  });
}

async function probeExample() {
  const bin = fileURLToPath(new URL('bin/ingest-scale.js', root));
  const tmp = mkdtempSync(join(tmpdir(), 'ingest-scale-probes-example-'));
  const db = join(tmp, 'results.db');
  const cli = (args) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const server = await serve(bin, ['--protocol', 'ldp', '--containment', 'document', '--data', join(tmp, 'ldp')]);
  try {
    const objects = flagValue('--objects', '8000');
    const batchSize = flagValue('--batch-size', '400');
    const started = Date.now();
    const run = cli([
      'run',
      '--backend',
      'ldp',
      '--flavor',
      'fedora6',
      '--url',
      server.url,
      '-n',
      objects,
      '--batch-size',
      batchSize,
      '--datastream',
      'OBJ:512',
      '--layout',
      'flat',
      '--probe',
      'all',
      '--probe-sample',
      '3',
      '--label',
      'ldp-document-probes',
      '--db',
      db,
      '--json',
    ]);
    if (!run.stdout) throw new Error(`run failed (exit ${run.status}): ${run.stderr}`);
    const { runId } = JSON.parse(run.stdout);
    console.log(
      `ran         ${runId}: ${objects} objects in batches of ${batchSize} against serve --protocol ldp --containment document, exit ${run.status}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    for (const [format, file] of [
      ['html', 'ldp-document-probes.html'],
      ['markdown', 'ldp-document-probes.md'],
    ]) {
      const r = cli([
        'report',
        runId,
        '--db',
        db,
        '--format',
        format,
        '--gate-probes',
        '-o',
        fileURLToPath(new URL(`reports/${file}`, root)),
      ]);
      if (r.status !== 0) throw new Error(`report --format ${format} exited ${r.status}: ${r.stderr}`);
      console.log(`written     reports/${file}`);
    }
    const gated = cli(['check', runId, '--db', db, '--gate-probes']);
    console.log(`check --gate-probes exits ${gated.status}:\n${gated.stdout}`);
  } finally {
    process.kill(server.pid, 'SIGTERM');
    await server.exited;
    rmSync(tmp, { recursive: true, force: true });
  }
}
