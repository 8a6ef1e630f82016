/**
 * What a terminal user sees: the live progress line on a real pseudo-terminal (util-linux
 * `script`), nothing of it when stderr is not a terminal, colour only on a terminal and never with
 * NO_COLOR, and the chart's log scale.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, fixture, runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

const hasScript = existsSync('/usr/bin/script');
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

function inTerminal(args: string[], env: Record<string, string> = {}): string {
  const cmd = [process.execPath, BIN, ...args].map(quote).join(' ');
  const r = spawnSync('script', ['-qec', cmd, '/dev/null'], {
    encoding: 'utf8',
    env: { ...process.env, TERM: 'xterm', COLUMNS: '160', ...env },
    timeout: 120_000,
  });
  return r.stdout;
}

test(
  'on a terminal, run draws a progress bar with objects, MB/s, ETA and a sparkline, redrawn in place',
  { skip: hasScript ? false : 'util-linux script is missing' },
  () => {
    const out = inTerminal(
      [
        'run',
        '--workload',
        fixture('workloads/quick.json'),
        '--no-chart',
        '--no-stop-early',
        '--db',
        join(tmp.dir, 'tty.db'),
      ],
      { NO_COLOR: '1' },
    );
    const frames = out.split('\r').filter((f) => f.includes('batch '));
    assert.ok(frames.length >= 20, `one redraw per batch (saw ${frames.length})`);
    const last = frames.find((f) => f.includes('batch 20/20')) ?? '';
    assert.match(
      last,
      /\[#{16}\] batch 20\/20 {2}400\/400 objects {2}[\d.]+ MB\/s {2}ETA done {2}last [\d.]+ (ms|s) [▁▂▃▄▅▆▇█]{10,}/,
    );
    assert.doesNotMatch(out, /\x1b\[3\dm/, 'NO_COLOR: no colour escapes');
  },
);

test(
  'on a terminal without NO_COLOR the chart is coloured; piped output never is',
  { skip: hasScript ? false : 'util-linux script is missing' },
  async () => {
    const db = join(tmp.dir, 'color.db');
    const imp = await runCli([
      'import',
      fixture('series/fedora3-vs-fedora4.csv'),
      '--column',
      'fedora4_minimal_ms',
      '--batch-size',
      '1000',
      '--db',
      db,
    ]);
    assert.equal(imp.code, 0, imp.stderr);
    const tty = inTerminal(['chart', 'last', '--db', db], { NO_COLOR: '' });
    const env = { ...process.env };
    delete env.NO_COLOR;
    const colored = spawnSync(
      'script',
      ['-qec', [process.execPath, BIN, 'chart', 'last', '--db', db].map(quote).join(' '), '/dev/null'],
      { encoding: 'utf8', env: { ...env, TERM: 'xterm' } },
    ).stdout;
    assert.match(colored, /\x1b\[3\dm/, 'colour escapes on a terminal');
    assert.ok(tty.length > 0);
    const piped = await runCli(['chart', 'last', '--db', db], { env: { NO_COLOR: '' } });
    assert.doesNotMatch(piped.stdout, /\x1b\[/, 'no escapes when stdout is a pipe');
  },
);

test('without a terminal there is no progress line, and chart --log labels a logarithmic axis', async () => {
  const db = join(tmp.dir, 'log.db');
  const r = await runCli(['run', '--workload', fixture('workloads/quick.json'), '--no-chart', '--db', db]);
  assert.doesNotMatch(r.stderr, /\r|ETA/);
  const lin = await runCli(['chart', 'last', '--db', db, '--width', '80']);
  const log = await runCli(['chart', 'last', '--db', db, '--width', '80', '--log']);
  assert.equal(log.code, 0, log.stderr);
  assert.match(log.stdout, /\(logarithmic time axis\)/);
  assert.doesNotMatch(lin.stdout, /logarithmic/);
  assert.notEqual(lin.stdout, log.stdout);
});
