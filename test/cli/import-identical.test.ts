/**
 * What an import stores, pinned: the batches and operations of a k6 file (reads kept as probes), a
 * JMeter CSV with lines out of completion order (a few far out, and failed samples with quoted
 * fields) and a warp file, dumped with SQLite's quote() (type and exact value of every cell, in row
 * order) and hashed. The hashes were taken from the importer before its write path was made faster;
 * any change to what is stored, however small, changes them.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { mulberry32 } from '../../src/generate/mulberry32.js';
import { SqliteDb } from '../../src/store/sqlite.js';
import { BATCH_COLUMNS, OP_COLUMNS } from '../../src/store/rows.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { jmeterCsvLines, k6Lines, simulate, warpLines, type ImportedLog } from '../helpers/request-logs.js';

let tmp: ReturnType<typeof tempDir>;
before(() => {
  tmp = tempDir();
});
after(() => tmp.cleanup());

/** Lines moved out of order: neighbours swapped within 60 lines, and every 1,999th line 12,000 lines later (beyond the window). */
function disorder(lines: string[], seed: number): string[] {
  const rand = mulberry32(seed);
  const out = [...lines];
  for (let i = 1; i + 60 < out.length; i += 3) {
    const j = i + 1 + Math.floor(rand() * 60);
    [out[i], out[j]] = [out[j] as string, out[i] as string];
  }
  for (let i = 1_999; i + 12_000 < out.length; i += 1_999) {
    const [moved] = out.splice(i, 1);
    out.splice(i + 12_000, 0, moved as string);
  }
  return out;
}

/** The sha256 of the run's batches and operations, every cell as quote() gives it, run id left out. */
async function dumpHash(db: string, runId: string): Promise<{ hash: string; batches: number; ops: number }> {
  const sqlite = await SqliteDb.open(db, 'readonly');
  try {
    const hash = createHash('sha256');
    const cells = (cols: readonly string[]): string =>
      cols
        .filter((c) => c !== 'run_id')
        .map((c) => `quote(${c})`)
        .join(` || ',' || `);
    let batches = 0;
    let ops = 0;
    await sqlite.each<{ r: string }>(
      `SELECT ${cells(BATCH_COLUMNS)} AS r FROM batches WHERE run_id = ? ORDER BY idx`,
      [runId],
      (row) => {
        batches++;
        hash.update(`${row.r}\n`);
      },
    );
    await sqlite.each<{ r: string }>(
      `SELECT ${cells(OP_COLUMNS)} AS r FROM ops WHERE run_id = ? ORDER BY rowid`,
      [runId],
      (row) => {
        ops++;
        hash.update(`${row.r}\n`);
      },
    );
    return { hash: hash.digest('hex'), batches, ops };
  } finally {
    await sqlite.close();
  }
}

async function imported(name: string, lines: string[], flags: string[]): Promise<ImportedLog & { dump: string }> {
  const file = join(tmp.dir, name);
  const db = join(tmp.dir, `${name}.db`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const r = await runCli(['import', file, ...flags, '--batch-size', '100', '--db', db, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const got = JSON.parse(r.stdout) as ImportedLog;
  const d = await dumpHash(db, got.runId);
  assert.equal(d.batches, got.batches);
  return { ...got, dump: `${d.batches} batches, ${d.ops} ops, sha256 ${d.hash}` };
}

const reqs = simulate({ ingests: 6_000, growth: 1.5, readEvery: 7, failEvery: 97, seed: 3 });

test('JMeter CSV out of order: batches and operations exactly as before', async () => {
  const many = simulate({ ingests: 20_000, growth: 1.5, readEvery: 7, failEvery: 97, seed: 4 });
  const [header, ...rest] = [...jmeterCsvLines(many)];
  const got = await imported('jm.csv', [header as string, ...disorder(rest, 9)], ['--match', '^PUT object$']);
  assert.ok(got.counts.outOfOrder > 0, 'some lines came later than the window');
  assert.equal(
    got.dump,
    '200 batches, 20209 ops, sha256 3441b0693c7562214a80552ada9fa545f7fde8f97910ad1cdb5c728d35cbbf15',
  );
});

test('k6 with reads as probes: batches and operations exactly as before', async () => {
  const got = await imported('k6.json', [...k6Lines(reqs)], ['--method', 'PUT', '--reads-as-probes']);
  assert.equal(
    got.dump,
    '60 batches, 7072 ops, sha256 e67a2343ce0ee3ec76110ed51b41c6e26e7ba39d704af2f840040025b71a41f9',
  );
});

test('warp: batches and operations exactly as before', async () => {
  const got = await imported('warp.csv', [...warpLines(reqs)], []);
  assert.equal(
    got.dump,
    '60 batches, 6062 ops, sha256 bc8ab48672d2842f55f6a540d44de955ffced11a3e2820b78f819d9528bd7ccf',
  );
});
