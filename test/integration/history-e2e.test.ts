/**
 * `history` end to end against the ground-truth store (`serve --protocol http-put --cost …`, its own
 * process per run, stopped by PID): runs tagged version=1.0.0 … 1.4.0, two repeats each, 30 batches
 * of 32 objects (1 KiB, 16 in flight) at a base cost of 50 ms. Versions 1.0.0–1.2.0 are a constant
 * store, recorded once in one database; 1.3.0 and 1.4.0 are recorded three ways, each in its own
 * database read together with the first:
 *   - a store whose cost grows with the fill (linear:3): history exits 1 and names 1.3.0 for growth;
 *   - a constant store at four times the cost (a busy host's own overhead per batch dilutes a smaller
 *     step): under --max-level-change 0.2 it exits 1 naming 1.3.0 for level;
 *   - the same constant store: it exits 0 and names no change.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, tempDir } from '../helpers/cli.js';
import { groundTruthRunArgs, serveGroundTruth } from '../helpers/ground-truth-run.js';

const BATCH = 32;
const BATCHES = 30;
const OBJECTS = BATCH * BATCHES;

let tmp: ReturnType<typeof tempDir>;
before(async () => {
  tmp = tempDir();
  for (const v of ['1.0.0', '1.1.0', '1.2.0']) await fill(join(tmp.dir, 'base.db'), v, 'constant', '50ms');
});
after(() => tmp.cleanup());

async function fill(db: string, version: string, cost: string, baseCost: string): Promise<void> {
  for (let repeat = 1; repeat <= 2; repeat++) {
    const server = await serveGroundTruth(cost, baseCost, OBJECTS);
    try {
      const args = groundTruthRunArgs({
        url: server.url,
        objects: OBJECTS,
        batchSize: BATCH,
        db,
        label: `${version}-${repeat}`,
        extra: ['--no-stop-early', '--tag', `version=${version}`, '--tag', `repeat=${repeat}`],
      });
      const r = await runCli(args);
      // each run's own verdict is the host's (3: other work rose during it); history pools the batches
      assert.ok([0, 1, 3].includes(r.code ?? -1), `run ${version}: exit ${r.code}: ${r.stderr}`);
    } finally {
      await server.stop();
    }
  }
}

interface HistoryJson {
  verdict: string;
  groups: { value: string; runs: number; growth: { estimate: number; ci: number[] }; level: { estimate: number } }[];
  changes: { at: string; metric: string; ratio: number; ci: number[]; p: number }[];
}

async function history(
  newer: string,
  ...flags: string[]
): Promise<{ code: number | null; h: HistoryJson; text: string }> {
  const dbs = ['--db', join(tmp.dir, 'base.db'), '--db', newer];
  const json = await runCli(['history', ...dbs, '--json', ...flags]);
  const text = await runCli(['history', ...dbs, ...flags]);
  assert.equal(json.code, text.code, text.stdout);
  return { code: json.code, h: JSON.parse(json.stdout) as HistoryJson, text: text.stdout };
}

test('a store that grows from 1.3.0: exit 1, growth changed at 1.3.0', async (t) => {
  const db = join(tmp.dir, 'growth.db');
  for (const v of ['1.3.0', '1.4.0']) await fill(db, v, 'linear:3', '50ms');
  const { code, h, text } = await history(db);
  t.diagnostic(text);
  assert.deepEqual(
    h.groups.map((g) => [g.value, g.runs]),
    [
      ['1.0.0', 2],
      ['1.1.0', 2],
      ['1.2.0', 2],
      ['1.3.0', 2],
      ['1.4.0', 2],
    ],
  );
  assert.equal(code, 1, text);
  assert.equal(h.verdict, 'FAIL');
  const growth = h.changes.filter((c) => c.metric === 'growth');
  assert.deepEqual(
    growth.map((c) => c.at),
    ['1.3.0'],
    text,
  );
  assert.ok((growth[0]?.ratio ?? 0) > 1.5, text);
});

test('a higher constant cost from 1.3.0: under --max-level-change 0.2, exit 1, level changed at 1.3.0', async (t) => {
  const db = join(tmp.dir, 'level.db');
  for (const v of ['1.3.0', '1.4.0']) await fill(db, v, 'constant', '200ms');
  const { code, h, text } = await history(db, '--max-level-change', '0.2');
  t.diagnostic(text);
  assert.equal(code, 1, text);
  const level = h.changes.filter((c) => c.metric === 'level');
  assert.deepEqual(
    level.map((c) => c.at),
    ['1.3.0'],
    text,
  );
  assert.ok(!h.changes.some((c) => c.metric === 'growth'), text);
});

test('the store unchanged throughout: exit 0, no change', async (t) => {
  const db = join(tmp.dir, 'same.db');
  for (const v of ['1.3.0', '1.4.0']) await fill(db, v, 'constant', '50ms');
  const { code, h, text } = await history(db, '--max-level-change', '0.2');
  t.diagnostic(text);
  assert.equal(code, 0, text);
  assert.equal(h.verdict, 'PASS');
  assert.deepEqual(h.changes, [], text);
});
