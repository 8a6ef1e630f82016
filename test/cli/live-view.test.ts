/**
 * The live view on a real pseudo-terminal (util-linux `script`, sized with stty): `run` redraws the
 * view in place (log-update moves the cursor up over the lines it drew) and ends with exactly the
 * normal final output, recomputed here from the run's database as `run` renders it. Piped, and on a
 * terminal with CI=true, there is no multi-line redraw. The view's own cost is kept with the run's
 * settings and shown by `check --json`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { renderRunSummary } from '../../src/cli/run-output.js';
import { ResultsStore } from '../../src/store/results-store.js';
import { errorBudget } from '../../src/verdict/error-budget.js';
import { evaluateRun } from '../../src/verdict/evaluate-run.js';
import { BIN, fixture, runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

const skip = existsSync('/usr/bin/script') ? false : 'util-linux script is missing';
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
const CURSOR_UP = /\x1b\[\d+A/;
const ERASE_LINE = '\x1b[2K';

/** Runs the CLI on a pseudo-terminal of 100 columns and 40 rows; what the terminal received. */
export function inSizedTerminal(args: string[], env: Record<string, string | undefined> = {}): string {
  const cmd = `stty rows 40 cols 100; ${[process.execPath, BIN, ...args].map(quote).join(' ')}`;
  const base: Record<string, string | undefined> = { ...process.env, TERM: 'xterm' };
  delete base.CI;
  delete base.NO_COLOR;
  const r = spawnSync('script', ['-qec', cmd, '/dev/null'], {
    encoding: 'utf8',
    env: { ...base, ...env },
    timeout: 120_000,
  });
  return r.stdout;
}

const runArgs = (db: string): string[] => [
  'run',
  '--workload',
  fixture('workloads/quick.json'),
  '--db',
  db,
  '--data',
  join(tmp.dir, 'data'),
  // a busy host can make this tiny run's trend stop it early; the tests here are about drawing, not the verdict
  '--no-stop-early',
];

test(
  'on a terminal, run redraws the live view in place and ends with exactly the normal final output',
  { skip, timeout: 120_000 },
  async () => {
    const db = join(tmp.dir, 'live.db');
    // the memory backend with 20 ms per operation: a run of seconds, long enough for several frames at 4 a second
    const out = inSizedTerminal([
      'run',
      '--backend',
      'memory',
      '--latency',
      '20ms',
      '--workload',
      fixture('workloads/quick.json'),
      '--db',
      db,
    ]);
    assert.match(out, CURSOR_UP, 'the view was redrawn in place');
    assert.ok(out.includes(ERASE_LINE), 'lines were erased for redraws');
    assert.match(out, /batch \d+ of 20/);
    assert.match(out, /growth so far: /);
    // log-update rewrites only the lines that changed; the header's batch number changes with every batch drawn
    const frames = new Set([...out.matchAll(/batch (\d+) of 20/g)].map((m) => m[1])).size;
    assert.ok(frames >= 3, `${frames} batches drawn`);

    // the final output, as run renders it from its evaluation, follows the last erase
    const store = await ResultsStore.open(db, 'read');
    try {
      const run = await store.resolveRun('last');
      const evaluation = await evaluateRun(store, run, 1.1);
      const candidate = { evaluation, errors: [] };
      const summary = renderRunSummary(
        { candidate, gates: { maxGrowth: 1.1, maxErrorRate: 0.01 }, errorBudget: errorBudget(candidate, 0.01) },
        { json: false, chart: true, color: true, width: 100 },
      );
      const text = out.replace(/\r\n/g, '\n');
      assert.ok(
        text.endsWith(`${summary}\n`),
        `the output ends with the final summary:\n${JSON.stringify(text.slice(-400))}`,
      );
      const tail = text.slice(text.lastIndexOf(ERASE_LINE));
      assert.ok(!tail.includes('growth so far'), 'no view is left below the final output');
      assert.ok(run.settings?.liveView && run.settings.liveView.frames >= frames, 'the view cost is kept');
      const check = await runCli(['check', run.id, '--db', db, '--json']);
      const json = JSON.parse(check.stdout) as { liveView: { frames: number; cpuMs: number } | null };
      assert.ok(json.liveView !== null && json.liveView.cpuMs >= 0 && json.liveView.frames >= 1, check.stdout);
    } finally {
      await store.close();
    }
  },
);

test(
  'piped, and on a terminal with CI=true or --no-live, there is no multi-line redraw',
  { skip, timeout: 120_000 },
  async () => {
    const piped = await runCli(runArgs(join(tmp.dir, 'piped.db')));
    // its verdict is the host's to decide (a busy host may FAIL a tiny run): only a run that went through matters here
    assert.ok([0, 1, 3].includes(piped.code ?? -1), piped.stderr);
    assert.doesNotMatch(piped.stdout + piped.stderr, CURSOR_UP);
    assert.doesNotMatch(piped.stdout, /growth so far/);
    for (const [name, args, env] of [
      ['CI=true', runArgs(join(tmp.dir, 'ci.db')), { CI: 'true' }],
      ['--no-live', [...runArgs(join(tmp.dir, 'nolive.db')), '--no-live'], {}],
    ] as const) {
      const out = inSizedTerminal([...args], env);
      assert.doesNotMatch(out, CURSOR_UP, name);
      assert.doesNotMatch(out, /growth so far/, name);
      assert.match(out, /run \w+ completed/, name);
    }
  },
);
