/**
 * One duration syntax on every flag that takes a time (src/duration.ts): through the real binary, a
 * bare number is refused before anything starts (exit 2, no stack trace), naming the flag and giving
 * the value with a unit as the fix, for the flags of run, compare and serve and the durations inside
 * --latency, --cost and --faults values and a compare targets file.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';

const tmp = tempDir();
const db = join(tmp.dir, 'durations.db');
after(() => tmp.cleanup());

async function refused(args: string[], message: RegExp, fix: string): Promise<void> {
  const r = await runCli(args);
  assert.equal(r.code, 2, `${args.join(' ')}: exit ${r.code}\n${r.stderr}`);
  assert.match(r.stderr, message, args.join(' '));
  assert.ok(r.stderr.includes(`hint: give the unit: ${fix} `), `${args.join(' ')} names the fix ${fix}:\n${r.stderr}`);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  assert.equal(r.stdout, '');
}

test('serve --protocol http-put --base-cost 2 is refused with --base-cost 2ms as the fix', async () => {
  await refused(
    ['serve', '--protocol', 'http-put', '--base-cost', '2'],
    /--base-cost "2" has no unit/,
    '--base-cost 2ms',
  );
  await refused(
    ['serve', '--protocol', 'http-put', '--cost', 'stalls:1000:200'],
    /--cost "200" has no unit/,
    '--cost stalls:1000:200ms',
  );
  await refused(
    ['serve', '--protocol', 'http-put', '--faults', '503:5%,slow:20:10%'],
    /--faults slow "20" has no unit/,
    '--faults slow:20ms:10%',
  );
});

test('run: --latency (and inside its distributions), the timeouts, --stop-grace and --probe-stop-above', async () => {
  const run = (...flags: string[]): string[] => [
    'run',
    '--backend',
    'memory',
    ...flags,
    '-n',
    '20',
    '--batch-size',
    '2',
    '--db',
    db,
  ];
  await refused(run('--latency', '2'), /--latency "2" has no unit/, '--latency 2ms');
  await refused(run('--latency', 'uniform:1-3ms'), /--latency "1" has no unit/, '--latency uniform:1ms-3ms');
  await refused(run('--latency', 'lognormal:2:0.5'), /--latency "2" has no unit/, '--latency lognormal:2ms:0.5');
  await refused(run('--request-timeout', '60'), /--request-timeout "60" has no unit/, '--request-timeout 60ms');
  await refused(run('--connect-timeout', '10'), /--connect-timeout "10" has no unit/, '--connect-timeout 10ms');
  await refused(run('--stop-grace', '10'), /--stop-grace "10" has no unit/, '--stop-grace 10ms');
  await refused(
    run('--probe', 'get', '--probe-stop-above', '5'),
    /--probe-stop-above "5" has no unit/,
    '--probe-stop-above 5ms',
  );
});

test('compare: its timeouts and --stop-grace, and a memory target’s latency in the targets file', async () => {
  const targets = (latency: string): string => {
    const file = join(tmp.dir, `targets-${latency}.json`);
    writeFileSync(file, JSON.stringify({ targets: { a: { backend: 'memory', latency }, b: { backend: 'memory' } } }));
    return file;
  };
  const compare = (...flags: string[]): string[] => ['compare', '--targets', targets('1ms'), ...flags, '--db', db];
  await refused(compare('--request-timeout', '60'), /--request-timeout "60" has no unit/, '--request-timeout 60ms');
  await refused(compare('--connect-timeout', '3'), /--connect-timeout "3" has no unit/, '--connect-timeout 3ms');
  await refused(compare('--stop-grace', '1.5'), /--stop-grace "1\.5" has no unit/, '--stop-grace 1.5ms');
  await refused(['compare', '--targets', targets('2'), '--db', db], /--latency "2" has no unit/, '--latency 2ms');
});

test('the units us, ms and s are read where a bare number is refused', async () => {
  const r = await runCli([
    'run',
    '--backend',
    'memory',
    '--latency',
    '250us',
    '--request-timeout',
    '1.5s',
    '--stop-grace',
    '500ms',
    '-n',
    '20',
    '--batch-size',
    '10',
    '--db',
    db,
    '--json',
  ]);
  assert.ok([0, 3].includes(r.code ?? -1), r.stderr);
  const out = JSON.parse(r.stdout) as { timeouts: { requestMs: number }; batches: number };
  assert.equal(out.timeouts.requestMs, 1500);
  assert.equal(out.batches, 2);
});
