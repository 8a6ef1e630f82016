#!/usr/bin/env node
// The test suite in two phases: every fast file at concurrency 2, then the integration tests one
// file at a time, so that a growth verdict measured against a real server is not disturbed by
// another test's load on the same two cores. Prints the runner's output and one closing line:
// "N passed, N failed, N skipped". Exits non-zero when any phase fails.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function find(dir, keep) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...find(p, keep));
    else if (name.endsWith('.test.js') && keep(p)) out.push(p);
  }
  return out.sort();
}

const integration = (p) => p.split(/[\\/]/).includes('integration');
const phases = [
  { name: 'unit, cli, contract, servers, browser', concurrency: 2, files: find('dist/test', (p) => !integration(p)) },
  { name: 'integration (one file at a time)', concurrency: 1, files: find('dist/test', integration) },
];

const totals = { pass: 0, fail: 0, skipped: 0, cancelled: 0, todo: 0 };
let failed = false;
for (const phase of phases) {
  if (phase.files.length === 0) continue;
  process.stdout.write(`\n# phase: ${phase.name} (${phase.files.length} files)\n`);
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', `--test-concurrency=${phase.concurrency}`, ...phase.files], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let tail = '';
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      tail = (tail + d.toString()).slice(-4000);
    });
    child.on('close', (c) => {
      for (const key of Object.keys(totals)) {
        const m = new RegExp(`^# ${key} (\\d+)$`, 'm').exec(tail);
        if (m) totals[key] += Number(m[1]);
      }
      resolve(c);
    });
  });
  if (code !== 0) failed = true;
}
process.stdout.write(`\n${totals.pass} passed, ${totals.fail + totals.cancelled} failed, ${totals.skipped} skipped\n`);
process.exit(failed ? 1 : 0);
