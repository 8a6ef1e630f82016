/**
 * `chart RUN RUN` of two real runs with different batch sizes (docs/commands/chart.md), through the real
 * binary with its output piped (no colour): one objects-stored axis for both, so the run that
 * stored half as much ends half-way across; each run's line carries its own letter, named in the legend.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

async function recorded(db: string, objects: number, batchSize: number, label: string): Promise<string> {
  const r = await runCli([
    'run',
    '-n',
    String(objects),
    '--batch-size',
    String(batchSize),
    '--label',
    label,
    '--db',
    db,
    '--no-stop-early',
    '--json',
  ]);
  assert.ok(r.stdout, r.stderr);
  return (JSON.parse(r.stdout) as { runId: string }).runId;
}

test(
  'two runs of different batch sizes line up by objects stored, each with its marker letter',
  { timeout: 180_000 },
  async () => {
    const db = join(tmp.dir, 'chart.db');
    const half = await recorded(db, 400, 20, 'twenties');
    const full = await recorded(db, 800, 100, 'hundreds');
    const r = await runCli(['chart', half, full, '--db', db, '--width', '92', '--no-trend']);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, /\x1b\[/, 'piped output has no colour');
    const lines = r.stdout.trimEnd().split('\n');
    const axis = lines.findIndex((l) => l.includes('objects stored'));
    assert.match(lines[axis] ?? '', /^ +0 +800 objects stored$/, 'the axis spans the fuller run');
    assert.match(r.stdout, new RegExp(`─A─ twenties \\(${half}\\): per-batch time, 20 batches of 20`));
    assert.match(r.stdout, new RegExp(`─B─ hundreds \\(${full}\\): per-batch time, 8 batches of 100`));
    // plot columns start after the 10-character label, a space and the axis; there are 92 - 12 = 80
    const columnsOf = (letter: string): number[] =>
      lines.slice(0, axis).flatMap((l) => [...l.slice(12)].flatMap((ch, i) => (ch === letter ? [i] : [])));
    const a = columnsOf('A');
    const b = columnsOf('B');
    assert.ok(a.length >= 2 && b.length >= 2, r.stdout);
    assert.ok(Math.max(...a) < 40, `the 400-object run's letters stay in the first half: ${a.join(',')}`);
    assert.ok(Math.max(...b) >= 60, `the 800-object run's letters reach the second half: ${b.join(',')}`);
  },
);
