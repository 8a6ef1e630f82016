/**
 * compare's progress line: on a real pseudo-terminal (util-linux `script`) one redraw per target
 * batch, naming batch k of N, the target, elapsed and ETA, ending "ETA done"; none with --no-progress;
 * and with stdout and stderr piped, no progress at all: stdout is the answer alone and neither stream
 * holds a carriage return or an escape sequence.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => (tmp = tempDir()));
after(() => tmp.cleanup());

/** Two embedded stores, each in its own data directory under the run's id. */
function twoStores(): string {
  const file = join(tmp.dir, 'targets.json');
  writeFileSync(file, JSON.stringify({ targets: { first: { backend: 'leveldb' }, second: { backend: 'leveldb' } } }));
  return file;
}

const WORKLOAD = ['-n', '240', '--batch-size', '20', '--datastream', 'OBJ:1KiB'];
const hasScript = existsSync('/usr/bin/script');
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

function inTerminal(args: string[]): string {
  const cmd = [process.execPath, BIN, ...args].map(quote).join(' ');
  // a pseudo-terminal's width is whatever the host gives it; 160 columns hold the whole line
  const r = spawnSync('script', ['-qec', `stty cols 160 2>/dev/null; ${cmd}`, '/dev/null'], {
    encoding: 'utf8',
    env: { ...process.env, TERM: 'xterm', COLUMNS: '160', NO_COLOR: '1' },
    timeout: 240_000,
  });
  return r.stdout;
}

test(
  'on a terminal, compare redraws one line per target batch: batch k of N, the target, elapsed, ETA',
  { skip: hasScript ? false : 'util-linux script is missing', timeout: 300_000 },
  () => {
    const out = inTerminal(['compare', '--targets', twoStores(), ...WORKLOAD, '--db', join(tmp.dir, 'tty.db')]);
    const frames = out.split('\r').filter((f) => / batch \d+\/12 /.test(f));
    assert.equal(frames.length, 24, `one redraw per batch of each target:\n${out}`);
    for (const f of frames)
      assert.match(
        f,
        /\] batch \d+\/12 (first|second) \(\d+\/24\) {2}elapsed [\d.]+ (ms|s) {2}ETA ([\d.]+ (ms|s)|done)/,
      );
    assert.match(frames[frames.length - 1] ?? '', /\[#{16}\] batch 12\/12 (first|second) \(24\/24\) .*ETA done/);
    assert.ok(new Set(frames.map((f) => /(first|second)/.exec(f)?.[1])).size === 2, 'both targets named');

    const quiet = inTerminal([
      'compare',
      '--targets',
      twoStores(),
      ...WORKLOAD,
      '--no-progress',
      '--db',
      join(tmp.dir, 'quiet.db'),
    ]);
    assert.doesNotMatch(quiet, / batch \d+\/12 /, '--no-progress draws nothing');
    assert.match(quiet, /scaling/, 'the answer is still printed');
  },
);

test('piped: no progress on either stream; stdout is the answer alone', { timeout: 300_000 }, async () => {
  const r = await runCli(['compare', '--targets', twoStores(), ...WORKLOAD, '--db', join(tmp.dir, 'piped.db')]);
  assert.ok([0, 1, 3].includes(r.code ?? -1), r.stderr);
  for (const [name, text] of [
    ['stdout', r.stdout],
    ['stderr', r.stderr],
  ] as const) {
    assert.doesNotMatch(text, /[\r\x1b]/, `${name} holds no carriage return or escape`);
    assert.doesNotMatch(text, / batch \d+\/12 /, `${name} holds no progress line`);
  }
  assert.match(r.stdout, /scaling/);
  const j = await runCli([
    'compare',
    '--targets',
    twoStores(),
    ...WORKLOAD,
    '--db',
    join(tmp.dir, 'json.db'),
    '--json',
  ]);
  assert.equal(typeof JSON.parse(j.stdout).verdict, 'string', 'stdout with --json parses as one JSON object');
});
